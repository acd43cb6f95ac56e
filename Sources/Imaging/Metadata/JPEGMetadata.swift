import CExifShim
import Foundation

/// Puts an EXIF block into JPEG bytes without re-encoding the pixels, in one of two ways:
/// ``replacingExif(in:with:)`` for JPEGs from anywhere, through libjpeg's lossless transcoding
/// (the compressed data is carried over coefficient for coefficient, and corrupt or truncated
/// input is refused), and ``insertingExif(into:with:)`` for JPEGs fresh from an encoder, which
/// splices the segment into the header and copies the rest (no decoding, no coefficient buffers).
package enum JPEGMetadata {
    /// Whether the bytes start like a JPEG file.
    package static func isJPEG(_ data: Data) -> Bool {
        data.count > 3 && data[data.startIndex] == 0xFF && data[data.startIndex + 1] == 0xD8
    }

    /// `jpeg` with its EXIF replaced by `exif`; every other marker (ICC profile, XMP) is kept.
    /// - Throws: ``MetadataError/unreadableJPEG(reason:)`` when libjpeg finds the data corrupt.
    package static func replacingExif(in jpeg: Data, with exif: [UInt8]) throws(MetadataError) -> Data {
        try run(ake_jpeg_replace_exif, jpeg, exif, fallback: "corrupt JPEG data")
    }

    /// `jpeg` with `exif` in its header (any EXIF it had is dropped); the compressed data is
    /// copied byte for byte. Only the header is checked, so use it on bytes an encoder just made.
    /// - Throws: ``MetadataError/unreadableJPEG(reason:)`` for a malformed header.
    package static func insertingExif(into jpeg: Data, with exif: [UInt8]) throws(MetadataError) -> Data {
        try run(ake_jpeg_insert_exif, jpeg, exif, fallback: "malformed JPEG header")
    }

    /// The shim's signature for both ways: JPEG in, EXIF in, allocated JPEG out, or a message.
    private typealias Operation = (
        UnsafePointer<UInt8>?, Int, UnsafePointer<UInt8>?, UInt32, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?,
        UnsafeMutablePointer<UInt>?, UnsafeMutablePointer<CChar>?, Int
    ) -> Int32

    private static func run(_ operation: Operation, _ jpeg: Data, _ exif: [UInt8], fallback: String)
        throws(MetadataError) -> Data
    {
        var output: UnsafeMutablePointer<UInt8>?
        var length: UInt = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = jpeg.withUnsafeBytes { input in
            exif.withUnsafeBufferPointer { block in
                operation(
                    input.bindMemory(to: UInt8.self).baseAddress, input.count, block.baseAddress, UInt32(block.count),
                    &output, &length, &message, message.count)
            }
        }
        guard status == 0, let output else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .unreadableJPEG(reason: reason.isEmpty ? fallback : reason)
        }
        defer { free(output) }
        return Data(bytes: output, count: Int(length))
    }
}
