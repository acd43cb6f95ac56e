import Logging
import SocialModel

/// How often and how patiently a transient failure is retried: SocialModel's `MailRetryPolicy`,
/// which the store's mail outbox (`MailOutboxSender`) retries by too.
public typealias RetryPolicy = MailRetryPolicy

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
