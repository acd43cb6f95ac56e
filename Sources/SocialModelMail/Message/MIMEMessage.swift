import Foundation

/// An email ready to be written out: RFC 5322 headers and a MIME body, plain text alone or
/// `multipart/alternative` text and HTML.
///
/// ``rendered(lineEnding:)`` writes 7-bit bytes: non-ASCII names and subjects as RFC 2047 encoded
/// words, bodies as quoted-printable UTF-8, every line within 78 characters (an address longer than
/// that stays on one line, within RFC 5321's 998).
public struct MIMEMessage: Sendable, Hashable {
    /// The author, written as `From` and used as the envelope sender unless ``envelopeSender`` is set.
    public var from: MailAddress
    /// The recipients, written as `To` and given to the server as the envelope's recipients.
    public var to: [MailAddress]
    /// Where replies go, if not to ``from``.
    public var replyTo: MailAddress?
    /// The address bounces go to (SMTP's `MAIL FROM`), if not ``from``.
    public var envelopeSender: MailAddress?
    /// The subject, any text.
    public var subject: String
    /// The plain-text body.
    public var text: String
    /// The HTML body, sent beside the text as `multipart/alternative`, if any.
    public var html: String?
    /// The `Date` header.
    public var date: Date
    /// The `Message-ID` without its angle brackets: `unique@domain`.
    public var messageID: String
    /// More header fields, written after the standard ones.
    public var extraHeaders: [MailHeader]

    /// Creates a message.
    /// - Parameters:
    ///   - from: the author.
    ///   - to: the recipients (at least one).
    ///   - subject: the subject.
    ///   - text: the plain-text body.
    ///   - html: an HTML body to send beside the text.
    ///   - date: the `Date` header.
    ///   - messageID: `unique@domain`, without angle brackets.
    ///   - replyTo: where replies go.
    ///   - envelopeSender: where bounces go.
    ///   - extraHeaders: more header fields.
    public init(
        from: MailAddress, to: [MailAddress], subject: String, text: String, html: String? = nil, date: Date,
        messageID: String, replyTo: MailAddress? = nil, envelopeSender: MailAddress? = nil,
        extraHeaders: [MailHeader] = []
    ) {
        self.from = from
        self.to = to
        self.replyTo = replyTo
        self.envelopeSender = envelopeSender
        self.subject = subject
        self.text = text
        self.html = html
        self.date = date
        self.messageID = messageID
        self.extraHeaders = extraHeaders
    }

    /// How lines end in ``rendered(lineEnding:)``.
    public enum LineEnding: String, Sendable, Hashable {
        /// CRLF, as SMTP carries mail.
        case crlf = "\r\n"
        /// LF, as `sendmail` reads mail on its standard input.
        case lf = "\n"
    }

    /// The message as bytes.
    /// - Parameter lineEnding: CRLF for SMTP, LF for a local `sendmail`.
    /// - Returns: the header, an empty line and the body, 7-bit ASCII.
    /// - Throws: ``MailDeliveryError/invalidMessage(_:)`` when there is no recipient or the message id
    ///   is not `unique@domain`.
    public func rendered(lineEnding: LineEnding = .crlf) throws(MailDeliveryError) -> [UInt8] {
        guard !to.isEmpty else { throw .invalidMessage(.noRecipient) }
        guard Self.isValidMessageID(messageID) else {
            throw .invalidMessage(.invalidMessageID(messageID))
        }
        let end = lineEnding.rawValue
        var fields = [
            HeaderText.field("Date", [RFC5322Date.string(from: date)], lineEnding: end),
            HeaderText.field("From", Self.mailbox(from, field: "From"), lineEnding: end),
            HeaderText.field("To", Self.mailboxList(to), lineEnding: end),
        ]
        if let replyTo {
            fields.append(HeaderText.field("Reply-To", Self.mailbox(replyTo, field: "Reply-To"), lineEnding: end))
        }
        fields.append(HeaderText.field("Subject", HeaderText.unstructured(subject, field: "Subject"), lineEnding: end))
        fields.append(HeaderText.field("Message-ID", ["<\(messageID)>"], lineEnding: end))
        fields.append(HeaderText.field("MIME-Version", ["1.0"], lineEnding: end))
        for header in extraHeaders {
            fields.append(
                HeaderText.field(
                    header.name, HeaderText.unstructured(header.value, field: header.name), lineEnding: end))
        }
        var lines: [String]
        if let html {
            let boundary = Self.boundary(for: messageID)
            fields.append(
                HeaderText.field(
                    "Content-Type", ["multipart/alternative;", "boundary=\"\(boundary)\""], lineEnding: end))
            lines = ["This is a message in two forms, plain text and HTML.", ""]
            lines += ["--\(boundary)"] + Self.part("text/plain", text) + [""]
            lines += ["--\(boundary)"] + Self.part("text/html", html) + [""]
            lines.append("--\(boundary)--")
        } else {
            fields.append(HeaderText.field("Content-Type", ["text/plain;", "charset=utf-8"], lineEnding: end))
            fields.append(HeaderText.field("Content-Transfer-Encoding", ["quoted-printable"], lineEnding: end))
            lines = QuotedPrintable.encode(text)
        }
        let message = fields.joined(separator: end) + end + end + lines.joined(separator: end) + end
        return Array(message.utf8)
    }

    /// The envelope's sender, for SMTP's `MAIL FROM` and `sendmail -f`.
    public var envelopeFrom: MailAddress { envelopeSender ?? from }

    /// A body part's header and its quoted-printable body.
    private static func part(_ type: String, _ content: String) -> [String] {
        ["Content-Type: \(type); charset=utf-8", "Content-Transfer-Encoding: quoted-printable", ""]
            + QuotedPrintable.encode(content)
    }

    private static func mailbox(_ address: MailAddress, field: String) -> [String] {
        guard let name = address.displayName else { return [address.address] }
        return HeaderText.phrase(name, field: field) + ["<\(address.address)>"]
    }

    private static func mailboxList(_ addresses: [MailAddress]) -> [String] {
        var tokens: [String] = []
        for (index, address) in addresses.enumerated() {
            var mailbox = self.mailbox(address, field: "To")
            if index < addresses.count - 1 { mailbox[mailbox.count - 1] += "," }
            tokens += mailbox
        }
        return tokens
    }

    /// A boundary that no quoted-printable body can contain (every "=" in one is followed by two hex
    /// digits or a line break, never "_"), distinct per message so nested messages do not clash.
    static func boundary(for messageID: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
        for byte in messageID.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return "=_AnalogKit_" + String(hash, radix: 16)
    }

    /// `unique@domain` with dot-atom text on both sides (RFC 5322 section 3.6.4).
    static func isValidMessageID(_ id: String) -> Bool {
        let parts = id.split(separator: "@", omittingEmptySubsequences: false)
        return id.utf8.count <= 200 && parts.count == 2
            && parts.allSatisfy { part in
                !part.isEmpty
                    && part.split(separator: ".", omittingEmptySubsequences: false).allSatisfy {
                        !$0.isEmpty && $0.utf8.allSatisfy(HeaderText.isAtomText)
                    }
            }
    }
}

/// A header field to add to a message.
public struct MailHeader: Sendable, Hashable {
    /// The field name, such as `Auto-Submitted`.
    public let name: String
    /// The value, any text (encoded when it is not ASCII).
    public let value: String

    /// The fields a message writes itself, which cannot be added again.
    static let reserved: Set<String> = [
        "date", "from", "to", "reply-to", "subject", "message-id", "mime-version", "content-type",
        "content-transfer-encoding", "cc", "bcc", "sender",
    ]

    /// Checks a header field.
    /// - Parameters:
    ///   - name: 1–76 printable ASCII characters other than `:`; not one the message writes itself.
    ///   - value: any text; line breaks become spaces.
    /// - Throws: ``MailDeliveryError/invalidMessage(_:)`` for a bad or reserved name.
    public init(_ name: String, _ value: String) throws(MailDeliveryError) {
        guard !name.isEmpty, name.utf8.count <= 76, name.utf8.allSatisfy({ (33...126).contains($0) && $0 != 58 }) else {
            throw .invalidMessage(.invalidHeaderName)
        }
        guard !Self.reserved.contains(name.lowercased()) else {
            throw .invalidMessage(.reservedHeader(name))
        }
        self.name = name
        self.value = value
    }
}
