import Foundation
import Imaging
import TestSupport
import Testing

/// `filmkit roll` as a user meets it: the whole workflow, and one-line errors with a non-zero exit.
@Suite("Rolls: command line")
struct RollCommandLineTests {
    let tool = ChildProcess.product("filmkit")

    func run(_ arguments: [String], library: TemporaryDirectory) throws -> ChildProcess.Result {
        try ChildProcess.run(tool, ["roll"] + arguments + ["--library", library.url.path])
    }

    func expectOneLineFailure(_ arguments: [String], library: TemporaryDirectory, mentioning text: String) throws {
        let result = try run(arguments, library: library)
        #expect(result.status != 0)
        #expect(!result.killedBySignal)
        #expect(result.error.split(separator: "\n").count == 1, "stderr: \(result.error)")
        #expect(result.error.contains(text), "stderr: \(result.error)")
    }

    @Test func loadShootDevelopListExportDelete() throws {
        let library = try TemporaryDirectory("roll-cli")
        defer { library.remove() }
        let photo = Samples.url("chelsea.png").path
        #expect(try run(["load", "Léto", "--stock", "vintage", "--size", "12"], library: library).status == 0)
        let shot = try run(
            ["shoot", "leto", photo, photo, "--latitude", "50.1", "--longitude", "14.4"] + [photo], library: library)
        #expect(shot.status == 0, "\(shot.error)")
        #expect(shot.output.contains("frame 3 of 12"))
        #expect(shot.output.contains("9 left"))
        let developed = try run(["develop", "LETO", "--finish-early"], library: library)
        #expect(developed.status == 0, "\(developed.error)")
        #expect(developed.output.contains("[3/3]"))
        let list = try run(["list", "--search", "léto", "--photos"], library: library)
        #expect(list.output.contains("Léto\tVintage\tdeveloped\t3 photos"))
        #expect(list.output.contains("Vintage — frame 2 of 12"))
        #expect(try run(["list", "--search", "zima"], library: library).output.isEmpty)
        #expect(try run(["load", "Zima", "--stock", "kodak-portra-400"], library: library).status == 0)
        let all = try run(["list"], library: library).output
        #expect(all.contains("Zima\tKodak Portra 400\tloaded\t0 of 36 shot, 36 left"))
        #expect(!(try run(["list", "--developed"], library: library).output.contains("Zima")))

        let out = try TemporaryDirectory("roll-cli-out")
        defer { out.remove() }
        #expect(try run(["export", "leto", out.url.path], library: library).status == 0)
        #expect(try run(["export", "leto", out.url.path, "--frame", "2"], library: library).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: out.url.path).sorted()
        #expect(names == ["Leto-01.jpg", "Leto-02 2.jpg", "Leto-02.jpg", "Leto-03.jpg"])
        #expect(try Image(contentsOf: out.file("Leto-03.jpg")).width == 451)

        #expect(try run(["delete", "léto"], library: library).status == 0)
        #expect(try run(["list", "--developed"], library: library).output.isEmpty)
    }

    @Test func mistakesFailWithOneLine() throws {
        let library = try TemporaryDirectory("roll-cli-errors")
        defer { library.remove() }
        let photo = Samples.url("chelsea.png").path
        #expect(try run(["load", "Léto", "--stock", "vintage", "--size", "12"], library: library).status == 0)
        try expectOneLineFailure(
            ["load", "LETO", "--stock", "vintage"], library: library, mentioning: "a roll named 'Léto' already exists")
        try expectOneLineFailure(
            ["load", "Zima", "--stock", "vintge"], library: library, mentioning: "did you mean 'vintage'")
        try expectOneLineFailure(["develop", "leto"], library: library, mentioning: "is loaded, not full")
        try expectOneLineFailure(["shoot", "lteo", photo], library: library, mentioning: "did you mean 'Léto'")
        try expectOneLineFailure(
            ["shoot", "leto", Samples.url("LICENSE.md").path], library: library, mentioning: "not a supported image")
        try expectOneLineFailure(["export", "leto", "/tmp"], library: library, mentioning: "is loaded, not developed")
        let twelve = Array(repeating: photo, count: 12)
        #expect(try run(["shoot", "leto"] + twelve, library: library).status == 0)
        try expectOneLineFailure(["shoot", "leto", photo], library: library, mentioning: "is full (all 12 exposures")
    }
}
