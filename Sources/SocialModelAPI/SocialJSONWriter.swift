import Foundation

/// A value whose routes' JSON is written directly by ``SocialJSONWriter``, without `JSONEncoder`:
/// the feed's page types, whose encoding cost a third of a home feed request's CPU time through
/// `JSONEncoder`'s general machinery.
///
/// A conforming type writes exactly the bytes `SocialJSON.encoder()` gives for it: keys in byte
/// order, `nil` properties left out (as synthesized `Encodable` does), dates as SocialJSON's
/// strings. `SocialJSONWriterTests` holds every conformance to that.
package protocol SocialJSONWritable {
    /// Writes the value.
    /// - Parameter json: the writer.
    func write(to json: inout SocialJSONWriter)
}

/// Writes the JSON of ``SocialJSONWritable`` values as `JSONEncoder` with SocialJSON's options
/// (`.sortedKeys`, `.withoutEscapingSlashes`) writes it. Objects and arrays place their own
/// commas: `first` is true right after an opening bracket, false after anything else.
package struct SocialJSONWriter {
    /// The JSON written so far.
    package private(set) var bytes: [UInt8] = []
    private var first = true

    /// The JSON of `value`.
    /// - Parameter value: the value.
    /// - Returns: its UTF-8 bytes.
    package static func bytes(of value: some SocialJSONWritable) -> [UInt8] {
        var writer = SocialJSONWriter()
        writer.bytes.reserveCapacity(16_384)
        value.write(to: &writer)
        return writer.bytes
    }

    /// An object whose fields `body` writes, in byte order of their keys.
    package mutating func object(_ body: (inout SocialJSONWriter) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        first = true
        body(&self)
        bytes.append(UInt8(ascii: "}"))
        first = false
    }

    /// An array of `items`.
    package mutating func array<Item: SocialJSONWritable>(_ items: [Item]) {
        bytes.append(UInt8(ascii: "["))
        first = true
        for item in items {
            separate()
            item.write(to: &self)
        }
        bytes.append(UInt8(ascii: "]"))
        first = false
    }

    /// A field's key; its value follows.
    package mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// A field, left out when `value` is `nil`.
    package mutating func field(_ name: StaticString, _ value: (some SocialJSONWritable)?) {
        guard let value else { return }
        key(name)
        value.write(to: &self)
    }

    /// A string, escaped as `JSONEncoder` escapes it: quote, backslash and control characters;
    /// everything else, slashes and non-ASCII included, as it is.
    package mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        // Through the string's contiguous UTF-8 (a native string's own storage): checked and copied
        // as a buffer, not a byte at a time through `String.UTF8View`.
        var text = text
        text.withUTF8 { utf8 in
            if utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
                bytes.append(contentsOf: utf8)
            } else {
                for byte in utf8 { escape(byte) }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A number.
    package mutating func number(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// `true` or `false`.
    package mutating func bool(_ value: Bool) {
        bytes.append(contentsOf: value ? "true".utf8 : "false".utf8)
    }

    private mutating func separate() {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
        case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
        case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
        case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
        case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
        case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
        case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
        case 0x00..<0x20:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: #"\u00"#.utf8)
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0xF)])
        default: bytes.append(byte)
        }
    }
}

extension String: SocialJSONWritable {
    package func write(to json: inout SocialJSONWriter) { json.string(self) }
}

extension Int: SocialJSONWritable {
    package func write(to json: inout SocialJSONWriter) { json.number(self) }
}

extension Bool: SocialJSONWritable {
    package func write(to json: inout SocialJSONWriter) { json.bool(self) }
}

extension Date: SocialJSONWritable {
    package func write(to json: inout SocialJSONWriter) { json.string(SocialJSON.text(of: self)) }
}

extension Array: SocialJSONWritable where Element: SocialJSONWritable {
    package func write(to json: inout SocialJSONWriter) { json.array(self) }
}
