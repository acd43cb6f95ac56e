/// Quoted-printable bodies (RFC 2045 section 6.7): 7-bit lines of at most 76 characters that stay
/// readable for mostly-ASCII text such as Slovak or HTML.
enum QuotedPrintable {
    /// RFC 2045: encoded lines are at most 76 characters, the soft line break's `=` included.
    static let lineLimit = 76

    /// The text's lines encoded; line breaks of any kind (CRLF, LF, CR) become hard line breaks
    /// between the returned lines.
    static func encode(_ text: String) -> [String] {
        var encoded: [String] = []
        for line in hardLines(text) {
            var current = ""
            for index in line.indices {
                let isLast = index == line.endIndex - 1
                var token = self.token(line[index], isLast: isLast, startsLine: current.isEmpty, rest: line[index...])
                if current.utf8.count + token.utf8.count > lineLimit - 1 {
                    encoded.append(current + "=")
                    current = ""
                    // A new physical line starts here: it may begin with "." or "From " now.
                    token = self.token(line[index], isLast: isLast, startsLine: true, rest: line[index...])
                }
                current += token
            }
            encoded.append(current)
        }
        return encoded
    }

    /// One byte as it is, or as `=XX` when it is not printable, is `=`, is white space ending a
    /// line, or starts a line with "." or "From " (which some transports would alter).
    private static func token(_ byte: UInt8, isLast: Bool, startsLine: Bool, rest: ArraySlice<UInt8>) -> String {
        let isSpace = byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
        let literal = (isSpace && !isLast) || ((33...126).contains(byte) && byte != UInt8(ascii: "="))
        let guarded = startsLine && (byte == UInt8(ascii: ".") || rest.starts(with: "From ".utf8))
        guard literal, !guarded else { return escaped(byte) }
        return String(UnicodeScalar(byte))
    }

    private static func escaped(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return String(decoding: [UInt8(ascii: "="), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
    }

    /// The UTF-8 bytes of each line, split at CRLF, LF or CR.
    private static func hardLines(_ text: String) -> [ArraySlice<UInt8>] {
        let bytes = Array(text.utf8)
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                lines.append(bytes[start..<index])
                if byte == UInt8(ascii: "\r"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
                    index += 1
                }
                start = index + 1
            }
            index += 1
        }
        lines.append(bytes[start...])
        return lines
    }
}
