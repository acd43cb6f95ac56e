import Foundation
import Testing

/// The rule for tests that need a program or a server from the system (aiosmtpd, msmtp, openssl…):
/// when it is missing the test is skipped with the reason printed, unless
/// `ANALOGKIT_REQUIRE_REAL_SERVERS=1` (set by `scripts/test.sh` after it installs everything), which
/// makes a missing part a failure.
public enum RealServerRequirement {
    /// The environment variable that turns skips into failures.
    public static let variable = "ANALOGKIT_REQUIRE_REAL_SERVERS"

    /// Whether a missing part must fail the test.
    public static var isRequired: Bool { ProcessInfo.processInfo.environment[variable] == "1" }

    /// Skips the current test because `reason`, or fails it when real servers are required.
    public static func unavailable(_ reason: String) throws -> Never {
        if isRequired { throw Missing(reason: reason) }
        try Test.cancel("skipped: \(reason)")
    }

    /// An executable at `path`, or a skip (or failure) naming the Debian package that provides it.
    public static func executable(_ path: String, package: String) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            try unavailable(
                "\(path) is missing (Debian package \(package); scripts/install-system-packages.sh installs it)")
        }
        return path
    }

    /// A required part is missing.
    public struct Missing: Error, CustomStringConvertible {
        /// What is missing.
        public let reason: String
        /// The reason, with the variable that made it a failure.
        public var description: String { "\(variable)=1 but \(reason)" }
    }
}
