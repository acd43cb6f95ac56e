import FileSafety

/// What went wrong while reading, processing or writing an image.
///
/// Errors that come from libvips carry its own message, so that a user sees the real cause
/// (for example `VipsJpeg: Premature end of JPEG file`).
public enum ImagingError: Error, Sendable, Hashable {
    /// No file exists at the path.
    case fileNotFound(path: String)
    /// The file or bytes are not in any image format libvips can read.
    case notAnImage(source: String)
    /// The header declares more pixels than the limit allows; nothing was decoded.
    case tooLarge(width: Int, height: Int, limit: Int)
    /// The header declares more pixels than a file of `byteCount` bytes may under the work bound
    /// of `limit` pixels per byte (``Image/LoadOptions/pixelsPerByteLimit``); nothing was decoded.
    case overWorkLimit(width: Int, height: Int, byteCount: Int, limit: Int)
    /// The image's data is corrupt or truncated (under ``Image/DecodingPolicy/strict``, any damage
    /// the decoder notices); found while reading the header or decoding pixels.
    case decodeFailed(message: String)
    /// Encoding to the requested format failed.
    case encodeFailed(format: String, message: String)
    /// Writing the encoded image failed (for example a full disk or a missing folder).
    case writeFailed(path: String, message: String)
    /// An operation was given arguments it cannot use.
    case invalidArgument(String)
    /// A libvips operation failed.
    case operationFailed(operation: String, message: String)
    /// The image declares a colour encoding the SDK does not convert, named in the message: an
    /// HDR transfer (PQ or HLG, in a PNG's `cICP` or a HEIF's `nclx`) with primaries other than
    /// BT.2020, Display P3 or BT.709, or not as RGB at full range, whose samples shown as sRGB
    /// would be wrong (other HDR stills are tone-mapped to SDR). Nothing is decoded; tone-map the
    /// file to SDR first.
    case unsupportedColorEncoding(String)
}

extension ImagingError: CustomStringConvertible {
    /// A one-line message for people.
    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "no such file: \(FileSystemPath.displayed(path))"
        case .notAnImage(let source):
            return "not a supported image: \(FileSystemPath.displayed(source))"
        case .tooLarge(let width, let height, let limit):
            let pixels = width.multipliedReportingOverflow(by: height)
            let count = pixels.overflow ? "more than \(Int.max)" : "\(pixels.partialValue)"
            return "image is \(width)×\(height) (\(count) pixels), over the limit of \(limit) pixels"
        case .overWorkLimit(let width, let height, let byteCount, let limit):
            return
                "image declares \(width)×\(height) pixels in only \(byteCount) bytes, over the work limit of \(limit) pixels per byte"
        case .decodeFailed(let message):
            return "cannot decode image: \(message)"
        case .encodeFailed(let format, let message):
            return "cannot encode \(format): \(message)"
        case .writeFailed(let path, let message):
            return "cannot write \(FileSystemPath.displayed(path)): \(message)"
        case .invalidArgument(let message):
            return "invalid argument: \(message)"
        case .operationFailed(let operation, let message):
            return "\(operation) failed: \(message)"
        case .unsupportedColorEncoding(let encoding):
            return "unsupported colour encoding: \(encoding); tone-map it to SDR first"
        }
    }
}
