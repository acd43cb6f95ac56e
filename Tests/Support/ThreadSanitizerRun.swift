import Foundation
import Testing

/// The few cases ThreadSanitizer itself cannot run, and how much longer its run may take. `scripts/tsan.sh` sets
/// `ANALOGKIT_THREAD_SANITIZER=1`; under it such a case is skipped with its reason printed.
public enum ThreadSanitizerRun {
    /// The environment variable `scripts/tsan.sh` sets.
    public static let variable = "ANALOGKIT_THREAD_SANITIZER"

    /// Whether this is the ThreadSanitizer run.
    public static var isActive: Bool { ProcessInfo.processInfo.environment[variable] == "1" }

    /// How many times slower the ThreadSanitizer run is, with the whole suite on two cores. Waits
    /// that bound only how long the machine takes (not what a test checks) are multiplied by it.
    public static var slowdown: Double { isActive ? 10 : 1 }

    /// `duration` stretched by ``slowdown``.
    public static func scaled(_ duration: Duration) -> Duration { duration * slowdown }

    /// Skips the current test under ThreadSanitizer because `reason`; does nothing otherwise.
    public static func cannotRun(_ reason: String) throws {
        if isActive { try Test.cancel("skipped under ThreadSanitizer: \(reason)") }
    }
}
