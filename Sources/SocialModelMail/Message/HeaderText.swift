import Foundation

/// Header field values as RFC 5322 and RFC 2047 want them: 7-bit ASCII, folded so that no line is
/// longer than 78 characters, with text that is not plain ASCII written as encoded words
/// (`=?UTF-8?B?…?=`).
enum HeaderText {
    /// RFC 5322 section 2.1.1: lines SHOULD stay within 78 characters.
    static let lineLimit = 78
    /// RFC 2047 section 2: an encoded word is at most 75 characters; 45 bytes make 60 of base64,
    /// 72 with the `=?UTF-8?B?` and `?=` around them.
    static let bytesPerEncodedWord = 45
    /// Plain words longer than this are encoded instead, so that every token fits on a folded line.
    static let longestPlainWord = 70

    /// The text with line breaks, tabs and other control characters replaced by spaces, so that no
    /// value can end its header and start another.
    static func singleLine(_ text: String) -> String {
        String(
            String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }

    /// An unstructured value (a subject): its words as they are when the text is plain ASCII, or
    /// the whole text as encoded words, the first sized to fit after `Name: `.
    static func unstructured(_ text: String, field name: String) -> [String] {
        let line = singleLine(text)
        let words = line.split(separator: " ").map(String.init)
        if isPlain(line), words.allSatisfy({ $0.utf8.count <= longestPlainWord }) { return words }
        return encodedWords(line, firstWordBytes: firstWordBytes(after: name))
    }

    /// A display name as a phrase (RFC 5322 section 3.2.5): atoms, one quoted string, or encoded
    /// words, the first sized to fit after `Name: `.
    static func phrase(_ name: String, field: String) -> [String] {
        let line = singleLine(name)
        let encoded = { encodedWords(line, firstWordBytes: firstWordBytes(after: field)) }
        guard isPlain(line) else { return encoded() }
        let words = line.split(separator: " ").map(String.init)
        if words.allSatisfy({ $0.utf8.allSatisfy(isAtomText) && $0.utf8.count <= longestPlainWord }) { return words }
        let quoted =
            "\"" + line.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
        return quoted.utf8.count <= longestPlainWord ? [quoted] : encoded()
    }

    /// How many bytes the first encoded word may hold to fit on the line after `Name: `: 12
    /// characters of `=?UTF-8?B?` and `?=`, and 4 of base64 for every 3 bytes.
    private static func firstWordBytes(after name: String) -> Int {
        min(bytesPerEncodedWord, max(4, (lineLimit - name.utf8.count - 2 - 12) / 4 * 3))
    }

    /// A header field, `Name: tokens…`, folded between tokens so that lines stay within 78
    /// characters; lines are joined by `lineEnding` and the field does not end with one.
    static func field(_ name: String, _ tokens: [String], lineEnding: String) -> String {
        var lines: [String] = []
        var current = name + ":"
        for token in tokens {
            let fits = current.utf8.count + 1 + token.utf8.count <= lineLimit
            // Fold before a token that does not fit, unless nothing precedes it and it would not fit
            // on a line of its own either.
            if !fits, current.utf8.count > name.utf8.count + 1 || token.utf8.count + 1 <= lineLimit {
                lines.append(current)
                current = " " + token
            } else {
                current += " " + token
            }
        }
        lines.append(current)
        return lines.joined(separator: lineEnding)
    }

    /// RFC 2047 "B" encoded words for `text`, split between characters (a character too large for
    /// one word is split between its Unicode scalars), never inside one; the first word holds at most
    /// `firstWordBytes`.
    static func encodedWords(_ text: String, firstWordBytes: Int = bytesPerEncodedWord) -> [String] {
        var words: [String] = []
        var chunk: [UInt8] = []
        var limit: Int { words.isEmpty ? firstWordBytes : bytesPerEncodedWord }
        func flush() {
            guard !chunk.isEmpty else { return }
            words.append("=?UTF-8?B?" + Data(chunk).base64EncodedString() + "?=")
            chunk = []
        }
        for character in text {
            let bytes = Array(String(character).utf8)
            if bytes.count <= limit {
                if chunk.count + bytes.count > limit { flush() }
                chunk += bytes
                continue
            }
            for scalar in character.unicodeScalars {
                let scalarBytes = Array(String(scalar).utf8)
                if chunk.count + scalarBytes.count > limit { flush() }
                chunk += scalarBytes
            }
        }
        flush()
        return words.isEmpty ? ["=?UTF-8?B??="] : words
    }

    /// Printable ASCII and spaces only, and nothing a reader would take for an encoded word.
    static func isPlain(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x20...0x7E).contains($0) } && !text.contains("=?")
    }

    /// RFC 5322 atext.
    static func isAtomText(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || Array("!#$%&'*+-/=?^_`{|}~".utf8).contains(byte)
    }
}
