import FilmKit
import FilmKitMocks
import Foundation
import Imaging
import TestSupport
import Testing

/// The EXIF every developed photo carries, as exiftool reads it.
@Suite("Rolls: EXIF of developed photos")
struct RollExifTests {
    /// Santiago de Chile: south and west, 570 m up.
    static let santiago = GeoLocation(latitude: -33.4489, longitude: -70.6693, altitude: 570)
    /// The Dead Sea shore: north and east, below sea level.
    static let deadSea = GeoLocation(latitude: 31.5590, longitude: 35.4732, altitude: -430.5)

    /// exiftool's reading (`exiftool -j -n`) of each file, in the order given.
    static func exiftool(_ files: [URL]) async throws -> [[String: Any]] {
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/exiftool"), ["-j", "-n"] + files.map(\.path))
        let parsed = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]]
        return parsed ?? []
    }

    /// Loads a roll and shoots three shots on it (south-west with a time zone, no GPS at all,
    /// north-east below sea level), then finishes it.
    static func shootRoll(on camera: Camera) async throws {
        try await camera.load("Patagonia", stock: "kodak-portra-400", size: .twelve)
        let shots = [
            ShotMetadata(
                captureDate: Date(timeIntervalSince1970: 1_750_000_000.25), location: santiago,
                timeZone: TimeZone(identifier: "America/Santiago")),
            ShotMetadata(captureDate: Date(timeIntervalSince1970: 1_750_003_600)),
            ShotMetadata(captureDate: Date(timeIntervalSince1970: 1_750_007_200), location: deadSea),
        ]
        for (index, metadata) in shots.enumerated() {
            let photo = try RollFixtures.photo(Double(60 + index * 40))
            try await camera.shoot(encoded: photo, on: "Patagonia", metadata: metadata)
        }
        try await camera.finishEarly("Patagonia")
    }

    /// The exported file of each of the three frames in `folder`.
    static func files(in folder: URL) -> [URL] {
        (1...3).map { folder.appendingPathComponent("Patagonia-0\($0).jpg") }
    }

    @Test func eachPhotoCarriesItsCaptureDateGPSAndDescription() async throws {
        let temporary = try TemporaryDirectory("roll-exif")
        defer { temporary.remove() }
        let clock = ManualRollClock()
        let camera = try RollFixtures.memoryCamera(clock: clock)
        try await Self.shootRoll(on: camera)
        // Developed much later than shot: the EXIF must still say when each shot was taken.
        clock.advance(by: 90 * 86_400)
        let roll = try await camera.develop("Patagonia") { _ in }
        try await camera.export("Patagonia", to: FolderExportDestination(folder: temporary.url))
        #expect(roll.stockTitle == "Kodak Portra 400")
        let tags = try await Self.exiftool(Self.files(in: temporary.url))
        try #require(tags.count == 3)

        for (index, photo) in tags.enumerated() {
            #expect(photo["ImageDescription"] as? String == "Kodak Portra 400 — frame \(index + 1) of 12")
            #expect(photo["Software"] as? String == "AnalogKit")
        }

        // Taken in Santiago at 15:06:40.25 UTC: local time there, with its offset.
        #expect(tags[0]["DateTimeOriginal"] as? String == "2025:06:15 11:06:40")
        #expect(tags[0]["OffsetTimeOriginal"] as? String == "-04:00")
        #expect(tags[0]["SubSecTimeOriginal"] as? Int == 250)
        #expect(tags[0]["GPSLatitudeRef"] as? String == "S")
        #expect(tags[0]["GPSLongitudeRef"] as? String == "W")
        #expect(abs((tags[0]["GPSLatitude"] as? Double ?? 0) - -33.4489) < 1e-6)
        #expect(abs((tags[0]["GPSLongitude"] as? Double ?? 0) - -70.6693) < 1e-6)
        #expect(tags[0]["GPSAltitude"] as? Double == 570)
        #expect(tags[0]["GPSAltitudeRef"] as? Int == 0)

        // No time zone: UTC. No GPS: no GPS tag at all.
        #expect(tags[1]["DateTimeOriginal"] as? String == "2025:06:15 16:06:40")
        #expect(tags[1]["OffsetTimeOriginal"] as? String == "+00:00")
        #expect(tags[1].keys.filter { $0.hasPrefix("GPS") }.isEmpty, "\(tags[1].keys.sorted())")

        #expect(tags[2]["DateTimeOriginal"] as? String == "2025:06:15 17:06:40")
        #expect(tags[2]["GPSLatitudeRef"] as? String == "N")
        #expect(tags[2]["GPSLongitudeRef"] as? String == "E")
        #expect(abs((tags[2]["GPSLatitude"] as? Double ?? 0) - 31.5590) < 1e-6)
        #expect(abs((tags[2]["GPSLongitude"] as? Double ?? 0) - 35.4732) < 1e-6)
        #expect(tags[2]["GPSAltitude"] as? Double == -430.5)
        #expect(tags[2]["GPSAltitudeRef"] as? Int == 1)
    }

    @Test func developingTwiceGivesTheSameBytesWhateverTheDateOfDevelopment() async throws {
        let temporary = try TemporaryDirectory("roll-exif-twice")
        defer { temporary.remove() }
        try await RollFixtures.withFileCamera(temporary.file("a")) { try await Self.shootRoll(on: $0) }
        // A copy of the full roll, developed by another camera three years later.
        try FileManager.default.copyItem(at: temporary.file("a"), to: temporary.file("b"))
        for (library, date) in [("a", 1_760_000_000.0), ("b", 1_850_000_000.0)] {
            let camera = try Camera(
                store: FileRollStore(folder: temporary.file(library)), registry: .shared,
                configuration: Camera.Configuration(clock: ManualRollClock(Date(timeIntervalSince1970: date))))
            try await camera.develop("Patagonia") { _ in }
            try await camera.export("Patagonia", to: FolderExportDestination(folder: temporary.file("out-\(library)")))
        }
        for (first, second) in zip(Self.files(in: temporary.file("out-a")), Self.files(in: temporary.file("out-b"))) {
            #expect(try Data(contentsOf: first) == Data(contentsOf: second), "\(first.lastPathComponent)")
        }
        let tags = try await Self.exiftool(Self.files(in: temporary.file("out-b")))
        #expect(
            tags.compactMap { $0["DateTimeOriginal"] as? String } == [
                "2025:06:15 11:06:40", "2025:06:15 16:06:40", "2025:06:15 17:06:40",
            ])
        #expect(tags.allSatisfy { $0["ModifyDate"] as? String == $0["DateTimeOriginal"] as? String })
    }

    @Test func theDevelopedPhotoRecordGivesTheSameMetadata() throws {
        let roll = Roll(name: "Léto", stock: "ilford-hp5-plus", size: .thirtySix, loadedDate: Date())
        let shot = ShotMetadata(captureDate: Date(timeIntervalSince1970: 1_700_000_000), location: Self.santiago)
        let metadata = try DevelopedPhoto(frame: 12, of: roll, metadata: shot).photoMetadata
        #expect(metadata.description == "Ilford Hp5 Plus — frame 12 of 36")
        #expect(metadata.captureDate == shot.captureDate)
        #expect(metadata.timeZone.secondsFromGMT() == 0)
        #expect(metadata.gps == (try GPSCoordinate(latitude: -33.4489, longitude: -70.6693, altitude: 570)))
        #expect(metadata.software == "AnalogKit")

        let invalid = ShotMetadata(captureDate: Date(), location: GeoLocation(latitude: 120, longitude: 0))
        #expect(throws: MetadataError.invalidValue("latitude 120.0 is outside -90…90")) {
            _ = try DevelopedPhoto(frame: 1, of: roll, metadata: invalid).photoMetadata
        }
    }
}
