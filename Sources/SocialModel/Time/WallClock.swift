import Foundation

/// Tells the current time. Services take one so that expiry and rate limits can be tested by
/// moving a clock forward instead of waiting.
public protocol WallClock: Sendable {
    /// The current time.
    func now() -> Date
}

/// The system's clock.
public struct SystemWallClock: WallClock {
    /// Creates the system clock.
    public init() {}

    /// The current system time.
    public func now() -> Date { Date() }
}
