import Foundation
import Locking
import SocialModel

/// A clock that stands still until moved, so expiry and rate limits are tested without waiting.
public final class ManualClock: WallClock {
    private let current: Locked<Date>

    /// A clock showing `start` (by default 2026-01-01 00:00:00 UTC).
    public init(start: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        current = Locked(start)
    }

    /// The time it shows.
    public func now() -> Date { current.withLock { $0 } }

    /// Moves the clock forward (or back, with a negative interval).
    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 += seconds }
    }
}
