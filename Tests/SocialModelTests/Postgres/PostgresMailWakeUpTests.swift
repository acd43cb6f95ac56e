import Foundation
import SocialModel
import SocialModelTesting
import TestSupport
import Testing

@testable import SocialModelPostgres

/// Mail queued through one PostgreSQL store instance wakes the outbox sender of another at once:
/// the queueing transaction announces it, and the other instance's event relay notifies the
/// sender's signal.
@Suite("PostgreSQL mail wake-up across instances", .highPriority)
struct PostgresMailWakeUpTests {
    /// Instance B's sender waits on a clock that never ticks; the verification mail of a
    /// registration made through instance A is sent by it at once.
    @Test(.hangGuard)
    func mailQueuedByOneInstanceIsSentByAnothersSenderAtOnce() async throws {
        let configuration = try await PostgresTestServer.freshConfiguration()
        let here = try await PostgresTestServer.connect(configuration)
        let elsewhere = try await PostgresTestServer.connect(configuration)
        // Instance A queues into its plain store: no signal of this process is told.
        let a = SocialTestHarness(store: elsewhere)
        let accountsA = AccountService(
            store: elsewhere, mailer: a.mailer, outbox: elsewhere, clock: a.clock, hasher: a.accounts.hasher)
        let b = SocialTestHarness(store: here)
        let wakeUp = MailOutboxSignal()
        let relay = here.eventRelay(to: b.network.events, mailSignal: wakeUp)
        let sender = MailOutboxSender(
            outbox: here, mailer: b.mailer, accounts: b.accounts, pollInterval: .seconds(3600), clock: b.clock,
            sleeper: MailerTests.StoppedClock(), wakeUp: wakeUp)
        let (passes, pass) = AsyncStream<MailOutboxCounts>.makeStream()
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await relay.run() }
            try await relay.waitUntilListening()
            tasks.addTask { await sender.run { pass.yield($0) } }
            // The first pass finds nothing; the sender then waits on a clock that never ticks.
            #expect(
                await SocialModelTesting.first(1, of: passes, within: .seconds(60)) == [
                    MailOutboxCounts(pending: 0, failed: 0)
                ])
            #expect(
                try await accountsA.register(
                    Registration(email: "ada@example.com", username: "ada", password: SocialTestHarness.password))
                    == .queued)
            // A's commit woke B's sender through the relay.
            #expect(
                await SocialModelTesting.first(1, of: passes, within: .seconds(60)) == [
                    MailOutboxCounts(pending: 0, failed: 0)
                ])
            #expect(b.mailer.messages(to: "ada@example.com").map(\.purpose) == [.emailVerification])
            #expect(a.mailer.messages.isEmpty)
            tasks.cancelAll()
        }
        await elsewhere.close()
        await here.close()
        try await PostgresTestServer.dropSchema(of: configuration)
    }
}
