import Foundation
import Imaging
import TestSupport
import Testing

/// `filmkit roll` as a user meets it: the whole workflow, and one-line errors with a non-zero exit.
@Suite("Rolls: command line")
struct RollCommandLineTests {
    let tool = ChildProcess.product("filmkit")

    func run(_ arguments: [String], library: TemporaryDirectory) async throws -> ChildProcess.Result {
        try await ChildProcess.run(tool, ["roll"] + arguments + ["--library", library.url.path])
    }

    func expectOneLineFailure(_ arguments: [String], library: TemporaryDirectory, mentioning text: String) async throws
    {
        let result = try await run(arguments, library: library)
        #expect(result.status != 0)
        #expect(!result.killedBySignal)
        #expect(result.error.split(separator: "\n").count == 1, "stderr: \(result.error)")
        #expect(result.error.contains(text), "stderr: \(result.error)")
    }

    @Test func loadShootDevelopListExportDelete() async throws {
        let library = try TemporaryDirectory("roll-cli")
        defer { library.remove() }
        let photo = Samples.url("chelsea.png").path
        await #expect(try run(["load", "Léto", "--stock", "vintage", "--size", "12"], library: library).status == 0)
        let shot = try await run(
            ["shoot", "leto", photo, photo, "--latitude", "50.1", "--longitude", "14.4"] + [photo], library: library)
        #expect(shot.status == 0, "\(shot.error)")
        #expect(shot.output.contains("frame 3 of 12"))
        #expect(shot.output.contains("9 left"))
        let developed = try await run(["develop", "LETO", "--finish-early"], library: library)
        #expect(developed.status == 0, "\(developed.error)")
        #expect(developed.output.contains("[3/3]"))
        let list = try await run(["list", "--search", "léto", "--photos"], library: library)
        #expect(list.output.contains("Léto\tVintage\tdeveloped\t3 photos"))
        #expect(list.output.contains("Vintage — frame 2 of 12"))
        await #expect(try run(["list", "--search", "zima"], library: library).output.isEmpty)
        await #expect(try run(["load", "Zima", "--stock", "kodak-portra-400"], library: library).status == 0)
        let all = try await run(["list"], library: library).output
        #expect(all.contains("Zima\tKodak Portra 400\tloaded\t0 of 36 shot, 36 left"))
        await #expect(!(try run(["list", "--developed"], library: library).output.contains("Zima")))

        let out = try TemporaryDirectory("roll-cli-out")
        defer { out.remove() }
        await #expect(try run(["export", "leto", out.url.path], library: library).status == 0)
        await #expect(try run(["export", "leto", out.url.path, "--frame", "2"], library: library).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: out.url.path).sorted()
        #expect(names == ["Leto-01.jpg", "Leto-02 2.jpg", "Leto-02.jpg", "Leto-03.jpg"])
        #expect(try Image(contentsOf: out.file("Leto-03.jpg")).width == 451)

        await #expect(try run(["delete", "léto"], library: library).status == 0)
        await #expect(try run(["list", "--developed"], library: library).output.isEmpty)
    }

    @Test func mistakesFailWithOneLine() async throws {
        let library = try TemporaryDirectory("roll-cli-errors")
        defer { library.remove() }
        let photo = Samples.url("chelsea.png").path
        await #expect(try run(["load", "Léto", "--stock", "vintage", "--size", "12"], library: library).status == 0)
        try await expectOneLineFailure(
            ["load", "LETO", "--stock", "vintage"], library: library, mentioning: "a roll named 'Léto' already exists")
        try await expectOneLineFailure(
            ["load", "Zima", "--stock", "vintge"], library: library, mentioning: "did you mean 'vintage'")
        try await expectOneLineFailure(["develop", "leto"], library: library, mentioning: "is loaded, not full")
        try await expectOneLineFailure(["shoot", "lteo", photo], library: library, mentioning: "did you mean 'Léto'")
        try await expectOneLineFailure(
            ["shoot", "leto", Samples.url("LICENSE.md").path], library: library, mentioning: "not a supported image")
        try await expectOneLineFailure(
            ["export", "leto", "/tmp"], library: library, mentioning: "is loaded, not developed")
        let twelve = Array(repeating: photo, count: 12)
        await #expect(try run(["shoot", "leto"] + twelve, library: library).status == 0)
        try await expectOneLineFailure(
            ["shoot", "leto", photo], library: library, mentioning: "is full (all 12 exposures")
    }
}
