/// One reply of an SMTP server: a three-digit code and its text lines (RFC 5321 section 4.2).
public struct SMTPReply: Sendable, Hashable, CustomStringConvertible {
    /// The reply code, 200–599.
    public var code: Int
    /// The text of each line, after the code and its separator.
    public var lines: [String]

    /// Creates a reply.
    /// - Parameters:
    ///   - code: the three-digit reply code.
    ///   - lines: the text of each line.
    public init(code: Int, lines: [String]) {
        self.code = code
        self.lines = lines
    }

    /// 2xx: the command succeeded.
    public var isSuccess: Bool { (200..<300).contains(code) }
    /// 3xx: the server waits for more (354 after DATA, 334 during AUTH).
    public var isIntermediate: Bool { (300..<400).contains(code) }
    /// 4xx: refused for now; the same command may succeed later.
    public var isTransientFailure: Bool { (400..<500).contains(code) }

    /// The code and the first line, shortened, for logs and errors.
    public var description: String {
        let text = lines.first ?? ""
        return "\(code) " + (text.count > 200 ? text.prefix(200) + "…" : text)
    }
}

/// What an SMTP server offers in its EHLO reply (RFC 5321 section 4.1.1.1).
public struct SMTPServerExtensions: Sendable, Hashable {
    /// Each extension keyword, upper-cased, with its parameters.
    public var keywords: [String: [String]]

    /// Reads the extension lines of an EHLO reply (every line but the first, which greets).
    /// - Parameter reply: the server's reply to EHLO.
    public init(ehloReply reply: SMTPReply) {
        var keywords: [String: [String]] = [:]
        for line in reply.lines.dropFirst() {
            // "AUTH=PLAIN LOGIN" is an old spelling some servers still send beside "AUTH PLAIN LOGIN".
            let words = line.split(whereSeparator: { $0 == " " || $0 == "=" }).map(String.init)
            guard let keyword = words.first?.uppercased(), !keyword.isEmpty, keyword.count <= 64 else { continue }
            keywords[keyword, default: []] += words.dropFirst().map { $0.uppercased() }
        }
        self.keywords = keywords
    }

    /// Whether the server offers an extension.
    /// - Parameter keyword: the extension's keyword, such as `STARTTLS`.
    /// - Returns: `true` when the EHLO reply lists it.
    public func offers(_ keyword: String) -> Bool { keywords[keyword.uppercased()] != nil }

    /// The SASL mechanisms the server accepts after AUTH.
    public var authenticationMechanisms: Set<String> { Set(keywords["AUTH"] ?? []) }

    /// The largest message the server takes (the SIZE extension), if it says.
    public var maximumMessageSize: Int? { keywords["SIZE"]?.first.flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } }
}

/// Splits the bytes an SMTP server sends into replies, whatever the server sends.
///
/// Lines end with CRLF (a bare LF is accepted). A line longer than ``maximumLineLength``, a reply
/// of more than ``maximumLines`` lines, a line that does not start with a reply code, or a
/// multi-line reply whose lines disagree on the code is an error, never a trap; text that is not
/// UTF-8 is kept with replacement characters.
struct SMTPReplyParser {
    /// RFC 5321 allows 512 bytes a reply line; servers that send a little more are still read.
    static let maximumLineLength = 4096
    /// Generous for EHLO replies, which list one extension a line.
    static let maximumLines = 128

    /// Bytes read but not parsed yet start at `start`; consumed bytes are dropped in bulk, so that a
    /// flood of short lines costs linear time.
    private var pending: [UInt8] = []
    private var start = 0
    private var code: Int?
    private var lines: [String] = []

    /// Whether bytes of an unfinished line or reply are waiting for more.
    var hasBufferedBytes: Bool { start < pending.count || code != nil }

    /// Adds bytes read from the connection.
    mutating func append<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        if start > 0 {
            pending.removeSubrange(..<start)
            start = 0
        }
        pending.append(contentsOf: bytes)
    }

    /// The next complete reply, or `nil` when more bytes are needed.
    mutating func next() throws(MalformedSMTPReply) -> SMTPReply? {
        while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
            guard newline - start < Self.maximumLineLength else { throw .lineTooLong(limit: Self.maximumLineLength) }
            var end = newline
            if end > start, pending[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            let line = pending[start..<end]
            start = newline + 1
            if let reply = try take(line) { return reply }
        }
        guard pending.count - start < Self.maximumLineLength else { throw .lineTooLong(limit: Self.maximumLineLength) }
        return nil
    }

    /// Adds one line to the reply being read; returns the reply after its last line.
    private mutating func take(_ line: ArraySlice<UInt8>) throws(MalformedSMTPReply) -> SMTPReply? {
        let first = line.startIndex
        guard line.count >= 3, let lineCode = Self.code(line[first], line[first + 1], line[first + 2]) else {
            throw .notAReplyCode(Self.printable(line.prefix(40)))
        }
        let separator = line.count > 3 ? line[first + 3] : UInt8(ascii: " ")
        guard separator == UInt8(ascii: " ") || separator == UInt8(ascii: "-") else {
            throw .notAReplyCode(Self.printable(line.prefix(40)))
        }
        if let code, code != lineCode { throw .inconsistentCodes(code, lineCode) }
        guard lines.count < Self.maximumLines else { throw .tooManyLines(limit: Self.maximumLines) }
        code = lineCode
        lines.append(Self.printable(line.dropFirst(4)))
        guard separator == UInt8(ascii: " ") else { return nil }
        let reply = SMTPReply(code: lineCode, lines: lines)
        code = nil
        lines = []
        return reply
    }

    /// The code of three digits from 200 to 599 (RFC 5321 section 4.2: 2–5, 0–5, 0–9).
    private static func code(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Int? {
        guard (UInt8(ascii: "2")...UInt8(ascii: "5")).contains(a), (UInt8(ascii: "0")...UInt8(ascii: "5")).contains(b),
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c)
        else { return nil }
        return Int(a - 48) * 100 + Int(b - 48) * 10 + Int(c - 48)
    }

    /// Text decoded as UTF-8 (invalid bytes replaced) with control characters replaced, so that a
    /// server's text cannot forge log lines.
    static func printable<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        String(
            String(decoding: bytes, as: UTF8.self).unicodeScalars.map {
                $0.properties.generalCategory == .control ? "\u{FFFD}" : Character($0)
            })
    }
}
