import FilmKit
import Foundation
import Imaging
import TestSupport
import Testing

/// Roll libraries scoped to an owner (issue 48): one process serves many owners' rolls, and no
/// call on one owner's camera reaches another's roll.
@Suite("Rolls: owners")
struct RollOwnerTests {
    @Test func oneOwnerCannotListDevelopExportOrDeleteAnothersRoll() async throws {
        let temporary = try TemporaryDirectory("roll-owners")
        defer { temporary.remove() }
        let library = RollLibrary(folder: temporary.file("library"), registry: .shared)
        let ana = try await library.camera(for: RollOwner("user-1"))
        let tomas = try await library.camera(for: RollOwner("user-2"))
        #expect(try await library.camera(for: RollOwner("user-1")) === ana)

        try await RollFixtures.shotRoll(ana, name: "Léto", shots: 2)
        try await ana.finishEarly("Léto")
        let notFound = RollError.rollNotFound(name: "Léto", suggestions: [])
        #expect(await tomas.rolls().isEmpty)
        #expect(await tomas.search("leto").isEmpty)
        await #expect(throws: notFound) { try await tomas.roll(named: "Léto") }
        await #expect(throws: notFound) { try await tomas.develop("Léto") { _ in } }
        await #expect(throws: notFound) { try await tomas.delete("Léto") }
        await #expect(throws: notFound) { try await tomas.setNote("mine now", on: "Léto") }

        try await ana.develop("Léto") { _ in }
        let exported = temporary.file("exported")
        await #expect(throws: notFound) {
            try await tomas.export("Léto", to: FolderExportDestination(folder: exported))
        }
        await #expect(throws: notFound) { try await tomas.photoData(frame: 1, of: "Léto") }
        #expect(!FileManager.default.fileExists(atPath: exported.path))
        #expect(try await ana.export("Léto", to: FolderExportDestination(folder: exported)).count == 2)

        // The same name for another owner is another roll.
        try await tomas.load("Léto", stock: "vintage", size: .twelve)
        #expect(await ana.rolls().map(\.state) == [.developed])
        #expect(await tomas.rolls().map(\.state) == [.loaded])
    }

    @Test func aSingleUserLibraryKeepsItsRollsApartFromOwners() async throws {
        let temporary = try TemporaryDirectory("roll-owners-default")
        defer { temporary.remove() }
        let folder = temporary.file("library")
        // A library as it was before owners: rolls at its top level.
        try await RollFixtures.withFileCamera(folder) { try await RollFixtures.shotRoll($0, name: "Zima", shots: 1) }
        let owned = try Camera(store: FileRollStore(library: folder, owner: RollOwner("user-1")), registry: .shared)
        #expect(await owned.rolls().isEmpty)
        try await RollFixtures.shotRoll(owned, name: "Léto", shots: 1)
        // The owners' libraries are not rolls of the top level, nor damage.
        let plain = try RollFixtures.fileCamera(folder)
        #expect(await plain.rolls().map(\.name) == ["Zima"])
        #expect(await plain.damage().isEmpty)
        #expect(await owned.rolls().map(\.name) == ["Léto"])
    }

    @Test func ownerIdentifiersAreExactAndChecked() throws {
        let library = URL(fileURLWithPath: "/library")
        // Names that would escape a folder are only hashed.
        for identifier in ["../../etc", "/", "a/b", "Ana", "ana", "Ana\u{301}"] {
            let folder = try RollOwner(identifier).folder(in: library)
            #expect(folder.deletingLastPathComponent().path == "/library/owners")
            #expect(folder.lastPathComponent.count == 64)
        }
        #expect(try RollOwner("Ana").folder(in: library) != RollOwner("ana").folder(in: library))
        for bad in ["", "tab\there", "nul\u{0}", String(repeating: "x", count: RollOwner.maximumLength + 1)] {
            #expect(throws: RollError.invalidOwner(bad)) { try RollOwner(bad) }
        }
    }

    @Test func theCommandLineTakesAnOwner() async throws {
        let library = try TemporaryDirectory("roll-owners-cli")
        defer { library.remove() }
        let tool = ChildProcess.product("filmkit")
        func run(_ arguments: [String]) async throws -> ChildProcess.Result {
            try await ChildProcess.run(tool, ["roll"] + arguments + ["--library", library.url.path])
        }
        let loaded = try await run(["load", "Léto", "--stock", "vintage", "--owner", "user-1"])
        #expect(loaded.status == 0, "\(loaded.error)")
        #expect(try await run(["list", "--owner", "user-1"]).output.hasPrefix("Léto\t"))
        #expect(try await run(["list", "--owner", "user-2"]).output.isEmpty)
        #expect(try await run(["list"]).output.isEmpty)
        let other = try await run(["show", "leto", "--owner", "user-2"])
        #expect(other.status != 0 && other.error.contains("no roll named 'leto'"), "\(other.error)")
    }
}
