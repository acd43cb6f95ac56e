import Foundation
import SocialModel
import SocialModelMail
import SocialModelMailMocks
import Testing

/// TransportMailer between the account services and a transport: each message composed from its
/// template, each delivery failure passed on as transient or permanent.
@Suite("Transport mailer")
struct TransportMailerTests {
    @Test func messagesAreComposedAndHandedToTheTransport() async throws {
        let transport = CapturingMailTransport()
        try await TransportMailer(composer: try SlovakMail.composer, transport: transport).send(SlovakMail.message)
        let sent = try #require(transport.messages.first)
        #expect(sent.subject == SlovakMail.subject)
        #expect(sent.to == [try MailAddress(SlovakMail.recipient, displayName: SlovakMail.recipientName)])
        #expect(sent.text.contains(SlovakMail.link))
    }

    @Test(arguments: [
        (MailDeliveryError.timedOut(.message), true), (.connectionClosed(.data), true),
        (.rejected(.recipient, SMTPReply(code: 452, lines: ["full"])), true),
        (.rejected(.recipient, SMTPReply(code: 550, lines: ["no such user"])), false),
        (.tlsFailed("bad certificate"), false), (.transferAgentFailed(status: 75, output: ""), true),
        (.transferAgentFailed(status: 69, output: ""), false),
    ])
    func failuresKeepTheirKind(failure: MailDeliveryError, transient: Bool) async throws {
        let transport = CapturingMailTransport()
        transport.failNextDeliveries(with: failure)
        let mailer = TransportMailer(composer: try SlovakMail.composer, transport: transport)
        let expected: MailerError =
            transient ? .transientFailure(message: failure.description) : .deliveryFailed(message: failure.description)
        await #expect(throws: expected) { try await mailer.send(SlovakMail.message) }
        #expect(transport.messages.isEmpty)
    }

    @Test func anAddressThatCannotBeUsedFailsForGood() async throws {
        var message = SlovakMail.message
        message.to = "not an address"
        let mailer = TransportMailer(composer: try SlovakMail.composer, transport: CapturingMailTransport())
        do {
            try await mailer.send(message)
            Issue.record("an invalid address was sent")
        } catch {
            #expect(!error.isTransient)
        }
    }
}
