import FilmKit
import FilmKitMocks
import Foundation
import GalleryKit
import Imaging
import TestSupport
import Testing

/// Developed FilmKit rolls exported into library locations, EXIF and pixels intact.
@Suite("Roll export")
struct RollExportTests {
    /// A camera holding a developed 12-exposure roll "Léto" of two shots: the first in Tierra del
    /// Fuego (south and west) in its time zone, the second without GPS.
    static func developedRoll() async throws -> Camera {
        let camera = try Camera(
            store: InMemoryRollStore(), registry: .shared, configuration: .init(clock: ManualRollClock()))
        try await camera.load("Léto", stock: "kodak-portra-400", size: .twelve)
        let ushuaia = GeoLocation(latitude: -54.801912, longitude: -68.302951, altitude: 12)
        let shots = [
            ShotMetadata(captureDate: date(), location: ushuaia, timeZone: TimeZone(secondsFromGMT: -3 * 3600)),
            ShotMetadata(captureDate: date(3600)),
        ]
        for metadata in shots {
            try await camera.shoot(encoded: Samples.smallJPEG(), on: "Léto", metadata: metadata)
        }
        try await camera.finishEarly("Léto")
        try await camera.develop("Léto") { _ in }
        return camera
    }

    @Test("a developed roll exported into an album keeps its EXIF, read back by exiftool and ExifReader")
    func exportIntoAlbum() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        let camera = try await Self.developedRoll()
        let album = try await library.createLocation(named: "Léto", kind: .album)
        let exported = try await camera.export(
            "leto", to: LocationExportDestination(library: library, locationID: album.id))
        #expect(exported.map(\.frame) == [1, 2])

        // Newest first: frame 2 was taken an hour after frame 1.
        let photos = try await library.allPhotos(in: album.id)
        try #require(photos.count == 2)
        let (first, second) = (photos[1], photos[0])
        #expect(first.description == "Kodak Portra 400 — frame 1 of 12")
        #expect(second.description == "Kodak Portra 400 — frame 2 of 12")
        #expect(first.captureDate == date())
        #expect(second.captureDate == date(3600))
        #expect(abs((first.gps?.latitude ?? 0) - -54.801912) < 1e-6)
        #expect(abs((first.gps?.longitude ?? 0) - -68.302951) < 1e-6)
        #expect(second.gps == nil)

        let tags = try exiftool(first.url)
        #expect(tags["EXIF:DateTimeOriginal"] as? String == "2024:06:01 09:00:00")
        #expect(tags["EXIF:OffsetTimeOriginal"] as? String == "-03:00")
        #expect(tags["EXIF:ImageDescription"] as? String == "Kodak Portra 400 — frame 1 of 12")
        #expect(tags["EXIF:Software"] as? String == "AnalogKit")
        #expect(abs((tags["Composite:GPSLatitude"] as? Double ?? 0) - -54.801912) < 1e-6)
        #expect(abs((tags["Composite:GPSLongitude"] as? Double ?? 0) - -68.302951) < 1e-6)
        let secondTags = try exiftool(second.url)
        #expect(secondTags["EXIF:DateTimeOriginal"] as? String == "2024:06:01 13:00:00")
        #expect(secondTags.keys.filter { $0.contains("GPS") }.isEmpty)

        // The library's EXIF reader sees what the camera wrote, and the pixels are the developed ones.
        for (photo, frame) in [(first, 1), (second, 2)] {
            let developed = try await camera.photoData(frame: frame, of: "Léto")
            let expected = try await camera.photos(of: "Léto")[frame - 1].photoMetadata
            let saved = try Image(contentsOf: photo.url)
            let read = ExifReader.metadata(from: try #require(saved.exifData), fallbackDate: Date())
            #expect(read.captureDate == expected.captureDate)
            #expect(read.timeZone.secondsFromGMT() == expected.timeZone.secondsFromGMT())
            #expect(read.description == expected.description)
            #expect(read.software == expected.software)
            #expect(read.gps?.altitude == expected.gps?.altitude)
            #expect(try saved.pixels() == Image(data: developed).pixels())
        }
    }

    @Test("one photo exports into a folder location; a missing location is an export error")
    func exportOnePhotoAndFail() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        let camera = try await Self.developedRoll()
        let folder = try await library.createLocation(named: "Prints", kind: .folder, directory: temporary.file("P"))
        try await camera.export(
            frame: 2, of: "Léto", to: LocationExportDestination(library: library, locationID: folder.id))
        let photos = try await library.allPhotos(in: folder.id)
        #expect(photos.map(\.description) == ["Kodak Portra 400 — frame 2 of 12"])
        #expect(try await library.rescan(folder.id).isEmpty, "the saved file is what the index says")

        let gone = LocationExportDestination(library: library, locationID: 999)
        do {
            try await camera.export("Léto", to: gone)
            Issue.record("exported into a missing location")
        } catch {
            let refusal = TranslatedMessage(GalleryError.locationNotFound(id: 999))
            #expect(error == .exportFailed(name: "Léto", frame: 1, reason: .failure(refusal)))
            #expect(error.description == "cannot export frame 1 of roll 'Léto': no location with id 999")
        }
    }
}
