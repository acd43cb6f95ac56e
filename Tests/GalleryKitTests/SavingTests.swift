import Foundation
import GalleryKit
import Imaging
import TestSupport
import Testing

@Suite("Saving")
struct SavingTests {
    @Test("EXIF round trip through exiftool, south/west GPS and altitude below sea level")
    func exifRoundTrip() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        let folder = try await library.createLocation(named: "Patagonia")
        let gps = try GPSCoordinate(latitude: -54.801912, longitude: -68.302951, altitude: -12.5)
        let zone = TimeZone(secondsFromGMT: -3 * 3600)!
        let metadata = PhotoMetadata(
            captureDate: date(0.25), timeZone: zone, gps: gps, orientation: 6, make: "AnalogKit", model: "Test Cam",
            software: "GalleryKitTests", description: "Kodak Portra 400", zoomFactor: 2.5, lensModel: "back 26mm")
        let photo = try await library.save(.encoded(try Samples.smallJPEG()), to: folder.id, metadata: metadata)
        let tags = try exiftool(photo.url)

        #expect(tags["EXIF:GPSLatitudeRef"] as? String == "S")
        #expect(tags["EXIF:GPSLongitudeRef"] as? String == "W")
        #expect(tags["EXIF:GPSAltitudeRef"] as? Int == 1)
        let latitude = try #require(tags["Composite:GPSLatitude"] as? Double)
        let longitude = try #require(tags["Composite:GPSLongitude"] as? Double)
        let altitude = try #require(tags["Composite:GPSAltitude"] as? Double)
        #expect(abs(latitude - gps.latitude) < 1e-6)
        #expect(abs(longitude - gps.longitude) < 1e-6)
        #expect(abs(altitude - -12.5) < 1e-9)
        #expect(abs((tags["EXIF:GPSLatitude"] as? Double ?? 0) - 54.801912) < 1e-6)
        #expect(tags["EXIF:DateTimeOriginal"] as? String == "2024:06:01 09:00:00")
        #expect(tags["EXIF:OffsetTimeOriginal"] as? String == "-03:00")
        #expect(tags["EXIF:SubSecTimeOriginal"] as? Int == 250)
        #expect(tags["EXIF:GPSDateStamp"] as? String == "2024:06:01")
        #expect(tags["EXIF:Orientation"] as? Int == 6)
        #expect(tags["EXIF:Make"] as? String == "AnalogKit")
        #expect(tags["EXIF:Model"] as? String == "Test Cam")
        #expect(tags["EXIF:Software"] as? String == "GalleryKitTests")
        #expect(tags["EXIF:ImageDescription"] as? String == "Kodak Portra 400")
        #expect(tags["EXIF:DigitalZoomRatio"] as? Double == 2.5)
        #expect(tags["EXIF:LensModel"] as? String == "back 26mm")
        #expect(tags["EXIF:ExifVersion"] as? String == "0232")

        // The index holds what was written, and the file reads back the same through libexif.
        #expect(photo.gps == gps)
        #expect(photo.captureDate == date(0.25))
        let rescanned = try await library.importFiles([photo.url], into: folder.id, mode: .copy)
        let reread = try #require(rescanned.first)
        #expect(reread.captureDate == date(0.25))
        #expect(abs((reread.gps?.latitude ?? 0) - gps.latitude) < 1e-6)
        #expect(abs((reread.gps?.longitude ?? 0) - gps.longitude) < 1e-6)
        #expect(reread.gps?.altitude == -12.5)
        #expect(reread.description == "Kodak Portra 400")
    }

    @Test("north/east coordinates get N and E references and a positive altitude")
    func northEast() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        let folder = try await library.createLocation(named: "Tatras")
        let gps = try GPSCoordinate(latitude: 49.179548, longitude: 20.088064, altitude: 2654.4)
        let photo = try await library.save(
            .encoded(try Samples.smallJPEG()), to: folder.id, metadata: PhotoMetadata(captureDate: date(), gps: gps))
        let tags = try exiftool(photo.url)
        #expect(tags["EXIF:GPSLatitudeRef"] as? String == "N")
        #expect(tags["EXIF:GPSLongitudeRef"] as? String == "E")
        #expect(tags["EXIF:GPSAltitudeRef"] as? Int == 0)
        #expect(abs((tags["Composite:GPSLatitude"] as? Double ?? 0) - 49.179548) < 1e-6)
        #expect(abs((tags["Composite:GPSLongitude"] as? Double ?? 0) - 20.088064) < 1e-6)
        #expect(abs((tags["Composite:GPSAltitude"] as? Double ?? 0) - 2654.4) < 1e-9)
    }

    @Test("JPEG bytes are not re-encoded: the saved pixels are identical, the ICC profile kept")
    func jpegIsNotReencoded() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        let folder = try await library.createLocation(named: "Lossless")
        let original = try Samples.data("rocket.jpg")
        let photo = try await library.save(
            .encoded(original), to: folder.id, metadata: PhotoMetadata(captureDate: date()))
        let before = try Image(data: original, options: .init(autorotate: false)).pixels()
        let after = try Image(contentsOf: photo.url, options: .init(autorotate: false)).pixels()
        #expect(before == after)
        let originalImage = try Image(data: original)
        let savedImage = try Image(contentsOf: photo.url)
        #expect(originalImage.iccProfile == savedImage.iccProfile)

        // A JPEG with the standard Huffman tables (as libvips writes by default) keeps its
        // compressed image data byte for byte: everything from the first start-of-scan marker on.
        let standard = try Samples.smallJPEG(Samples.chelsea, width: 300)
        let resaved = try await library.save(
            .encoded(standard), to: folder.id, metadata: PhotoMetadata(captureDate: date(), description: "same scan"))
        let written = try Data(contentsOf: resaved.url)
        let scan = try #require(Self.startOfScan(in: standard))
        let writtenScan = try #require(Self.startOfScan(in: written))
        #expect(standard[scan...] == written[writtenScan...])
    }

    /// The offset of the first SOS marker (0xFFDA), where the entropy-coded data begins.
    static func startOfScan(in data: Data) -> Data.Index? {
        zip(data.indices, data.indices.dropFirst()).first { data[$0.0] == 0xFF && data[$0.1] == 0xDA }?.0
    }

    @Test("PNG bytes and in-memory images are saved as JPEG with EXIF")
    func otherSources() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        let folder = try await library.createLocation(named: "Mixed")
        let png = try Image.thumbnail(contentsOf: Samples.astronaut, width: 120).encoded(as: .png())
        let fromPNG = try await library.save(
            .encoded(png), to: folder.id, metadata: PhotoMetadata(captureDate: date(), description: "from PNG"))
        let image = try Image.thumbnail(contentsOf: Samples.chelsea, width: 100)
        let fromImage = try await library.save(
            .image(image), to: folder.id, metadata: PhotoMetadata(captureDate: date(1), description: "from image"))
        for (photo, text) in [(fromPNG, "from PNG"), (fromImage, "from image")] {
            #expect(photo.url.pathExtension == "jpg")
            let tags = try exiftool(photo.url)
            #expect(tags["File:FileType"] as? String == "JPEG")
            #expect(tags["EXIF:ImageDescription"] as? String == text)
        }
        #expect(fromImage.width == image.width)
    }

    @Test("a non-ASCII description is stored as UTF-8 (the MWG recommendation) and read back")
    func unicodeDescription() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        let folder = try await library.createLocation(named: "Žilina")
        let text = "Fomapan 100 — Žilina, Čierny Balog"
        let photo = try await library.save(
            .encoded(try Samples.smallJPEG()), to: folder.id,
            metadata: PhotoMetadata(captureDate: date(), description: text))
        #expect(try exiftool(photo.url)["EXIF:ImageDescription"] as? String == text)
        let imported = try await library.importFiles([photo.url], into: folder.id, mode: .copy)
        #expect(imported.first?.description == text)
        #expect(try await library.search(PhotoQuery(text: "Čierny")).count == 2)
    }

    @Test("file names are unique and sort in capture order")
    func uniqueSortableNames() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        let folder = try await library.createLocation(named: "Burst")
        let bytes = try Samples.smallJPEG(width: 48)
        // Several photos in the same millisecond, saved concurrently, and a few later ones.
        let photos = try await withThrowingTaskGroup(of: Photo.self) { group in
            for index in 0..<12 {
                let captured = date(index < 6 ? 0 : Double(index))
                group.addTask {
                    try await library.save(
                        .encoded(bytes), to: folder.id, metadata: PhotoMetadata(captureDate: captured))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let names = photos.map(\.url.lastPathComponent)
        #expect(Set(names).count == 12)
        let byName = photos.sorted { $0.url.lastPathComponent < $1.url.lastPathComponent }
        #expect(byName.map(\.captureDate) == byName.map(\.captureDate).sorted())
        #expect(names.allSatisfy { $0.hasPrefix("IMG_20240601_") && $0.hasSuffix(".jpg") })
    }

    @Test("invalid metadata is refused before anything is written")
    func invalidMetadata() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        #expect(throws: MetadataError.self) { try GPSCoordinate(latitude: 91, longitude: 0) }
        #expect(throws: MetadataError.self) { try GPSCoordinate(latitude: 0, longitude: -180.5) }
        let folder = try await library.createLocation(named: "Strict")
        let bytes = try Samples.smallJPEG()
        await expectGalleryError(.invalidMetadata(.reported("orientation 9 is not 1…8"))) {
            () async throws(GalleryError) in
            try await library.save(.encoded(bytes), to: folder.id, metadata: PhotoMetadata(orientation: 9))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.directory.path).isEmpty)
        #expect(try await library.photoCount(in: folder.id) == 0)
    }
}
