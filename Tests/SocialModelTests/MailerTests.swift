import Foundation
import SocialModel
import TestSupport
import Testing

@Suite("Mailers")
struct MailerTests {
    @Test func theOutboxWritesAndReadsMessagesInOrder() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let outbox = OutboxMailer(directory: directory.url.appendingPathComponent("outbox"))
        #expect(try outbox.messages().isEmpty)
        let first = MailMessage(
            to: "a@example.com", subject: "One", body: "token\nabc", purpose: .emailVerification, token: "abc",
            sentAt: Date(timeIntervalSince1970: 100))
        var second = first
        second.subject = "Two"
        second.sentAt = Date(timeIntervalSince1970: 200)
        try await outbox.send(second)
        try await outbox.send(first)
        try Data("not json".utf8).write(to: outbox.directory.appendingPathComponent("stray.json"))
        #expect(try outbox.messages() == [first, second])
    }

    @Test func anUnwritableOutboxIsATypedError() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let blocker = directory.url.appendingPathComponent("file")
        try Data().write(to: blocker)
        let outbox = OutboxMailer(directory: blocker.appendingPathComponent("outbox"))
        let message = MailMessage(
            to: "a@example.com", subject: "s", body: "b", purpose: .passwordChanged, token: nil, sentAt: Date())
        await #expect(throws: MailerError.self) { try await outbox.send(message) }
    }
}
