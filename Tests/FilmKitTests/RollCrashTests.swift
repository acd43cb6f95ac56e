import FilmKit
import Foundation
import Imaging
import TestSupport
import Testing

/// A `filmkit roll` process killed with SIGKILL mid-way leaves a library that opens cleanly.
@Suite("Rolls: killed processes", .serialized)
struct RollCrashTests {
    let tool = ChildProcess.product("filmkit")

    /// Polls until `condition` holds or the process ends, then kills it. The poll has a generous
    /// bound only so that a broken build cannot hang the suite.
    func kill(_ process: ChildProcess.Running, when condition: () -> Bool) async -> ChildProcess.Result {
        var polls = 0
        while process.process.isRunning, !condition(), polls < 60_000 {
            usleep(1000)
            polls += 1
        }
        process.kill()
        return await process.wait()
    }

    @Test func killedWhileShootingEveryReturnedShotSurvives() async throws {
        let library = try TemporaryDirectory("roll-kill-shoot")
        defer { library.remove() }
        let photo = library.file("photo.jpg")
        try RollFixtures.sample(width: 640).write(to: photo)
        let load = try await ChildProcess.run(
            tool, ["roll", "load", "Léto", "--stock", "vintage", "--size", "36", "--library", library.url.path])
        #expect(load.status == 0, "\(load.error)")
        let shots = try RollFixtures.onlyRollFolder(in: library.url).appendingPathComponent("shots")

        let shooting = try ChildProcess.start(
            tool, ["roll", "shoot", "leto", "--library", library.url.path] + Array(repeating: photo.path, count: 36))
        let result = await kill(shooting) { RollFixtures.count("json", in: shots) >= 3 }
        #expect(result.killedBySignal, "the shoot finished before it could be killed")
        let reported = result.output.split(separator: "\n").count

        let camera = try RollFixtures.fileCamera(library.url)
        #expect(RollFixtures.problems(in: library.url).isEmpty, "\(RollFixtures.problems(in: library.url))")
        let roll = try await camera.roll(named: "Léto")
        #expect(roll.shots.count >= max(3, reported), "every shot the process reported is kept")
        #expect(roll.shots.map(\.frame) == Array(1...roll.shots.count))
        #expect(roll.state == .loaded && roll.exposuresLeft == 36 - roll.shots.count)
        let next = try await camera.shoot(
            encoded: Data(contentsOf: photo), on: "leto", metadata: RollFixtures.metadata())
        #expect(next.shots.last?.frame == roll.shots.count + 1)
    }

    @Test func killedWhileDevelopingTheRollIsFullAndIntact() async throws {
        let library = try TemporaryDirectory("roll-kill-develop")
        defer { library.remove() }
        let full = try await RollFixtures.withFileCamera(library.url) { camera in
            try await camera.load("Léto", stock: "kodak-portra-400", size: .thirtySix)
            let photo = try RollFixtures.sample(width: 400)
            for index in 0..<36 {
                try await camera.shoot(encoded: photo, on: "Léto", metadata: RollFixtures.metadata(index))
            }
            return try await camera.roll(named: "Léto")
        }
        let developed = try RollFixtures.onlyRollFolder(in: library.url).appendingPathComponent("developed")

        let developing = try ChildProcess.start(tool, ["roll", "develop", "leto", "--library", library.url.path])
        let result = await kill(developing) { RollFixtures.count("jpg", in: developed) >= 2 }
        #expect(result.killedBySignal, "the development finished before it could be killed")
        #expect(result.output.contains("developing 36 frames"))

        let reopened = try RollFixtures.fileCamera(library.url)
        #expect(RollFixtures.problems(in: library.url).isEmpty, "\(RollFixtures.problems(in: library.url))")
        #expect(try await reopened.roll(named: "Léto") == full)
        #expect(RollFixtures.count("jpg", in: developed) == 0, "no half-developed frame is visible")
        #expect(await reopened.developedRolls().isEmpty)
        let done = try await reopened.develop("Léto") { _ in }
        #expect(done.photos.count == 36)
    }
}
