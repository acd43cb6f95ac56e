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
    /// Failed sign-ins allowed per account: 5 in 15 minutes.
    public var accountRateLimit = RateLimit(maximumFailures: 5, window: 15 * 60)
    /// Failed sign-ins allowed per client key (such as an IP address): 20 in 15 minutes.
    public var clientRateLimit = RateLimit(maximumFailures: 20, window: 15 * 60)

    /// The defaults above.
    public init() {}

    /// The defaults.
    public static let standard = AccountPolicy()
}
