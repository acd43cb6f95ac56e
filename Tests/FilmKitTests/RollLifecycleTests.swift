import FilmKit
import FilmKitMocks
import Foundation
import Imaging
import PixelTestSupport
import TestSupport
import Testing

/// Loading, shooting, finishing, browsing, searching, deleting and exporting rolls.
@Suite("Rolls: lifecycle")
struct RollLifecycleTests {
    @Test func fullLifecycleFromLoadToExport() async throws {
        let camera = try RollFixtures.memoryCamera()
        let loaded = try await camera.load("Léto", stock: "vintage", size: .twelve)
        #expect(loaded.state == .loaded)
        #expect(loaded.exposuresLeft == 12)
        let prague = GeoLocation(latitude: 50.087, longitude: 14.421, altitude: 235)
        for index in 0..<12 {
            try await camera.shoot(
                encoded: RollFixtures.photo(Double(20 * index % 255)), on: "leto",
                metadata: RollFixtures.metadata(index, location: index == 11 ? prague : nil))
        }
        let full = try await camera.roll(named: "LÉTO")
        #expect(full.state == .full)
        #expect(full.fullDate != nil)
        #expect(await camera.developedRolls().isEmpty, "only developed rolls are browsable")

        var steps: [DevelopProgress] = []
        for try await step in camera.develop("Léto") { steps.append(step) }
        #expect(steps.first == .started(frames: 12))
        #expect(steps.count == 14)
        guard case .finished(let developed) = steps.last else {
            Issue.record("no finished step")
            return
        }
        #expect(developed.state == .developed)
        #expect(await camera.developedRolls().map(\.id) == [loaded.id])

        let photos = try await camera.photos(of: "leto")
        #expect(photos.map(\.frame) == Array(1...12))
        #expect(photos[11].imageDescription == "Vintage — frame 12 of 12")
        #expect(photos[11].metadata.location == prague)
        #expect(photos[11].metadata.captureDate == RollFixtures.metadata(11).captureDate)
        let jpeg = try await camera.photoData(frame: 12, of: "leto")
        let image = try Image(data: jpeg)
        #expect(image.width == 48 && image.height == 32)

        let destination = CollectingDestination()
        try await camera.export("leto", to: destination)
        try await camera.export(frame: 3, of: "leto", to: destination)
        #expect(destination.photos.map(\.metadata.frame) == Array(1...12) + [3])
        #expect(destination.photos[12].data == (try await camera.photoData(frame: 3, of: "leto")))

        try await camera.delete("leto")
        #expect(await camera.rolls().isEmpty)
        await #expect(throws: RollError.rollNotFound(name: "leto", suggestions: [])) {
            try await camera.photos(of: "leto")
        }
    }

    @Test func exposuresCountDownAndAFullRollRefusesAShotChangingNothing() async throws {
        let store = InMemoryRollStore()
        let camera = try RollFixtures.memoryCamera(store: store)
        try await camera.load("Count", stock: "vintage", size: .twelve)
        for index in 0..<12 {
            let roll = try await camera.shoot(
                encoded: RollFixtures.photo(Double(index)), on: "Count", metadata: RollFixtures.metadata(index))
            #expect(roll.exposuresLeft == 11 - index)
            #expect(roll.shots.count == index + 1)
            #expect(roll.state == (index == 11 ? .full : .loaded))
        }
        let before = try await camera.roll(named: "Count")
        await #expect(throws: RollError.rollFull(name: "Count", exposures: 12)) {
            try await camera.shoot(encoded: RollFixtures.photo(), on: "Count", metadata: RollFixtures.metadata())
        }
        await #expect(throws: RollError.rollFull(name: "Count", exposures: 12)) {
            try await camera.shoot(TestImages.flat(9), on: "Count", metadata: RollFixtures.metadata())
        }
        #expect(try await camera.roll(named: "Count") == before)
        #expect(try store.loadRolls().rolls == [before])
    }

    @Test func sizesAreTwelveTwentyFourAndThirtySix() async throws {
        #expect(RollSize.allCases.map(\.exposures) == [12, 24, 36])
        #expect(RollSize(exposures: 20) == nil)
        let camera = try RollFixtures.memoryCamera()
        #expect(try await camera.load("a", stock: "vintage", size: .twentyFour).exposuresLeft == 24)
        #expect(try await camera.load("b", stock: "vintage", size: .thirtySix).exposuresLeft == 36)
    }

    @Test func duplicateNamesAreRefusedIgnoringCaseAndAccents() async throws {
        let camera = try RollFixtures.memoryCamera()
        try await camera.load("Léto", stock: "vintage", size: .twelve)
        await #expect(throws: RollError.duplicateName(requested: "LETO", existing: "Léto")) {
            try await camera.load("LETO", stock: "vintage", size: .twentyFour)
        }
        await #expect(throws: RollError.duplicateName(requested: "léto", existing: "Léto")) {
            try await camera.load("  léto ", stock: "black-and-white", size: .twelve)
        }
        await #expect(throws: RollError.invalidName("   ")) {
            try await camera.load("   ", stock: "vintage", size: .twelve)
        }
        #expect(await camera.rolls().count == 1)
        #expect(
            RollError.duplicateName(requested: "LETO", existing: "Léto").description
                == "a roll named 'Léto' already exists ('LETO' differs only in case or accents)")
    }

    @Test func stocksAreRegisteredFilterNames() async throws {
        let camera = try RollFixtures.memoryCamera()
        #expect(try await camera.load("a", stock: "VINTAGE", size: .twelve).stock == "vintage")
        do {
            try await camera.load("b", stock: "vintge", size: .twelve)
            Issue.record("an unknown stock was accepted")
        } catch {
            #expect(error == .unknownStock(.unknownFilter(name: "vintge", suggestions: ["vintage"])))
            #expect(error.description.contains("did you mean 'vintage'"))
        }
        #expect(Roll.displayName(ofStock: "kodak-portra-400") == "Kodak Portra 400")
        let portra = try await camera.load("Portra", stock: "kodak-portra-400", size: .thirtySix)
        #expect(portra.stockTitle == "Kodak Portra 400")
        #expect(
            DevelopedPhoto(frame: 12, of: portra, metadata: RollFixtures.metadata()).imageDescription
                == "Kodak Portra 400 — frame 12 of 36")
    }

    @Test func searchIgnoresCaseAndDiacritics() async throws {
        let camera = try RollFixtures.memoryCamera()
        for name in ["Léto v Praze", "Zima", "ŽLUŤOUČKÝ kůň", "Paleto"] {
            try await camera.load(name, stock: "vintage", size: .twelve)
        }
        #expect(await camera.search("leto").map(\.name) == ["Léto v Praze", "Paleto"])
        #expect(await camera.search("LÉTO").map(\.name) == ["Léto v Praze", "Paleto"])
        #expect(await camera.search("zlutoucky").map(\.name) == ["ŽLUŤOUČKÝ kůň"])
        #expect(await camera.search("kun").map(\.name) == ["ŽLUŤOUČKÝ kůň"])
        #expect(await camera.search("summer").isEmpty)
        #expect(await camera.search("").count == 4)
        #expect(try await camera.roll(named: "leto v praze").name == "Léto v Praze")
    }

    @Test func badShotsAreRefusedWithTypedErrorsAndLoseNothing() async throws {
        let camera = try RollFixtures.memoryCamera()
        try await RollFixtures.shotRoll(camera, name: "Bad", shots: 2)
        let before = try await camera.roll(named: "Bad")
        let jpeg = try RollFixtures.sample(width: 200)
        let attempts: [(Data, ShotMetadata)] = [
            (Data("not an image".utf8), RollFixtures.metadata()),
            (jpeg.prefix(jpeg.count / 2), RollFixtures.metadata()),
            (jpeg, RollFixtures.metadata(location: GeoLocation(latitude: 91, longitude: 0))),
        ]
        for (data, metadata) in attempts {
            await #expect(throws: RollError.self) {
                try await camera.shoot(encoded: data, on: "Bad", metadata: metadata)
            }
        }
        await #expect(throws: RollError.rollNotFound(name: "Bda", suggestions: ["Bad"])) {
            try await camera.shoot(encoded: jpeg, on: "Bda", metadata: RollFixtures.metadata())
        }
        #expect(try await camera.roll(named: "Bad") == before)
        #expect(try await camera.shoot(encoded: jpeg, on: "Bad", metadata: RollFixtures.metadata()).shots.count == 3)
    }

    @Test func aFailedWriteChangesNothing() async throws {
        let store = InMemoryRollStore()
        let camera = try RollFixtures.memoryCamera(store: store)
        try await RollFixtures.shotRoll(camera, name: "Disk", shots: 1)
        let before = try await camera.roll(named: "Disk")
        store.failWrites = true
        await #expect(throws: RollError.self) {
            try await camera.shoot(encoded: RollFixtures.photo(), on: "Disk", metadata: RollFixtures.metadata())
        }
        await #expect(throws: RollError.self) { try await camera.finishEarly("Disk") }
        await #expect(throws: RollError.self) { try await camera.load("Other", stock: "vintage", size: .twelve) }
        #expect(try await camera.roll(named: "Disk") == before)
        #expect(await camera.rolls().count == 1)
        store.failWrites = false
        #expect(try store.loadRolls().rolls == [before])
    }

    @Test func onlyAFullRollDevelopsAndFinishingEarlyMakesItFull() async throws {
        let camera = try RollFixtures.memoryCamera()
        try await camera.load("Empty", stock: "vintage", size: .twelve)
        await #expect(throws: RollError.nothingShot(name: "Empty")) { try await camera.finishEarly("Empty") }
        try await RollFixtures.shotRoll(camera, name: "Half", size: .twentyFour, shots: 5)
        await #expect(throws: RollError.wrongState(name: "Half", state: .loaded, expected: .full)) {
            try await camera.develop("Half") { _ in }
        }
        let finished = try await camera.finishEarly("Half")
        #expect(finished.state == .full)
        #expect(finished.exposuresLeft == 0)
        #expect(finished.finishedEarly)
        await #expect(throws: RollError.rollFull(name: "Half", exposures: 24)) {
            try await camera.shoot(encoded: RollFixtures.photo(), on: "Half", metadata: RollFixtures.metadata())
        }
        let developed = try await camera.develop("Half") { _ in }
        #expect(developed.photos.count == 5)
        #expect(developed.photos[4].imageDescription == "Vintage — frame 5 of 24")
        await #expect(throws: RollError.wrongState(name: "Half", state: .developed, expected: .full)) {
            try await camera.develop("Half") { _ in }
        }
        await #expect(throws: RollError.wrongState(name: "Half", state: .developed, expected: .loaded)) {
            try await camera.finishEarly("Half")
        }
    }

    @Test func aDevelopmentDelayHoldsThePhotosUntilTheClockPassesIt() async throws {
        let clock = ManualRollClock()
        let store = InMemoryRollStore()
        let camera = try RollFixtures.memoryCamera(delay: .seventyTwoHours, clock: clock, store: store)
        try await RollFixtures.shotRoll(camera, name: "Gudak", shots: 12)
        let atLab = try await camera.develop("Gudak") { _ in }
        #expect(atLab.state == .developing)
        #expect(atLab.readyDate == clock.now.addingTimeInterval(72 * 3600))
        #expect(await camera.developedRolls().isEmpty)
        await #expect(throws: RollError.notReady(name: "Gudak", readyDate: atLab.readyDate!)) {
            try await camera.photos(of: "Gudak")
        }
        clock.advance(by: 71 * 3600)
        #expect(await camera.developedRolls().isEmpty)
        // A restart while the roll waits keeps its rendered frames.
        let restarted = try RollFixtures.memoryCamera(delay: .seventyTwoHours, clock: clock, store: store)
        #expect(try await restarted.roll(named: "Gudak").state == .developing)
        clock.advance(by: 3600)
        #expect(await restarted.developedRolls().map(\.name) == ["Gudak"])
        #expect(try await restarted.photos(of: "Gudak").count == 12)
        #expect(DevelopmentDelay.labDay.seconds == 86_400)
        #expect(DevelopmentDelay(seconds: -5) == .none)
    }

    @Test func exportToAFolderNeverReplacesAFile() async throws {
        let folder = try TemporaryDirectory("roll-export")
        defer { folder.remove() }
        let camera = try RollFixtures.memoryCamera()
        try await RollFixtures.shotRoll(camera, name: "Léto/2025", shots: 12)
        try await camera.develop("Léto/2025") { _ in }
        let destination = FolderExportDestination(folder: folder.file("out"))
        try await camera.export("léto/2025", to: destination)
        try await camera.export(frame: 7, of: "léto/2025", to: destination)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.file("out").path).sorted()
        #expect(names.count == 13)
        #expect(names.contains("Leto_2025-07.jpg"))
        #expect(names.contains("Leto_2025-07 2.jpg"))
        let exported = try Data(contentsOf: folder.file("out/Leto_2025-07 2.jpg"))
        #expect(exported == (try await camera.photoData(frame: 7, of: "Léto/2025")))
        // A destination that cannot take the photo: a file where the folder should be.
        try Data("file".utf8).write(to: folder.file("blocked"))
        do {
            try await camera.export("Léto/2025", to: FolderExportDestination(folder: folder.file("blocked")))
            Issue.record("exported into a file")
        } catch {
            guard case .exportFailed("Léto/2025", 1, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect("\(reason)".contains("blocked"))
        }
        await #expect(throws: RollError.frameNotFound(name: "Léto/2025", frame: 13, frameCount: 12)) {
            try await camera.export(frame: 13, of: "Léto/2025", to: destination)
        }
    }
}
