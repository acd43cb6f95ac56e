import CExifShim
import Foundation

/// Puts an EXIF block into JPEG bytes through libjpeg's lossless transcoding: the compressed
/// image data is carried over coefficient for coefficient, so the pixels are exactly those of the
/// input. Corrupt or truncated input is refused.
package enum JPEGMetadata {
    /// Whether the bytes start like a JPEG file.
    package static func isJPEG(_ data: Data) -> Bool {
        data.count > 3 && data[data.startIndex] == 0xFF && data[data.startIndex + 1] == 0xD8
    }

    /// `jpeg` with its EXIF replaced by `exif`; every other marker (ICC profile, XMP) is kept.
    package static func replacingExif(in jpeg: Data, with exif: [UInt8]) throws(MetadataError) -> Data {
        var output: UnsafeMutablePointer<UInt8>?
        var length: UInt = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = jpeg.withUnsafeBytes { input in
            exif.withUnsafeBufferPointer { block in
                ake_jpeg_replace_exif(
                    input.bindMemory(to: UInt8.self).baseAddress, input.count, block.baseAddress, UInt32(block.count),
                    &output, &length, &message, message.count)
            }
        }
        guard status == 0, let output else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .unreadableJPEG(reason: reason.isEmpty ? "corrupt JPEG data" : reason)
        }
        defer { free(output) }
        return Data(bytes: output, count: Int(length))
    }
}
