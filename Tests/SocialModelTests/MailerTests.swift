import Foundation
import SocialModel
import SocialModelSQLite
import SocialModelTesting
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

    /// A sleeper that never wakes by itself: a poll interval that is never up.
    struct StoppedClock: Clock {
        let now = ContinuousClock.now
        var minimumResolution: Duration { .zero }

        func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
            // Nothing is ever yielded; iterating ends only when the task is cancelled.
            let (never, continuation) = AsyncStream<Void>.makeStream()
            for await _ in never {}
            continuation.finish()
            throw CancellationError()
        }
    }

    @Test(.hangGuard)
    func queuedMailWakesTheSenderWithoutWaitingForThePoll() async throws {
        let h = SocialTestHarness(store: SQLiteSocialStore.inMemory())
        let wakeUp = MailOutboxSignal()
        let accounts = AccountService(
            store: h.store, mailer: h.mailer, outbox: SignallingMailOutbox(h.store, signal: wakeUp), clock: h.clock,
            hasher: h.accounts.hasher)
        let sender = MailOutboxSender(
            outbox: h.store, mailer: h.mailer, accounts: accounts, pollInterval: .seconds(3600), clock: h.clock,
            sleeper: StoppedClock(), wakeUp: wakeUp)
        let (passes, pass) = AsyncStream<MailOutboxCounts>.makeStream()
        let running = Task { await sender.run { pass.yield($0) } }
        defer { running.cancel() }
        var reports = passes.makeAsyncIterator()
        // The first pass finds nothing; the sender then waits on a clock that is never advanced.
        #expect(await reports.next() == MailOutboxCounts(pending: 0, failed: 0))
        #expect(
            try await accounts.register(
                Registration(email: "ada@example.com", username: "ada", password: SocialTestHarness.password))
                == .queued)
        // The registration's commit woke the sender: the request was answered and its mail sent.
        #expect(await reports.next() == MailOutboxCounts(pending: 0, failed: 0))
        #expect(h.mailer.messages(to: "ada@example.com").map(\.purpose) == [.emailVerification])
    }

    /// A sleeper whose every sleep ends at the next ``tick()``: a poll interval that is up when the test says.
    final class TickClock: Clock, Sendable {
        private let ticks: AsyncStream<Void>
        private let continuation: AsyncStream<Void>.Continuation
        var now: ContinuousClock.Instant { .now }
        var minimumResolution: Duration { .zero }

        init() { (ticks, continuation) = AsyncStream.makeStream() }

        func tick() { continuation.yield() }

        func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
            var iterator = ticks.makeAsyncIterator()
            guard await iterator.next() != nil else { throw CancellationError() }
        }
    }

    @Test(.hangGuard)
    func mailQueuedElsewhereIsStillSentAtThePoll() async throws {
        let h = SocialTestHarness(store: SQLiteSocialStore.inMemory())
        let poll = TickClock()
        let sender = MailOutboxSender(
            outbox: h.store, mailer: h.mailer, accounts: h.accounts, pollInterval: .seconds(3600), clock: h.clock,
            sleeper: poll, wakeUp: MailOutboxSignal())
        let (passes, pass) = AsyncStream<MailOutboxCounts>.makeStream()
        let running = Task { await sender.run { pass.yield($0) } }
        defer { running.cancel() }
        var reports = passes.makeAsyncIterator()
        #expect(await reports.next() == MailOutboxCounts(pending: 0, failed: 0))
        // Queued straight into the store, as another instance does: no signal reaches this sender.
        let message = MailMessage(
            to: "ben@example.com", subject: "Hello", body: "Body", purpose: .registrationAttempt, token: nil,
            sentAt: h.clock.now())
        try await h.store.enqueueMail(.queued(.message(message), at: h.clock.now()))
        #expect(h.mailer.messages.isEmpty)
        poll.tick()
        #expect(await reports.next() == MailOutboxCounts(pending: 0, failed: 0))
        #expect(h.mailer.messages == [message])
    }
}
