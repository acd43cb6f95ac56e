import CExifShim
import Foundation

/// An EXIF block in libexif's hands: built field by field, or parsed for reading.
final class ExifBlock {
    private let handle: OpaquePointer

    /// An empty block.
    init() throws(MetadataError) {
        guard let made = ake_exif_new() else { throw .exifFailed("libexif could not allocate an EXIF block") }
        handle = made
    }

    /// Parses an EXIF block (an APP1 body starting `Exif\0\0`, or a whole JPEG); `nil` when
    /// the bytes hold none.
    init?(parsing bytes: [UInt8]) {
        guard let made = bytes.withUnsafeBufferPointer({ ake_exif_load($0.baseAddress, $0.count) }) else { return nil }
        handle = made
    }

    deinit {
        ake_exif_free(handle)
    }

    func set(_ ifd: ExifIfd, _ tag: ExifTag, ascii value: String) throws(MetadataError) {
        try check(ake_exif_set_ascii(handle, ifd, tag, value), tag)
    }

    func set(_ ifd: ExifIfd, _ tag: ExifTag, shorts values: [UInt16]) throws(MetadataError) {
        try setIntegers(ifd, tag, EXIF_FORMAT_SHORT, values.map(UInt32.init))
    }

    func set(_ ifd: ExifIfd, _ tag: ExifTag, longs values: [UInt32]) throws(MetadataError) {
        try setIntegers(ifd, tag, EXIF_FORMAT_LONG, values)
    }

    func set(_ ifd: ExifIfd, _ tag: ExifTag, bytes values: [UInt8]) throws(MetadataError) {
        try setIntegers(ifd, tag, EXIF_FORMAT_BYTE, values.map(UInt32.init))
    }

    private func setIntegers(_ ifd: ExifIfd, _ tag: ExifTag, _ format: ExifFormat, _ values: [UInt32])
        throws(MetadataError)
    {
        try check(ake_exif_set_integers(handle, ifd, tag, format, values, Int32(values.count)), tag)
    }

    func set(_ ifd: ExifIfd, _ tag: ExifTag, undefined values: [UInt8]) throws(MetadataError) {
        try check(ake_exif_set_undefined(handle, ifd, tag, values, Int32(values.count)), tag)
    }

    /// Unsigned rationals, each given as numerator and denominator.
    func set(_ ifd: ExifIfd, _ tag: ExifTag, rationals values: [(UInt32, UInt32)]) throws(MetadataError) {
        let numerators = values.map(\.0)
        let denominators = values.map(\.1)
        try check(ake_exif_set_rationals(handle, ifd, tag, numerators, denominators, Int32(values.count)), tag)
    }

    /// The block as the body of a JPEG APP1 segment.
    func serialized() throws(MetadataError) -> [UInt8] {
        var bytes: UnsafeMutablePointer<UInt8>?
        var length: UInt32 = 0
        guard ake_exif_save(handle, &bytes, &length) == 0, let bytes else {
            throw .exifFailed("libexif could not serialise the EXIF block")
        }
        defer { free(bytes) }
        // A JPEG segment holds at most 65 533 bytes of payload.
        guard length <= 65_533 else { throw .exifFailed("EXIF block of \(length) bytes is too large for JPEG") }
        return [UInt8](UnsafeBufferPointer(start: bytes, count: Int(length)))
    }

    func ascii(_ ifd: ExifIfd, _ tag: ExifTag) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard ake_exif_get_ascii(handle, ifd, tag, &buffer, buffer.count) > 0 else { return nil }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }

    func numbers(_ ifd: ExifIfd, _ tag: ExifTag) -> [Double] {
        var values = [Double](repeating: 0, count: 16)
        let count = ake_exif_get_numbers(handle, ifd, tag, &values, Int32(values.count))
        return Array(values.prefix(Int(count)))
    }

    private func check(_ status: Int32, _ tag: ExifTag) throws(MetadataError) {
        guard status == 0 else {
            throw .exifFailed("libexif could not set tag 0x\(String(tag.rawValue, radix: 16))")
        }
    }
}
