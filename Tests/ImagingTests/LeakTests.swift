import Foundation
import TestSupport
import Testing

@Suite("Leaks")
struct LeakTests {
    /// libvips counts its own live objects. In a process of its own (tests in this one run in
    /// parallel and hold images), loads, filters, encodes, failures and pixel round trips must
    /// leave none behind once the images are dropped.
    @Test func imagesReleaseEveryLibvipsObject() async throws {
        let result = try await ChildProcess.run(
            ChildProcess.product("imaging-leak-check"), [Samples.url("chelsea.png").path, "10"])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(result.output.contains("after the workload: 0"))
    }
}
