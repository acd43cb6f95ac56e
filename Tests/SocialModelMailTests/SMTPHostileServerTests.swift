import Foundation
import SocialModel
import SocialModelMail
import TestSupport
import Testing

/// A real socket server sending scripted replies (the greeting, then one reply per line the client
/// sends; `nil` closes the connection): whatever it sends, the transport ends with a typed error,
/// never a trap or a hang.
@Suite("SMTP against hostile replies", .highPriority)
struct SMTPHostileServerTests {
    static let ehloWithSTARTTLS = "250-smtp.test\r\n250 STARTTLS\r\n"

    @Test func dataInjectedAfterTheSTARTTLSReplyIsRefused() async throws {
        // A man in the middle answers STARTTLS and adds a reply that would pass for one sent under TLS.
        let error = try await deliver(
            replies: ["220 smtp.test\r\n", Self.ehloWithSTARTTLS, "220 go ahead\r\n250 injected\r\n"],
            security: .startTLS)
        #expect(error == .malformedReply(.startTLS, .moreAfterSTARTTLS))
    }

    @Test func anOverlongLineIsAMalformedReply() async throws {
        let error = try await deliver(replies: ["220 " + String(repeating: "a", count: 10_000) + "\r\n"])
        guard case .malformedReply(.greeting, let reason)? = error else {
            Issue.record("expected a malformed greeting, got \(String(describing: error))")
            return
        }
        #expect(reason == .lineTooLong(limit: 4096))
    }

    @Test func somethingThatIsNotSMTPIsAMalformedReply() async throws {
        let error = try await deliver(replies: ["SSH-2.0-OpenSSH_9.2\r\n"])
        guard case .malformedReply(.greeting, _)? = error else {
            Issue.record("expected a malformed greeting, got \(String(describing: error))")
            return
        }
        #expect(error?.isTransient == false)
    }

    @Test func aReplyCutOffByTheServerClosingIsAClosedConnection() async throws {
        let error = try await deliver(replies: ["220-smtp.test says\r\n220", nil])
        #expect(error == .connectionClosed(.greeting))
    }

    @Test func nonASCIIAndInvalidUTF8InARefusalAreKeptReadable() async throws {
        let error = try await deliver(replies: [
            Array("554 Ľutujeme ".utf8) + [0xFF, 0xFE, 0x1B] + Array("[31m nie\r\n".utf8)
        ])
        guard case .rejected(.greeting, let reply)? = error else {
            Issue.record("expected a refused greeting, got \(String(describing: error))")
            return
        }
        #expect(reply.code == 554)
        #expect(reply.lines == ["Ľutujeme \u{FFFD}\u{FFFD}\u{FFFD}[31m nie"])
        #expect(error?.isTransient == false)
    }

    @Test func aReplyNobodyAskedForIsRefused() async throws {
        let error = try await deliver(replies: ["220 smtp.test\r\n", "250 smtp.test\r\n250 unasked\r\n"])
        guard case .malformedReply(_, let reason)? = error else {
            Issue.record("expected an unasked reply to be refused, got \(String(describing: error))")
            return
        }
        guard case .unasked(let reply) = reason else {
            Issue.record("expected an unasked reply, got \(reason)")
            return
        }
        #expect(reply.lines == ["unasked"])
    }

    @Test func anEHLOReplyWithGarbageExtensionsStillWorksUntilTheServerCloses() async throws {
        let ehlo = "250-smtp.test\r\n250-\r\n250-AUTH=\r\n250-SIZE -5\r\n250-\u{00C9}T\u{00C9}\r\n250 8BITMIME\r\n"
        let error = try await deliver(replies: ["220 smtp.test\r\n", ehlo])
        #expect(error == .connectionClosed(.mailFrom))
    }

    @Test func aServerThatRefusesEHLOIsAskedWithHELO() async throws {
        let error = try await deliver(
            replies: [
                "220 old.test\r\n", "502 what?\r\n", "250 old.test\r\n", "250 ok\r\n", "250 ok\r\n", "354 go\r\n",
            ])
        // The script ends after DATA; the message's reply never comes.
        #expect(error == .connectionClosed(.message))
    }

    private func deliver(replies: [String?], security: SMTPConfiguration.Security = .none) async throws
        -> MailDeliveryError?
    {
        try await deliver(replies: replies.map { $0.map { Array($0.utf8) } }, security: security)
    }

    private func deliver(replies: [[UInt8]?], security: SMTPConfiguration.Security = .none) async throws
        -> MailDeliveryError?
    {
        let server = try await SMTPTestServer.start(replies: replies)
        defer { server.stop() }
        let transport = try server.transport(
            try server.configuration(
                security: security,
                timeouts: .init(connect: .seconds(20), command: .seconds(20), messageEnd: .seconds(20))))
        return await transport.deliveryError()
    }
}
