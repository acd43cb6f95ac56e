import Logging
import SocialModel

/// How often and how patiently a transient failure is retried.
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included.
    public var maximumAttempts: Int
    /// The wait before the second attempt.
    public var initialDelay: Duration
    /// How much longer each following wait is.
    public var multiplier: Double
    /// The longest wait.
    public var maximumDelay: Duration

    /// Creates a policy.
    /// - Parameters:
    ///   - maximumAttempts: attempts in all, at least 1.
    ///   - initialDelay: the wait before the second attempt.
    ///   - multiplier: how much longer each following wait is.
    ///   - maximumDelay: the longest wait.
    public init(maximumAttempts: Int, initialDelay: Duration, multiplier: Double = 2, maximumDelay: Duration) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.initialDelay = initialDelay
        self.multiplier = max(1, multiplier)
        self.maximumDelay = maximumDelay
    }

    /// Three attempts, 0.5 s and 1 s apart: a request that sends mail waits at most 1.5 s more
    /// for a server that hiccups, and a longer outage is left to the app (the token can be re-sent).
    public static let standard = RetryPolicy(
        maximumAttempts: 3, initialDelay: .milliseconds(500), maximumDelay: .seconds(10))

    /// The wait after a failed attempt.
    /// - Parameter attempt: the attempt that failed, from 1.
    /// - Returns: `initialDelay × multiplier^(attempt − 1)`, at most ``maximumDelay``.
    public func delay(afterAttempt attempt: Int) -> Duration {
        var delay = initialDelay
        for _ in 1..<max(1, attempt) {
            delay = delay * multiplier
            if delay >= maximumDelay { return maximumDelay }
        }
        return min(delay, maximumDelay)
    }
}

/// A mailer that sends again, after a growing wait, when another mailer fails transiently
/// (`MailerError.isTransient`); permanent failures are passed on at once.
public struct RetryingMailer: Mailer {
    /// The mailer that sends.
    public let base: any Mailer
    /// How often and how patiently to retry.
    public let policy: RetryPolicy
    let clock: any Clock<Duration>
    let logger: Logger

    /// Creates the mailer.
    /// - Parameters:
    ///   - base: the mailer that sends.
    ///   - policy: how often and how patiently to retry.
    ///   - clock: what the waits are measured on; tests pass one that does not wait.
    ///   - logger: where each retry is logged (as a warning).
    public init(
        _ base: any Mailer, policy: RetryPolicy = .standard, clock: any Clock<Duration> = ContinuousClock(),
        logger: Logger
    ) {
        self.base = base
        self.policy = policy
        self.clock = clock
        self.logger = logger
    }

    /// Sends, retrying transient failures.
    /// - Parameter message: the message.
    /// - Throws: the last `MailerError` when every attempt failed or a failure is permanent; a
    ///   cancelled task stops waiting and throws the last failure.
    public func send(_ message: MailMessage) async throws(MailerError) {
        var attempt = 1
        while true {
            do {
                try await base.send(message)
                return
            } catch  where error.isTransient && attempt < policy.maximumAttempts {
                let failure = error
                let delay = policy.delay(afterAttempt: attempt)
                logger.warning(
                    "mail delivery failed; retrying",
                    metadata: ["attempt": "\(attempt)", "retry-in": "\(delay)", "error": "\(failure)"])
                do {
                    try await clock.sleep(for: delay)
                } catch {
                    throw failure
                }
                attempt += 1
            }
        }
    }
}
