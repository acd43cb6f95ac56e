import FilmKit
import Foundation
import Imaging
import TestSupport
import Testing

/// Damaged roll files (issue 15, case 2): never hidden, never deleted, listed with the file and
/// the reason, refused by name with a typed error, and repaired by `Camera.repair()`.
@Suite("Rolls: damaged files")
struct RollDamageTests {
    /// Cuts a file to half its size, as a failing disk or a careless editor would.
    static func truncate(_ url: URL) throws {
        let data = try Data(contentsOf: url)
        try data.prefix(data.count / 2).write(to: url)
    }

    /// Every file of a library with its bytes, to prove a step changed nothing.
    static func snapshot(_ library: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for file in RollFixtures.files(in: library) where file.lastPathComponent != ".lock" {
            files[file.path] = try Data(contentsOf: file)
        }
        return files
    }

    @Test func aTruncatedRollRecordIsListedAsDamagedAndRestoredFromItsBackup() async throws {
        let library = try TemporaryDirectory("roll-damaged-record")
        defer { library.remove() }
        let roll = try await RollFixtures.withFileCamera(library.url) { camera in
            try await RollFixtures.shotRoll(camera, name: "Léto", shots: 5)
        }
        let record = RollFixtures.file("roll.json", of: roll, in: library.url)
        try Self.truncate(record)
        let before = try Self.snapshot(library.url)

        let camera = try RollFixtures.fileCamera(library.url)
        #expect(await camera.rolls().isEmpty)
        let damage = await camera.damage()
        #expect(damage.map(\.kind) == [.unreadableRollRecord])
        #expect(damage.first?.file == record.path)
        #expect(damage.first?.rollName == "Léto", "the name comes from the backup, so it stays taken")
        #expect(damage.first.map { !$0.description.contains("\n") && $0.description.contains("roll.json") } == true)
        let refused = await #expect(throws: RollError.self) { try await camera.roll(named: "leto") }
        guard case .damaged(let name, let file, _) = refused else {
            Issue.record("\(String(describing: refused))"); return
        }
        #expect(name == "Léto" && file == record.path)
        await #expect(throws: RollError.duplicateName(requested: "LÉTO", existing: "Léto")) {
            try await camera.load("LÉTO", stock: "vintage", size: .twelve)
        }
        #expect(try Self.snapshot(library.url) == before, "opening changes nothing")

        let report = try await camera.repair()
        #expect(report.isHealthy, "\(report.damage)")
        #expect(report.repairs.contains(.restoredRollRecord(rollID: roll.id, name: "Léto")))
        #expect(report.keptAside.count == 1, "the damaged record is kept aside, not deleted")
        #expect(try await camera.roll(named: "Léto").shots.count == 5)
        #expect(await camera.damage().isEmpty)
    }

    @Test func aGarbageRecordWithoutABackupKeepsTheWholeRollAside() async throws {
        let library = try TemporaryDirectory("roll-garbage-record")
        defer { library.remove() }
        let roll = try await RollFixtures.withFileCamera(library.url) { camera in
            try await RollFixtures.shotRoll(camera, name: "Zima", shots: 3)
        }
        let folder = RollFixtures.file(of: roll, in: library.url)
        try Data("garbage".utf8).write(to: folder.appendingPathComponent("roll.json"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("roll-backup.json"))
        let shots = try Self.snapshot(folder.appendingPathComponent("shots"))

        let camera = try RollFixtures.fileCamera(library.url)
        #expect(await camera.damage().map(\.kind) == [.unreadableRollRecord])
        let report = try await camera.repair()
        #expect(report.isHealthy)
        #expect(report.repairs.count == 1)
        // Every shot is still there, byte for byte, in the kept-aside folder.
        let kept = library.url.appendingPathComponent("kept-aside").appendingPathComponent(roll.id.uuidString)
        for (path, data) in shots {
            let moved = kept.appendingPathComponent("shots").appendingPathComponent(
                URL(fileURLWithPath: path).lastPathComponent)
            #expect(try Data(contentsOf: moved) == data)
        }
        #expect(report.keptAside.count == shots.count + 1)
        #expect(await camera.rolls().isEmpty)
    }

    @Test func aTruncatedShotRecordNeverCostsTheShotAndIsRebuiltFromIt() async throws {
        let library = try TemporaryDirectory("roll-damaged-shot")
        defer { library.remove() }
        let roll = try await RollFixtures.withFileCamera(library.url) { camera in
            try await RollFixtures.shotRoll(camera, name: "Léto", shots: 12)
        }
        let shots = RollFixtures.file("shots", of: roll, in: library.url)
        let image = shots.appendingPathComponent("0005.jpg")
        let photo = try Data(contentsOf: image)
        try Self.truncate(shots.appendingPathComponent("0005.json"))

        for _ in 0..<2 {  // opening twice deletes nothing either
            let camera = try RollFixtures.fileCamera(library.url)
            #expect(await camera.damage().map(\.kind) == [.unreadableShotRecord(frame: 5)])
            await #expect(throws: RollError.self) { try await camera.roll(named: "Léto") }
            #expect(try Data(contentsOf: image) == photo, "the shot is never deleted")
            await camera.close()
        }
        let camera = try RollFixtures.fileCamera(library.url)
        let report = try await camera.repair()
        #expect(report.isHealthy, "\(report.damage)")
        #expect(report.repairs.contains(.rebuiltShotRecord(roll: "Léto", frame: 5)))
        let repaired = try await camera.roll(named: "Léto")
        #expect(repaired.shots.map(\.frame) == Array(1...12))
        #expect(repaired.state == .full)
        #expect(repaired.shots[4].byteCount == photo.count)
        #expect(try await camera.develop("Léto") { _ in }.photos.count == 12)
    }

    @Test func aShotWhoseBytesAreDamagedIsKeptAside() async throws {
        let library = try TemporaryDirectory("roll-damaged-bytes")
        defer { library.remove() }
        let roll = try await RollFixtures.withFileCamera(library.url) { camera in
            try await RollFixtures.shotRoll(camera, name: "Léto", shots: 4)
        }
        let shots = RollFixtures.file("shots", of: roll, in: library.url)
        try Self.truncate(shots.appendingPathComponent("0002.jpg"))
        let camera = try RollFixtures.fileCamera(library.url)
        #expect(await camera.damage().map(\.kind) == [.shotDoesNotMatchRecord(frame: 2)])
        let report = try await camera.repair()
        #expect(report.isHealthy)
        #expect(
            report.keptAside.map { URL(fileURLWithPath: $0).lastPathComponent }.sorted() == ["0002.jpg", "0002.json"])
        #expect(try await camera.roll(named: "Léto").shots.map(\.frame) == [1, 3, 4])
    }

    @Test func aDamagedDevelopedPhotoIsNeverExportedAndIsDevelopedAgain() async throws {
        let library = try TemporaryDirectory("roll-damaged-photo")
        defer { library.remove() }
        let out = try TemporaryDirectory("roll-damaged-photo-out")
        defer { out.remove() }
        let camera = try RollFixtures.fileCamera(library.url)
        let developed = try await RollFixtures.developedRoll(camera, shots: 3)
        #expect(developed.photos.allSatisfy { $0.checksum?.count == 64 })
        let file = library.url.appendingPathComponent(developed.id.uuidString).appendingPathComponent(
            "developed/0002.jpg")
        let original = try Data(contentsOf: file)
        try Self.truncate(file)

        let destination = FolderExportDestination(folder: out.url)
        let refused = await #expect(throws: RollError.self) {
            try await camera.export(frame: 2, of: "Léto", to: destination)
        }
        guard case .corruptPhoto(_, let frame, _) = refused else {
            Issue.record("\(String(describing: refused))"); return
        }
        #expect(frame == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.url.path).isEmpty, "nothing half exported")
        await #expect(throws: RollError.self) { try await camera.photoData(frame: 2, of: "Léto") }

        let check = await camera.check()
        #expect(check.damage.map(\.kind) == [.corruptDevelopedPhoto(frame: 2)])
        #expect(check.checkedPhotos == 3)
        let report = try await camera.repair()
        #expect(report.isHealthy)
        #expect(report.repairs == [.redeveloped(roll: "Léto", frame: 2)])
        #expect(try Data(contentsOf: file) == original, "development is deterministic")
        #expect(try await camera.export("Léto", to: destination).count == 3)
    }

    @Test func aMissingDevelopedPhotoIsReportedWhenTheLibraryOpens() async throws {
        let library = try TemporaryDirectory("roll-missing-photo")
        defer { library.remove() }
        let roll = try await RollFixtures.withFileCamera(library.url) { camera in
            try await RollFixtures.developedRoll(camera, shots: 2)
        }
        try FileManager.default.removeItem(
            at: RollFixtures.file("developed/0001.jpg", of: roll, in: library.url))
        let camera = try RollFixtures.fileCamera(library.url)
        #expect(await camera.damage().map(\.kind) == [.missingDevelopedPhoto(frame: 1)])
        #expect(try await camera.roll(named: "Léto").photos.count == 2, "the roll itself stays usable")
        #expect(try await camera.repair().repairs == [.redeveloped(roll: "Léto", frame: 1)])
        #expect(await camera.damage().isEmpty)
    }
}
