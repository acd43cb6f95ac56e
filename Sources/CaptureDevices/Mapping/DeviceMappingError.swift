import Foundation

/// Why a device mapping file was refused. Each case names what to fix; nothing is half applied.
public enum DeviceMappingError: Error, Sendable, Hashable {
    /// The file could not be read; `reason` is the system's words.
    case unreadable(path: String, reason: String)
    /// The file is larger than a mapping file can sensibly be.
    case tooLarge(bytes: Int, limit: Int)
    /// The bytes are not JSON (or not UTF-8); `reason` is the parser's words.
    case malformed(reason: String)
    /// A field is missing, unknown, of the wrong type or out of range: `field` is its path, such
    /// as `devices[2].position`.
    case invalidField(field: String, reason: JSONFieldProblem)
}

extension DeviceMappingError: CustomStringConvertible {
    /// A one-line message for people, in English.
    public var description: String { localizedDescription(for: Locale(identifier: "en")) }
}
