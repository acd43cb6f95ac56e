import Foundation
import GalleryKit
import Imaging
import TestSupport
import Testing

@Suite("Browsing, rescanning, importing and search")
struct BrowsingTests {
    @Test("photos come newest first, page by page, per location")
    func newestFirstPaged() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        let folder = try await library.createLocation(named: "Folder")
        let album = try await library.createLocation(named: "Album", kind: .album)
        let bytes = try Samples.smallJPEG(width: 40)
        // Saved out of order on purpose.
        for offset in [3.0, 1, 4, 0, 2] {
            _ = try await library.save(
                .encoded(bytes), to: folder.id, metadata: PhotoMetadata(captureDate: date(offset)))
        }
        let inAlbum = try await library.save(
            .encoded(bytes), to: album.id, metadata: PhotoMetadata(captureDate: date(9)))
        let first = try await library.photos(in: folder.id, page: 0, pageSize: 2)
        let second = try await library.photos(in: folder.id, page: 1, pageSize: 2)
        let third = try await library.photos(in: folder.id, page: 2, pageSize: 2)
        let beyond = try await library.photos(in: folder.id, page: 3, pageSize: 2)
        #expect((first + second + third).map(\.captureDate) == [4.0, 3, 2, 1, 0].map { date($0) })
        #expect(beyond.isEmpty)
        #expect(try await library.photoCount(in: folder.id) == 5)
        #expect(try await library.allPhotos(in: album.id).map(\.id) == [inAlbum.id])

        // A folder photo can be shown in an album too; the album then lists both.
        try await library.addPhoto(first[0].id, toAlbum: album.id)
        #expect(try await library.allPhotos(in: album.id).map(\.id) == [inAlbum.id, first[0].id])
        await expectGalleryError(.wrongLocationKind(id: folder.id, expected: .album)) {
            () async throws(GalleryError) in
            try await library.addPhoto(inAlbum.id, toAlbum: folder.id)
        }
    }

    @Test("a rescan notices files added, removed and changed by other programs")
    func rescanAfterExternalChanges() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        let directory = temporary.file("Shared")
        let folder = try await library.createLocation(named: "Shared", kind: .folder, directory: directory)
        let saved = try await library.save(
            .encoded(try Samples.smallJPEG()), to: folder.id, metadata: PhotoMetadata(captureDate: date()))
        #expect(try await library.rescan(folder.id).isEmpty)

        // Another program copies in a photo and a text file, and deletes the saved one.
        let copied = directory.appendingPathComponent("from-camera.jpg")
        try Samples.smallJPEG(Samples.chelsea).write(to: copied)
        try Data("notes".utf8).write(to: directory.appendingPathComponent("readme.txt"))
        try FileManager.default.removeItem(at: saved.url)
        let report = try await library.rescan(folder.id)
        #expect(report.added.map(\.lastPathComponent) == ["from-camera.jpg"])
        #expect(report.removed.map(\.path) == [saved.url.path])
        #expect(report.skipped.keys.map(\.lastPathComponent) == ["readme.txt"])
        #expect(try await library.allPhotos(in: folder.id).map(\.url.lastPathComponent) == ["from-camera.jpg"])

        // It then replaces the photo with a bigger one.
        try Samples.smallJPEG(Samples.chelsea, width: 300).write(to: copied)
        let changed = try await library.rescan(folder.id)
        #expect(changed.updated.map(\.lastPathComponent) == ["from-camera.jpg"])
        #expect(try await library.allPhotos(in: folder.id).first?.width == 300)
        #expect(try await library.rescan(folder.id).isEmpty)
    }

    @Test("watching a folder reports what other programs add and remove, and ends when it is deleted")
    func watching() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        let folder = try await library.createLocation(named: "Watched", kind: .folder, directory: temporary.file("W"))
        var changes = library.changes(in: folder.id, every: .milliseconds(20)).makeAsyncIterator()
        let added = folder.directory.appendingPathComponent("dropped.jpg")
        try Samples.smallJPEG().write(to: added)
        #expect(try await changes.next()?.added == [added])
        try FileManager.default.removeItem(at: added)
        #expect(try await changes.next()?.removed == [added])
        try await library.deleteLocation(id: folder.id)
        await #expect(throws: GalleryError.locationNotFound(id: folder.id)) { try await changes.next() }
    }

    @Test("import copies or moves files, keeping their EXIF metadata")
    func importCopyAndMove() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        let staging = try await library.createLocation(named: "Staging")
        let gps = try GPSCoordinate(latitude: -33.8568, longitude: 151.2153)
        let tagged = try await library.save(
            .encoded(try Samples.smallJPEG()), to: staging.id,
            metadata: PhotoMetadata(captureDate: date(60), gps: gps, description: "Ilford HP5"))
        let outside = temporary.file("outside.jpg")
        try FileManager.default.copyItem(at: tagged.url, to: outside)

        let album = try await library.createLocation(named: "Sydney", kind: .album)
        let copied = try await library.importFiles([outside], into: album.id, mode: .copy)
        #expect(FileManager.default.fileExists(atPath: outside.path))
        let photo = try #require(copied.first)
        #expect(photo.captureDate == date(60))
        #expect(photo.description == "Ilford HP5")
        #expect(abs((photo.gps?.latitude ?? 0) - -33.8568) < 1e-6)
        #expect(photo.url.deletingLastPathComponent().path == album.directory.path)

        let folder = try await library.createLocation(named: "Moved")
        let moved = try await library.importFiles([outside], into: folder.id, mode: .move)
        #expect(!FileManager.default.fileExists(atPath: outside.path))
        #expect(FileManager.default.fileExists(atPath: try #require(moved.first).url.path))
        #expect(try await library.photoCount(in: album.id) == 1)
        #expect(try await library.photoCount(in: folder.id) == 1)
    }

    @Test("search by date range, distance from a point and description text")
    func search() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        let folder = try await library.createLocation(named: "World")
        let bytes = try Samples.smallJPEG(width: 32)
        let places: [(String, Double, Double, String)] = [
            ("bratislava", 48.1486, 17.1077, "Kodak Gold 200"),
            ("vienna", 48.2082, 16.3738, "Kodak Portra 400"),  // 55 km from Bratislava
            ("prague", 50.0755, 14.4378, "Ilford HP5 100%_pushed"),
            ("fiji-east", -17.0, 179.99, "Fuji Velvia"),  // across the antimeridian from fiji-west
            ("fiji-west", -17.0, -179.99, "Fuji Superia"),
        ]
        var saved: [String: Photo] = [:]
        for (index, place) in places.enumerated() {
            let gps = try GPSCoordinate(latitude: place.1, longitude: place.2)
            saved[place.0] = try await library.save(
                .encoded(bytes), to: folder.id,
                metadata: PhotoMetadata(captureDate: date(Double(index) * 86_400), gps: gps, description: place.3))
        }
        _ = try await library.save(.encoded(bytes), to: folder.id, metadata: PhotoMetadata(captureDate: date(-1)))

        func names(_ query: PhotoQuery) async throws -> Set<String> {
            let ids = try await library.search(query).map(\.id)
            return Set(saved.filter { ids.contains($0.value.id) }.map(\.key))
        }
        let bratislava = try GPSCoordinate(latitude: 48.1486, longitude: 17.1077)
        #expect(try await names(PhotoQuery(near: GeoCircle(center: bratislava, radius: 10_000))) == ["bratislava"])
        #expect(
            try await names(PhotoQuery(near: GeoCircle(center: bratislava, radius: 60_000))) == [
                "bratislava", "vienna",
            ])
        let fiji = try GPSCoordinate(latitude: -17.0, longitude: 179.999)
        #expect(
            try await names(PhotoQuery(near: GeoCircle(center: fiji, radius: 5_000))) == ["fiji-east", "fiji-west"])
        #expect(try await names(PhotoQuery(dateRange: date(86_400)...date(2 * 86_400))) == ["vienna", "prague"])
        #expect(try await names(PhotoQuery(text: "kodak")) == ["bratislava", "vienna"])
        #expect(try await names(PhotoQuery(text: "100%_")) == ["prague"])
        #expect(try await names(PhotoQuery(text: "%")) == ["prague"])
        #expect(
            try await names(
                PhotoQuery(
                    dateRange: date(0)...date(86_400), near: GeoCircle(center: bratislava, radius: 60_000),
                    text: "Portra"))
                == ["vienna"])
        #expect(try await library.search(PhotoQuery(locationID: folder.id)).count == 6)
    }

    @Test("haversine distances match known values")
    func haversine() throws {
        let bratislava = try GPSCoordinate(latitude: 48.1486, longitude: 17.1077)
        let vienna = try GPSCoordinate(latitude: 48.2082, longitude: 16.3738)
        #expect(abs(GeoDistance.meters(from: bratislava, to: vienna) - 54_900) < 500)
        let north = try GPSCoordinate(latitude: 90, longitude: 0)
        let equator = try GPSCoordinate(latitude: 0, longitude: 123)
        #expect(abs(GeoDistance.meters(from: north, to: equator) - .pi / 2 * GeoDistance.earthRadius) < 1)
    }
}
