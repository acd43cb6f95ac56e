import Foundation
import NIOCore

/// The conversation that delivers one message over an open connection (RFC 5321 section 3):
/// greeting, EHLO, STARTTLS and EHLO again, AUTH, then MAIL FROM, RCPT TO and DATA — as one
/// pipelined group when the server offers PIPELINING — the message, and QUIT.
struct SMTPSession {
    let connection: SMTPConnection
    let configuration: SMTPConfiguration
    private var encrypted: Bool

    init(connection: SMTPConnection, configuration: SMTPConfiguration) {
        self.connection = connection
        self.configuration = configuration
        self.encrypted = configuration.security == .implicitTLS
    }

    /// Delivers `message` (CRLF lines) from `sender` to `recipients`.
    mutating func deliver(_ message: [UInt8], from sender: String, to recipients: [String])
        async throws(MailDeliveryError)
    {
        let greeting = try await exchange(nil, .greeting)
        guard greeting.code == 220 else { throw .rejected(.greeting, greeting) }
        var extensions = try await hello()
        if configuration.security == .startTLS {
            guard extensions.offers("STARTTLS") else {
                throw .serverUnsuitable(.noSTARTTLS)
            }
            let reply = try await connection.startTLS(timeout: configuration.timeouts.command)
            guard reply.code == 220 else { throw .rejected(.startTLS, reply) }
            encrypted = true
            // RFC 3207 section 4.2: forget everything learnt before TLS and ask again.
            extensions = try await hello()
        }
        if let credentials = configuration.credentials {
            try await authenticate(credentials, offered: extensions.authenticationMechanisms)
        }
        if let limit = extensions.maximumMessageSize, message.count > limit {
            throw .serverUnsuitable(.messageTooLarge(bytes: message.count, limit: limit))
        }
        try await transfer(message, from: sender, to: recipients, extensions: extensions)
        // The message is accepted; a server that does not answer QUIT properly changes nothing.
        _ = try? await exchange("QUIT", .quit)
    }

    /// MAIL FROM, RCPT TO for each recipient, DATA, then the message.
    private func transfer(
        _ message: [UInt8], from sender: String, to recipients: [String], extensions: SMTPServerExtensions
    )
        async throws(MailDeliveryError)
    {
        let size = extensions.maximumMessageSize == nil ? "" : " SIZE=\(message.count)"
        let commands = ["MAIL FROM:<\(sender)>\(size)"] + recipients.map { "RCPT TO:<\($0)>" } + ["DATA"]
        let stages = [SMTPStage.mailFrom] + recipients.map { _ in .recipient } + [.data]
        var replies: [SMTPReply] = []
        if extensions.offers("PIPELINING") {
            replies = try await connection.exchange(
                commands.map { $0 + "\r\n" }.joined(), stages: stages, timeout: configuration.timeouts.command)
        } else {
            for (command, stage) in zip(commands, stages) {
                let reply = try await exchange(command, stage)
                replies.append(reply)
                guard reply.isSuccess || (stage == .data && reply.code == 354) else { break }
            }
        }
        for (reply, stage) in zip(replies, stages) where stage != .data && !reply.isSuccess {
            // After a refused MAIL or RCPT a server must refuse DATA too; if it says 354 anyway,
            // closing the connection (by the caller) discards the transaction.
            throw .rejected(stage, reply)
        }
        guard let dataReply = replies.last, replies.count == stages.count else {
            throw .malformedReply(.data, .missingReplies(answered: replies.count, sent: stages.count))
        }
        guard dataReply.code == 354 else { throw .rejected(.data, dataReply) }
        let end = try await connection.sendMessage(Self.dotStuffed(message), timeout: configuration.timeouts.messageEnd)
        guard end.isSuccess else { throw .rejected(.message, end) }
    }

    /// EHLO, or HELO from a server that does not know EHLO (RFC 5321 section 4.1.4).
    private func hello() async throws(MailDeliveryError) -> SMTPServerExtensions {
        let reply = try await exchange("EHLO \(configuration.clientName)", .hello)
        if reply.isSuccess { return SMTPServerExtensions(ehloReply: reply) }
        guard reply.code == 500 || reply.code == 502 else { throw .rejected(.hello, reply) }
        let helo = try await exchange("HELO \(configuration.clientName)", .hello)
        guard helo.isSuccess else { throw .rejected(.hello, helo) }
        return SMTPServerExtensions(ehloReply: SMTPReply(code: 250, lines: []))
    }

    /// AUTH with the first configured mechanism the server offers.
    private func authenticate(_ credentials: SMTPConfiguration.Credentials, offered: Set<String>)
        async throws(MailDeliveryError)
    {
        guard encrypted || configuration.allowsAuthenticationWithoutTLS else {
            throw .serverUnsuitable(.authenticationWithoutTLS)
        }
        guard let mechanism = configuration.authenticationMechanisms.first(where: { offered.contains($0.rawValue) })
        else {
            throw .serverUnsuitable(
                .noUsableAuthentication(configured: configuration.authenticationMechanisms.map(\.rawValue)))
        }
        switch mechanism {
        case .plain:
            let response = Self.base64("\0\(credentials.username)\0\(credentials.password)")
            let reply = try await exchange("AUTH PLAIN \(response)", .authentication)
            guard reply.code == 235 else { throw .rejected(.authentication, reply) }
        case .login:
            let start = try await exchange("AUTH LOGIN", .authentication)
            guard start.code == 334 else { throw .rejected(.authentication, start) }
            let name = try await exchange(Self.base64(credentials.username), .authentication)
            guard name.code == 334 else { throw .rejected(.authentication, name) }
            let password = try await exchange(Self.base64(credentials.password), .authentication)
            guard password.code == 235 else { throw .rejected(.authentication, password) }
        }
    }

    private func exchange(_ command: String?, _ stage: SMTPStage) async throws(MailDeliveryError) -> SMTPReply {
        try await connection.exchange(
            command.map { $0 + "\r\n" }, stages: [stage], timeout: configuration.timeouts.command)[0]
    }

    private static func base64(_ text: String) -> String { Data(text.utf8).base64EncodedString() }

    /// The message as DATA carries it (RFC 5321 section 4.5.2): a line starting with "." gets one
    /// more, the last line ends with CRLF, and a line with a single "." ends the message.
    static func dotStuffed(_ message: [UInt8]) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(message.count + message.count / 64 + 5)
        var atLineStart = true
        for byte in message {
            if atLineStart, byte == UInt8(ascii: ".") { buffer.writeInteger(UInt8(ascii: ".")) }
            buffer.writeInteger(byte)
            atLineStart = byte == UInt8(ascii: "\n")
        }
        if !atLineStart { buffer.writeString("\r\n") }
        buffer.writeString(".\r\n")
        return buffer
    }
}
