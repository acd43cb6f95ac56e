import Foundation
import Locking
import SocialModel
import SocialModelMail
import SocialModelMocks
import TestSupport
import Testing

/// Retries: transient failures are sent again with growing waits, permanent ones at once; against a
/// real deferring SMTP server too.
@Suite("Retrying mailer", .highPriority)
struct RetryingMailerTests {
    /// Fails with the given errors in turn, then succeeds; counts attempts.
    final class ScriptedMailer: Mailer {
        let failures: Locked<[MailerError]>
        let attempts = Locked(0)
        init(_ failures: [MailerError]) { self.failures = Locked(failures) }
        func send(_ message: MailMessage) async throws(MailerError) {
            attempts.withLock { $0 += 1 }
            if let failure = failures.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { throw failure }
        }
    }

    static let quick = RetryPolicy(maximumAttempts: 4, initialDelay: .milliseconds(1), maximumDelay: .milliseconds(3))
    static let message = MailMessage(
        to: "a@example.com", subject: "s", body: "b", purpose: .emailVerification, token: "t", sentAt: Date())

    @Test func transientFailuresAreRetriedUntilOneWorks() async throws {
        let base = ScriptedMailer([.transientFailure(message: "451"), .transientFailure(message: "timeout")])
        try await RetryingMailer(base, policy: Self.quick, logger: MailTestLogger.logger).send(Self.message)
        #expect(base.attempts.withLock { $0 } == 3)
    }

    @Test func permanentFailuresAreNotRetried() async throws {
        let base = ScriptedMailer([.deliveryFailed(message: "550")])
        await #expect(throws: MailerError.deliveryFailed(message: "550")) {
            try await RetryingMailer(base, policy: Self.quick, logger: MailTestLogger.logger).send(Self.message)
        }
        #expect(base.attempts.withLock { $0 } == 1)
    }

    @Test func afterTheLastAttemptTheTransientErrorIsThrown() async throws {
        let base = ScriptedMailer(Array(repeating: .transientFailure(message: "451"), count: 10))
        await #expect(throws: MailerError.transientFailure(message: "451")) {
            try await RetryingMailer(base, policy: Self.quick, logger: MailTestLogger.logger).send(Self.message)
        }
        #expect(base.attempts.withLock { $0 } == 4)
    }

    @Test func theWaitsGrowUpToTheLimit() {
        let policy = RetryPolicy(
            maximumAttempts: 10, initialDelay: .milliseconds(500), multiplier: 2, maximumDelay: .seconds(3))
        #expect(
            (1...6).map { policy.delay(afterAttempt: $0) } == [
                .milliseconds(500), .seconds(1), .seconds(2), .seconds(3), .seconds(3), .seconds(3),
            ])
        #expect(RetryPolicy(maximumAttempts: 0, initialDelay: .zero, maximumDelay: .zero).maximumAttempts == 1)
    }

    @Test func aCancelledTaskStopsWaiting() async throws {
        let base = ScriptedMailer(Array(repeating: .transientFailure(message: "451"), count: 10))
        let slow = RetryPolicy(maximumAttempts: 10, initialDelay: .seconds(60), maximumDelay: .seconds(60))
        let task = Task {
            try await RetryingMailer(base, policy: slow, logger: MailTestLogger.logger).send(Self.message)
        }
        try await Task.sleep(for: .milliseconds(100))
        task.cancel()
        await #expect(throws: MailerError.transientFailure(message: "451")) { try await task.value }
        #expect(base.attempts.withLock { $0 } == 1)
    }

    @Test func aDeferringSMTPServerIsTriedAgainAndARefusingOneOnlyOnce() async throws {
        let deferring = try await SMTPTestServer.start(behaviour: .deferData)
        defer { deferring.stop() }
        let mailer = try deferring.retryingMailer(
            RetryPolicy(maximumAttempts: 3, initialDelay: .milliseconds(10), maximumDelay: .milliseconds(20)))
        await #expect(throws: MailerError.self) { try await mailer.send(SlovakMail.message) }
        #expect(deferring.attempts == 3)

        let refusing = try await SMTPTestServer.start(behaviour: .rejectRecipient)
        defer { refusing.stop() }
        let once = try refusing.retryingMailer(Self.quick)
        do {
            try await once.send(SlovakMail.message)
            Issue.record("a refused recipient was accepted")
        } catch {
            #expect(!error.isTransient)
        }
    }
}
