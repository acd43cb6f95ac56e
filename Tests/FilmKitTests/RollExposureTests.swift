import FilmKit
import Foundation
import TestSupport
import Testing

/// Exposure compensation per shot (issue 44): stored with each frame, shown, checked.
@Suite("Rolls: exposure per shot")
struct RollExposureTests {
    @Test func eachShotKeepsItsExposureCompensation() async throws {
        let library = try TemporaryDirectory("roll-exposure")
        defer { library.remove() }
        try await RollFixtures.withFileCamera(library.url) { camera in
            try await camera.load("Léto", stock: "vintage", size: .twelve)
            for (index, ev) in [-2, nil, 1.5].enumerated() {
                var metadata = RollFixtures.metadata(index)
                metadata.exposureCompensation = ev
                try await camera.shoot(encoded: RollFixtures.photo(), on: "leto", metadata: metadata)
            }
            for bad in [-5.5, 6, .nan, .infinity] {
                var metadata = RollFixtures.metadata(9)
                metadata.exposureCompensation = bad
                await #expect(throws: RollError.self) {
                    try await camera.shoot(encoded: RollFixtures.photo(), on: "leto", metadata: metadata)
                }
            }
        }
        let camera = try RollFixtures.fileCamera(library.url)
        let roll = try await camera.roll(named: "leto")
        #expect(roll.shots.map(\.metadata.exposureCompensation) == [-2, nil, 1.5])
        try await camera.finishEarly("leto")
        let developed = try await camera.develop("leto") { _ in }
        #expect(developed.photos.map(\.metadata.exposureCompensation) == [-2, nil, 1.5])
    }

    @Test func theCommandLineShootsWithEV() async throws {
        let library = try TemporaryDirectory("roll-exposure-cli")
        defer { library.remove() }
        let tool = ChildProcess.product("filmkit")
        let photo = Samples.url("chelsea.png").path
        func run(_ arguments: [String]) async throws -> ChildProcess.Result {
            try await ChildProcess.run(tool, ["roll"] + arguments + ["--library", library.url.path])
        }
        #expect(try await run(["load", "Léto", "--stock", "vintage", "--size", "12"]).status == 0)
        #expect(try await run(["shoot", "leto", photo, "--ev=-1.5"]).status == 0)
        #expect(try await run(["shoot", "leto", photo]).status == 0)
        let refused = try await run(["shoot", "leto", photo, "--ev", "9"])
        #expect(refused.status != 0 && refused.error.contains("outside −5…+5 EV"), "\(refused.error)")
        let lines = try await run(["show", "leto"]).output.split(separator: "\n")
        #expect(lines.count == 4, "\(lines)")
        #expect(lines.dropFirst(2).first?.hasSuffix("\t-1.5 EV") == true, "\(lines)")
        #expect(lines.last?.contains("EV") == false, "\(lines)")
    }
}
