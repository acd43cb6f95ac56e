import Foundation

/// Tells the current time. Services take one so that expiry and rate limits can be tested by
/// moving a clock forward instead of waiting.
public protocol WallClock: Sendable {
    /// The current time.
    func now() -> Date

    /// Returns once ``now()`` has reached `deadline` (at once if it already has). What waits on a
    /// session's expiry waits here, so a clock moved by hand (a test's) ends the wait when moved.
    /// The default sleeps in steps of at most a minute and reads ``now()`` after each, so a clock
    /// that jumps (a system clock set forward) is noticed within a minute.
    /// - Parameter deadline: the time to wait for.
    /// - Throws: `CancellationError` when the task is cancelled first.
    func sleep(until deadline: Date) async throws
}

extension WallClock {
    /// Sleeps in steps of at most 60 s until ``now()`` reaches `deadline`.
    /// - Parameter deadline: the time to wait for.
    /// - Throws: `CancellationError` when the task is cancelled first.
    public func sleep(until deadline: Date) async throws {
        while true {
            let remaining = deadline.timeIntervalSince(now())
            guard remaining > 0 else { return }
            try await Task.sleep(for: .milliseconds(Int64((min(remaining, 60) * 1000).rounded(.up))))
        }
    }
}

/// The system's clock.
public struct SystemWallClock: WallClock {
    /// Creates the system clock.
    public init() {}

    /// The current system time.
    public func now() -> Date { Date() }
}
