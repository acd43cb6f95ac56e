import FilmKit
import FilmKitMocks
import Foundation
import Imaging
import TestSupport
import Testing

/// Notes on rolls and frames (issue 48): bounded, normalised, kept with the roll through a kill,
/// searchable, and written into the developed photo's EXIF description.
@Suite("Rolls: notes", .serialized)
struct RollNoteTests {
    let tool = ChildProcess.product("filmkit")

    /// "Červená stěna, Ana" written with decomposed accents (as macOS file names and some
    /// keyboards give them).
    static let decomposed = "  C\u{30C}ervena\u{301} ste\u{30C}na, Ana \u{1F305}  "
    static let composed = "Červená stěna, Ana \u{1F305}"

    @Test func aNoteIsKeptComposedAndTrimmedAndBadOnesAreRefused() throws {
        #expect(try Roll.normalizedNote(Self.decomposed) == Self.composed)
        #expect(try Roll.normalizedNote("   ") == nil)
        #expect(try Roll.normalizedNote(nil) == nil)
        #expect(try Roll.normalizedNote(String(repeating: "é", count: Roll.maximumNoteLength)) != nil)
        for bad in ["a\u{0}b", "line\nbreak", "bell\u{7}", "del\u{7F}", "para\u{2029}graph", "esc\u{1B}[31m"] {
            #expect(throws: RollError.self, "\(bad.debugDescription)") { try Roll.normalizedNote(bad) }
        }
        #expect(
            throws: RollError.invalidNote(.tooLong(count: 1001, limit: 1000))
        ) { try Roll.normalizedNote(String(repeating: "x", count: Roll.maximumNoteLength + 1)) }
    }

    @Test func notesAreSavedSearchedAndFrozenAtDevelopment() async throws {
        let library = try TemporaryDirectory("roll-notes")
        defer { library.remove() }
        try await RollFixtures.withFileCamera(library.url) { camera in
            try await camera.load("Léto", stock: "vintage", size: .twelve, note: Self.decomposed)
            try await camera.shoot(encoded: RollFixtures.photo(60), on: "leto", metadata: RollFixtures.metadata(0))
            try await camera.shoot(
                encoded: RollFixtures.photo(90), on: "leto", metadata: RollFixtures.metadata(1), note: "Golden hour")
            try await camera.setNote("Tomáš na mostě", frame: 1, of: "leto")
            await #expect(throws: RollError.frameNotFound(name: "Léto", frame: 3, frameCount: 2)) {
                try await camera.setNote("no such frame", frame: 3, of: "leto")
            }
            await #expect(throws: RollError.self) { try await camera.setNote("bad\nnote", on: "leto") }
            try await camera.load("Zima", stock: "vintage", size: .twelve)
        }
        // A new camera over the same library: the notes were saved.
        let camera = try RollFixtures.fileCamera(library.url)
        let roll = try await camera.roll(named: "Léto")
        #expect(roll.note == Self.composed)
        #expect(roll.frameNotes == [1: "Tomáš na mostě", 2: "Golden hour"])
        // Search: case- and accent-insensitive, in the roll's note and its frames' notes.
        for query in ["CERVENA", "červená", "tomas NA moste", "golden"] {
            #expect(await camera.search(query).map(\.name) == ["Léto"], "\(query)")
        }
        #expect(await camera.search("nothing like it").isEmpty)
        #expect(await camera.search("").count == 2)

        try await camera.finishEarly("leto")
        let developed = try await camera.develop("leto") { _ in }
        #expect(developed.photos.map(\.frameNote) == ["Tomáš na mostě", "Golden hour"])
        #expect(
            developed.photos[0].imageDescription == "Vintage — frame 1 of 12 — \(Self.composed) — Tomáš na mostě")
        await #expect(throws: RollError.wrongState(name: "Léto", state: .developed, expected: .full)) {
            try await camera.setNote("too late", on: "leto")
        }
    }

    @Test func aRollRecordWrittenBeforeNotesAndFormatsStillLoads() async throws {
        let library = try TemporaryDirectory("roll-notes-old")
        defer { library.remove() }
        try await RollFixtures.withFileCamera(library.url) { camera in
            try await RollFixtures.shotRoll(camera, shots: 2)
        }
        // The record as AnalogKit wrote it before: no format, note or frame notes.
        let record = try RollFixtures.onlyRollFolder(in: library.url).appendingPathComponent("roll.json")
        var json = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: record)) as? [String: Any])
        #expect(json["format"] as? String == "35mm")
        for key in ["format", "note", "frameNotes"] { json[key] = nil }
        try JSONSerialization.data(withJSONObject: json).write(to: record)

        let camera = try RollFixtures.fileCamera(library.url)
        #expect(await camera.damage().isEmpty)
        let roll = try await camera.roll(named: "Léto")
        #expect(roll.note == nil && roll.frameNotes.isEmpty && roll.format == .thirtyFive)
        #expect(roll.shots.count == 2)
    }

    @Test func exiftoolReadsTheNotesOfAnExportedFrame() async throws {
        let folder = try TemporaryDirectory("roll-notes-exif")
        defer { folder.remove() }
        let camera = try RollFixtures.memoryCamera()
        try await camera.load("Patagonia", stock: "kodak-portra-400", size: .twelve, note: "Torres del Paine, with Ana")
        try await camera.shoot(
            encoded: RollFixtures.photo(80), on: "Patagonia", metadata: RollFixtures.metadata(), note: Self.decomposed)
        try await camera.finishEarly("Patagonia")
        try await camera.develop("Patagonia") { _ in }
        try await camera.export("Patagonia", to: FolderExportDestination(folder: folder.url))
        let tags = try await RollExifTests.exiftool([folder.file("Patagonia-01.jpg")])
        #expect(
            tags.first?["ImageDescription"] as? String
                == "Kodak Portra 400 — frame 1 of 12 — Torres del Paine, with Ana — \(Self.composed)")
    }

    /// Notes written with `filmkit roll` survive a SIGKILL in the middle of `filmkit roll develop`,
    /// and the development after it writes them into every photo.
    @Test func notesSurviveAKillDuringDevelopment() async throws {
        let library = try TemporaryDirectory("roll-notes-kill")
        defer { library.remove() }
        let photo = library.file("photo.jpg")
        try RollFixtures.sample(width: 400).write(to: photo)
        @discardableResult func run(_ arguments: [String]) async throws -> ChildProcess.Result {
            let result = try await ChildProcess.run(tool, ["roll"] + arguments + ["--library", library.url.path])
            #expect(result.status == 0, "\(arguments): \(result.error)")
            return result
        }
        try await run(["load", "Léto", "--stock", "kodak-portra-400", "--size", "36", "--note", "Praha, září"])
        try await run(["shoot", "leto", "--note", "Karlův most"] + Array(repeating: photo.path, count: 36))
        let noted = try await run(["note", "leto", "--frame", "2", "Ana u Vltavy"])
        #expect(noted.output.contains("Ana u Vltavy"))
        let shown = try await run(["show", "LETO"])
        #expect(shown.output.contains("note\tPraha, září"))
        #expect(shown.output.contains("\tAna u Vltavy\n"))
        let listed = try await run(["list", "--search", "VLTAVY"])
        #expect(listed.output.hasPrefix("Léto\tKodak Portra 400\tfull\t36 of 36 shot, ready to develop\tPraha, září"))

        let developed = try RollFixtures.onlyRollFolder(in: library.url).appendingPathComponent("developed")
        let developing = try ChildProcess.start(tool, ["roll", "develop", "leto", "--library", library.url.path])
        var polls = 0
        while developing.process.isRunning, RollFixtures.count("jpg", in: developed) < 2, polls < 60_000 {
            usleep(1000)
            polls += 1
        }
        developing.kill()
        #expect(await developing.wait().killedBySignal, "the development finished before it could be killed")

        let camera = try RollFixtures.fileCamera(library.url)
        let roll = try await camera.roll(named: "Léto")
        #expect(roll.state == .full && roll.note == "Praha, září")
        #expect(roll.note(forFrame: 2) == "Ana u Vltavy" && roll.note(forFrame: 36) == "Karlův most")
        let done = try await camera.develop("Léto") { _ in }
        #expect(done.photos[1].imageDescription == "Kodak Portra 400 — frame 2 of 36 — Praha, září — Ana u Vltavy")
    }
}
