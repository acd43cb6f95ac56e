import Foundation

/// A list position a client keeps as an opaque token: written with `description`, read back
/// with `init?(_:)` (which refuses anything it did not write, rather than trusting it), and
/// encoded in JSON as that one string.
public protocol OpaqueCursor: LosslessStringConvertible, Codable {}

extension OpaqueCursor {
    /// Decodes the cursor from its token.
    /// - Parameter decoder: the decoder.
    /// - Throws: `DecodingError.dataCorrupted` when the string is not a cursor of this kind.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let cursor = Self(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a \(Self.self) token")
        }
        self = cursor
    }

    /// Encodes the cursor as its token.
    /// - Parameter encoder: the encoder.
    /// - Throws: whatever the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// The text form of cursors: a version tag and fields joined by U+001F, as unpadded base64url,
/// so a token is URL-safe and says nothing readable about what it points at.
enum CursorText {
    static let separator: Character = "\u{1F}"
    /// Tokens longer than this are refused before decoding, so hostile input costs nothing.
    static let maximumLength = 2048

    static func encode(_ tag: String, _ fields: [String]) -> String {
        let text = ([tag] + fields).joined(separator: String(separator))
        // One pass over the bytes: Foundation's replacingOccurrences cost 2 % of a feed request.
        let base64url = Data(text.utf8).base64EncodedData().compactMap { byte -> UInt8? in
            switch byte {
            case UInt8(ascii: "+"): UInt8(ascii: "-")
            case UInt8(ascii: "/"): UInt8(ascii: "_")
            case UInt8(ascii: "="): nil
            default: byte
            }
        }
        return String(decoding: base64url, as: UTF8.self)
    }

    /// The `count` fields after `tag`, or `nil` for anything else; the last field takes the rest
    /// of the text, so an id may hold any character.
    static func decode(_ token: String, tag: String, count: Int) -> [String]? {
        guard token.utf8.count <= maximumLength,
            token.utf8.allSatisfy({ $0.isBase64URL })
        else { return nil }
        var base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else {
            return nil
        }
        let parts = text.split(separator: separator, maxSplits: count, omittingEmptySubsequences: false)
        guard parts.count == count + 1, parts[0] == tag else { return nil }
        return parts.dropFirst().map(String.init)
    }

    /// A date as the hexadecimal bit pattern of its reference-date seconds, so it round-trips exactly.
    static func field(_ date: Date) -> String {
        String(date.timeIntervalSinceReferenceDate.bitPattern, radix: 16)
    }

    /// A date written by ``field(_:)``; `nil` for anything else, a non-finite value included.
    static func date(_ field: String) -> Date? {
        guard field.utf8.count <= 16, let bits = UInt64(field, radix: 16) else { return nil }
        let seconds = Double(bitPattern: bits)
        return seconds.isFinite ? Date(timeIntervalSinceReferenceDate: seconds) : nil
    }
}

extension UInt8 {
    fileprivate var isBase64URL: Bool {
        (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) || (0x30...0x39).contains(self) || self == 0x2D
            || self == 0x5F
    }
}
