/// How often and how patiently a mail that failed transiently is sent again: the one backoff rule
/// both the in-request `RetryingMailer` (SocialModelMail) and the outbox's ``MailOutboxSender`` use.
public struct MailRetryPolicy: Sendable, Hashable {
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
    public static let standard = MailRetryPolicy(
        maximumAttempts: 3, initialDelay: .milliseconds(500), maximumDelay: .seconds(10))

    /// The outbox's: 20 attempts, 10 s after the first failure, doubling up to an hour apart, so a
    /// mail server down for most of a day still gets the mail; then the mail counts as failed.
    public static let outbox = MailRetryPolicy(
        maximumAttempts: 20, initialDelay: .seconds(10), maximumDelay: .seconds(3600))

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
