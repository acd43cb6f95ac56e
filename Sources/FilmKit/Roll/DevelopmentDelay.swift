import Foundation

/// How long the lab keeps a roll before its photos can be seen.
///
/// The frames are rendered at once (so a crash cannot lose a roll that is waiting); the delay
/// only holds the roll in ``RollState/developing`` until its ``Roll/readyDate``, which is stored
/// with the roll and so outlasts restarts.
public struct DevelopmentDelay: Sendable, Hashable, Codable {
    /// The wait, in seconds.
    public var seconds: TimeInterval

    /// A delay of `seconds`, at least 0.
    public init(seconds: TimeInterval) {
        self.seconds = max(0, seconds.isFinite ? seconds : 0)
    }

    /// A delay of `hours`.
    public static func hours(_ hours: Double) -> DevelopmentDelay {
        DevelopmentDelay(seconds: hours * 3600)
    }

    /// No wait, as the original app did.
    public static let none = DevelopmentDelay(seconds: 0)
    /// About a day, as a real lab takes.
    public static let labDay = DevelopmentDelay.hours(24)
    /// 72 hours, as Gudak makes its users wait.
    public static let seventyTwoHours = DevelopmentDelay.hours(72)
}

/// Tells the time for development delays. Inject a clock you control in tests; see
/// `ManualRollClock` in `FilmKitMocks`.
public protocol RollClock: Sendable {
    /// The current date.
    var now: Date { get }
}

/// The system's wall clock.
public struct SystemRollClock: RollClock {
    /// Creates the clock.
    public init() {}

    /// The current date.
    public var now: Date { Date() }
}
