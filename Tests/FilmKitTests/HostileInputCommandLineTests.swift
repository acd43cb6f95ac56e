import FilmKit
import Foundation
import Imaging
import PixelTestSupport
import TestSupport
import Testing

/// `filmkit` against hostile input (issue 15, cases 1, 2, 3 and 6): exit status 1 and one line on
/// standard error, never a signal, no partial output, nothing deleted.
@Suite("filmkit: hostile input")
struct HostileInputCommandLineTests {
    let tool = ChildProcess.product("filmkit")

    @discardableResult
    func expectOneLineFailure(_ arguments: [String], mentioning text: String) async throws -> ChildProcess.Result {
        let result = try await ChildProcess.run(tool, arguments)
        #expect(result.status == 1, "status \(result.status), stderr: \(result.error)")
        #expect(!result.killedBySignal)
        #expect(result.error.split(separator: "\n").count == 1, "stderr: \(result.error)")
        #expect(result.error.contains(text), "stderr: \(result.error)")
        return result
    }

    @Test(arguments: [
        "DOMAIN_MAX 1e-46 1e-46 1e-46", "DOMAIN_MIN -1e39 -1e39 -1e39\nDOMAIN_MAX 1e39 1e39 1e39",
        "LUT_3D_INPUT_RANGE -inf inf",
    ])
    func aHostileLookupTableExitsWithOneLine(header: String) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let cube = folder.file("hostile.cube")
        try Data(LUTHostileInputTests.cube(header).utf8).write(to: cube)
        let output = folder.file("out.jpg")
        try await expectOneLineFailure(
            ["apply", "--lut", cube.path, Samples.url("chelsea.png").path, output.path], mentioning: "Error:")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func aHostile1DLookupTableExitsWithOneLine() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let cube = folder.file("hostile.cube")
        try Data(LUTHostileInputTests.cube("LUT_1D_INPUT_RANGE -inf inf", dimensions: "1D").utf8).write(to: cube)
        try await expectOneLineFailure(
            ["apply", "--lut", cube.path, Samples.url("chelsea.png").path, folder.file("out.jpg").path],
            mentioning: "'-inf' is not a number")
    }

    @Test func aUsersLookupTableAndStockApplyWithoutSwift() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let cube = folder.file("invert.cube")
        try Data("LUT_1D_SIZE 2\n1 1 1\n0 0 0\n".utf8).write(to: cube)
        let inverted = folder.file("inverted.png")
        let lut = try await ChildProcess.run(
            tool,
            ["apply", "--lut", cube.path, "--param", "intensity=1", Samples.url("coffee.png").path, inverted.path])
        #expect(lut.status == 0, "\(lut.error)")
        let original = try Image(contentsOf: Samples.url("coffee.png")).bandMeans()
        let means = try Image(contentsOf: inverted).bandMeans()
        #expect(zip(original, means).allSatisfy { abs($0 + $1 - 255) < 1.5 })

        var stock = try #require(FilmStock.builtIn.first { $0.id == "kodak-gold-200" })
        stock.id = "my-gold"
        let stockFile = folder.file("my-gold.json")
        try JSONEncoder().encode(stock).write(to: stockFile)
        let stocked = try await ChildProcess.run(
            tool,
            [
                "apply", "--stock", stockFile.path, "--param", "grain=0.5", Samples.url("coffee.png").path,
                folder.file("gold.jpg").path,
            ])
        #expect(stocked.status == 0, "\(stocked.error)")

        try Data("{\"id\": \"broken\"".utf8).write(to: folder.file("broken.json"))
        try await expectOneLineFailure(
            [
                "apply", "--stock", folder.file("broken.json").path, Samples.url("coffee.png").path,
                folder.file("x.jpg").path,
            ],
            mentioning: "not a valid film stock")
        try await expectOneLineFailure(
            ["apply", "--stock", "/dev/zero", Samples.url("coffee.png").path, folder.file("y.jpg").path],
            mentioning: "over the limit")
        let both = try await ChildProcess.run(
            tool, ["apply", "--lut", cube.path, "--filter", "vintage", Samples.url("coffee.png").path, inverted.path])
        #expect(both.status != 0 && both.error.contains("exactly one of"))
    }

    @Test func aCorruptJPEGIsRefusedByApplyAndShoot() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let corrupt = folder.file("corrupt.jpg")
        try HostileFiles.corruptJPEG().write(to: corrupt)
        let output = folder.file("out.jpg")
        try await expectOneLineFailure(
            ["apply", "--filter", "vintage", corrupt.path, output.path], mentioning: "Corrupt JPEG data")
        #expect(!FileManager.default.fileExists(atPath: output.path))

        let library = folder.file("library").path
        #expect(
            try await ChildProcess.run(
                tool, ["roll", "load", "Léto", "--stock", "vintage", "--size", "12", "--library", library]
            ).status == 0)
        try await expectOneLineFailure(
            ["roll", "shoot", "leto", corrupt.path, "--library", library], mentioning: "Corrupt JPEG data")
        let list = try await ChildProcess.run(tool, ["roll", "list", "--library", library])
        #expect(list.output.contains("0 of 12 shot"))

        let bomb = folder.file("bomb.jpg")
        try HostileFiles.hugeHeaderJPEG().write(to: bomb)
        try await expectOneLineFailure(
            ["apply", "--filter", "vintage", bomb.path, output.path], mentioning: "work limit")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func fileNamesThatAreNotUTF8AreReadAndWrittenExactly() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let input: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".png".utf8)
        let output: [UInt8] = Array("v".utf8) + [0xFD] + Array("stup.jpg".utf8)
        try HostileFiles.write(Samples.data("chelsea.png"), named: input, in: folder.url)
        let prefix = Array((folder.url.path + "/").utf8)
        let applied = try await ChildProcess.run(
            tool,
            rawArguments: [
                Array("apply".utf8), Array("--filter".utf8), Array("vintage".utf8), prefix + input, prefix + output,
            ])
        #expect(applied.status == 0, "\(applied.error)")
        #expect(HostileFiles.rawNames(in: folder.url) == [input, output])

        let library = Array(folder.file("library").path.utf8)
        let exported: [UInt8] = Array("Fotky ".utf8) + [0xE9, 0xE9]
        for arguments in [
            ["load", "Léto", "--stock", "vintage", "--size", "12"].map { Array($0.utf8) },
            [Array("shoot".utf8), Array("leto".utf8), prefix + input],
            [Array("develop".utf8), Array("leto".utf8), Array("--finish-early".utf8)],
            [Array("export".utf8), Array("leto".utf8), prefix + exported],
        ] {
            let result = try await ChildProcess.run(
                tool, rawArguments: [Array("roll".utf8)] + arguments + [Array("--library".utf8), library])
            #expect(result.status == 0, "\(result.error)")
        }
        #expect(HostileFiles.rawNames(in: folder.url).contains(exported))
        #expect(
            HostileFiles.rawNames(in: folder.url.appendingPathComponent(FileSystemPath.string(fromBytes: exported)))
                == [Array("Leto-01.jpg".utf8)])

        let missing: [UInt8] = Array("nic".utf8) + [0xE9] + Array(".png".utf8)
        let failed = try await ChildProcess.run(
            tool,
            rawArguments: [
                Array("apply".utf8), Array("--filter".utf8), Array("vintage".utf8), prefix + missing, prefix + output,
            ])
        #expect(failed.status == 1 && failed.error.contains("nic\\xE9.png"), "\(failed.error)")
    }

    @Test func damagedRollsAreListedCheckedAndRepaired() async throws {
        let library = try TemporaryDirectory("roll-cli-damage")
        defer { library.remove() }
        let roll = try await RollFixtures.withFileCamera(library.url) { camera in
            try await RollFixtures.shotRoll(camera, name: "Léto", shots: 3)
            try await RollFixtures.shotRoll(camera, name: "Zima", shots: 1)
            return try await camera.roll(named: "Léto")
        }
        let record = RollFixtures.file("roll.json", of: roll, in: library.url)
        try RollDamageTests.truncate(record)
        let path = library.url.path

        let list = try await expectOneLineFailure(["roll", "list", "--library", path], mentioning: "roll.json")
        #expect(list.output.contains("Zima"), "the other rolls are still listed")
        #expect(list.error.contains("Léto"))
        try await expectOneLineFailure(
            ["roll", "shoot", "leto", Samples.url("chelsea.png").path, "--library", path], mentioning: "damaged")
        try await expectOneLineFailure(["roll", "check", "--library", path], mentioning: "roll.json")
        let repaired = try await ChildProcess.run(tool, ["roll", "check", "--repair", "--library", path])
        #expect(repaired.status == 0, "\(repaired.error)")
        #expect(repaired.output.contains("restored the record of roll 'Léto'"))
        #expect(repaired.output.contains("kept aside"))
        let healthy = try await ChildProcess.run(tool, ["roll", "list", "--library", path])
        #expect(healthy.status == 0 && healthy.output.contains("Léto") && healthy.error.isEmpty)
    }

    @Test func aDamagedDevelopedPhotoFailsTheExport() async throws {
        let library = try TemporaryDirectory("roll-cli-photo")
        defer { library.remove() }
        let out = try TemporaryDirectory("roll-cli-photo-out")
        defer { out.remove() }
        let roll = try await RollFixtures.withFileCamera(library.url) { camera in
            try await RollFixtures.developedRoll(camera, shots: 2)
        }
        try RollDamageTests.truncate(
            RollFixtures.file("developed/0002.jpg", of: roll, in: library.url))
        try await expectOneLineFailure(
            ["roll", "export", "leto", out.url.path, "--frame", "2", "--library", library.url.path],
            mentioning: "frame 2")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.url.path).isEmpty)
        try await expectOneLineFailure(["roll", "check", "--library", library.url.path], mentioning: "checksum")
    }
}
