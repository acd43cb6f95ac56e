import Foundation

/// A limit of failed sign-ins in a sliding window.
public struct RateLimit: Sendable, Hashable {
    /// How many failures are allowed within ``window``; the next attempt is refused.
    public var maximumFailures: Int
    /// The window in seconds.
    public var window: TimeInterval

    /// Creates a limit.
    public init(maximumFailures: Int, window: TimeInterval) {
        self.maximumFailures = maximumFailures
        self.window = window
    }

    /// How long until an attempt is allowed again, given the failures within the window (oldest
    /// first), or `nil` if it is allowed now: once ``maximumFailures`` are in the window, until
    /// enough of them have left it.
    /// - Parameters:
    ///   - failures: the failures at or after `now - window`, oldest first.
    ///   - now: the time of the attempt.
    /// - Returns: the seconds to wait (at least 1), or `nil`.
    public func retryAfter(failures: [Date], now: Date) -> TimeInterval? {
        guard maximumFailures >= 0, failures.count >= maximumFailures else { return nil }
        guard maximumFailures > 0 else { return max(1, window) }
        let releasing = failures[failures.count - maximumFailures]
        return max(1, releasing.timeIntervalSince(now) + window)
    }
}

/// Delays that grow with failures in a sliding window, instead of a lock-out: the first
/// ``freeFailures`` cost nothing; after that, each attempt must come at least ``initialDelay``
/// seconds after the latest failure, doubling with every further failure up to ``maximumDelay``.
/// Someone who types a wrong password now and then never notices; a guesser is slowed to one try
/// a ``maximumDelay``; and nobody is locked out for the whole window by someone else's failures.
public struct ProgressiveDelay: Sendable, Hashable {
    /// Failures within ``window`` that cost no delay.
    public var freeFailures: Int
    /// The wait after the first failure past ``freeFailures``, in seconds.
    public var initialDelay: TimeInterval
    /// The longest wait, in seconds.
    public var maximumDelay: TimeInterval
    /// The window failures are counted in, in seconds.
    public var window: TimeInterval

    /// Creates a delay rule.
    public init(freeFailures: Int, initialDelay: TimeInterval, maximumDelay: TimeInterval, window: TimeInterval) {
        self.freeFailures = freeFailures
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.window = window
    }

    /// The wait required after `count` failures in the window: none up to ``freeFailures``, then
    /// ``initialDelay`` doubling per failure, at most ``maximumDelay``.
    /// - Parameter count: failures in the window.
    /// - Returns: the wait in seconds (0 for none).
    public func delay(afterFailures count: Int) -> TimeInterval {
        guard count > freeFailures else { return 0 }
        // Past 2^30 the cap has long been reached; the bound keeps the power finite.
        let doublings = min(count - freeFailures - 1, 30)
        return min(maximumDelay, initialDelay * Double(1 << doublings))
    }

    /// How long until an attempt is allowed, given the failures within the window (oldest first),
    /// or `nil` if it is allowed now.
    /// - Parameters:
    ///   - failures: the failures at or after `now - window`, oldest first.
    ///   - now: the time of the attempt.
    /// - Returns: the seconds to wait (at least 1), or `nil`.
    public func retryAfter(failures: [Date], now: Date) -> TimeInterval? {
        guard let latest = failures.last else { return nil }
        let remaining = delay(afterFailures: failures.count) - now.timeIntervalSince(latest)
        return remaining > 0 ? max(1, remaining.rounded(.up)) : nil
    }
}

/// The limits and lifetimes the account rules use.
public struct AccountPolicy: Sendable, Hashable {
    /// Allowed username lengths. Usernames are ASCII letters, digits, `.` and `_`.
    public var usernameLength: ClosedRange<Int> = 3...30
    /// The shortest password accepted.
    public var passwordMinimumLength = 10
    /// The longest password in UTF-8 bytes, so a huge password cannot make hashing slow.
    public var passwordMaximumBytes = 1024
    /// The longest email address (RFC 5321's path limit).
    public var emailMaximumLength = 254
    /// The longest name or surname, in characters.
    public var nameMaximumLength = 50
    /// The longest bio, in characters.
    public var bioMaximumLength = 150
    /// The most lines a bio may have.
    public var bioMaximumLines = 4
    /// How long an email verification token is accepted, in seconds (24 hours).
    public var emailVerificationLifetime: TimeInterval = 24 * 3600
    /// How long a password reset token is accepted, in seconds (1 hour).
    public var passwordResetLifetime: TimeInterval = 3600
    /// How long a session lasts, in seconds (30 days).
    public var sessionLifetime: TimeInterval = 30 * 24 * 3600
    /// Failed sign-ins allowed per account *from one client key* (such as an IP address): 5 in 15
    /// minutes; then that client is refused for that account until failures leave the window,
    /// even with the right password, while the owner signing in from elsewhere is not. Wrong
    /// current passwords given to ``AccountSession/changePassword(current:to:)`` count under a
    /// client of their own.
    public var accountRateLimit = RateLimit(maximumFailures: 5, window: 15 * 60)
    /// Delays after failed sign-ins of an account from every client together, which slow guesses
    /// spread over many addresses: after 10 in 15 minutes, 1 s doubling to at most 30 s.
    public var accountDelay = ProgressiveDelay(freeFailures: 10, initialDelay: 1, maximumDelay: 30, window: 15 * 60)
    /// Delays after failed sign-ins from one client key to any account, which slow a client
    /// trying many accounts without locking out everyone behind its address (a NAT): after 20 in
    /// 15 minutes, 1 s doubling to at most 60 s.
    public var clientDelay = ProgressiveDelay(freeFailures: 20, initialDelay: 1, maximumDelay: 60, window: 15 * 60)

    /// The failures a client may make before ``clientDelay``'s delays start, and their window.
    @available(*, deprecated, message: "a client is no longer locked out; set clientDelay")
    public var clientRateLimit: RateLimit {
        get { RateLimit(maximumFailures: clientDelay.freeFailures, window: clientDelay.window) }
        set {
            clientDelay.freeFailures = newValue.maximumFailures
            clientDelay.window = newValue.window
        }
    }

    /// The defaults above.
    public init() {}

    /// The defaults.
    public static let standard = AccountPolicy()
}
