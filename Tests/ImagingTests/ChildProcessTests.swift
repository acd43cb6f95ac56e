import Foundation
import TestSupport
import Testing

/// `ChildProcess`, which many suites use to run the package's command-line tools, tested from
/// the lowest test target that links `TestSupport`.
@Suite("Test support: child processes")
struct ChildProcessTests {
    /// A child that writes more to standard error than a pipe holds before it closes standard
    /// output: reading one pipe to its end before the other would wait forever.
    @Test(.hangGuard)
    func aChildThatFillsStandardErrorFirstIsCollectedWhole() async throws {
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "head -c 300000 /dev/zero | tr '\\0' e >&2; echo done"])
        #expect(result.status == 0)
        #expect(result.output == "done\n")
        #expect(result.error.utf8.count == 300_000)
    }
}
