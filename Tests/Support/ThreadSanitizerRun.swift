import Foundation
import Testing

/// The few cases ThreadSanitizer itself cannot run. `scripts/tsan.sh` sets
/// `ANALOGKIT_THREAD_SANITIZER=1`; under it such a case is skipped with its reason printed.
public enum ThreadSanitizerRun {
    /// The environment variable `scripts/tsan.sh` sets.
    public static let variable = "ANALOGKIT_THREAD_SANITIZER"

    /// Whether this is the ThreadSanitizer run.
    public static var isActive: Bool { ProcessInfo.processInfo.environment[variable] == "1" }

    /// Skips the current test under ThreadSanitizer because `reason`; does nothing otherwise.
    public static func cannotRun(_ reason: String) throws {
        if isActive { try Test.cancel("skipped under ThreadSanitizer: \(reason)") }
    }
}
