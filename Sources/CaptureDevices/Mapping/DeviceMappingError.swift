/// Why a device mapping file was refused. Each case names what to fix; nothing is half applied.
public enum DeviceMappingError: Error, Sendable, Hashable {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The file is larger than a mapping file can sensibly be.
    case tooLarge(bytes: Int, limit: Int)
    /// The bytes are not JSON (or not UTF-8).
    case malformed(reason: String)
    /// A field is missing, unknown, of the wrong type or out of range: `field` is its path, such
    /// as `devices[2].position`.
    case invalidField(field: String, reason: String)
}

extension DeviceMappingError: CustomStringConvertible {
    /// A one-line message for people.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read the device mapping \(path): \(reason)"
        case .tooLarge(let bytes, let limit): "the device mapping is \(bytes) bytes, over the limit of \(limit)"
        case .malformed(let reason): "the device mapping is not valid JSON: \(reason)"
        case .invalidField(let field, let reason): "device mapping: \(field): \(reason)"
        }
    }
}
