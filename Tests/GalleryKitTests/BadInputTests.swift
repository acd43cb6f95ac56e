import Foundation
import GalleryKit
import Imaging
import TestSupport
import Testing

@Suite("Bad input")
struct BadInputTests {
    @Test("a non-image file is refused with notAnImage, and nothing is written")
    func notAnImage() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        let folder = try await library.createLocation(named: "Inbox")
        let text = Data("this is not a photo".utf8)
        await expectGalleryError(.notAnImage(source: "19 bytes of image data")) { () async throws(GalleryError) in
            try await library.save(.encoded(text), to: folder.id, metadata: PhotoMetadata(captureDate: date()))
        }
        let notes = temporary.file("notes.jpg")
        try text.write(to: notes)
        await expectGalleryError(.notAnImage(source: notes.path)) { () async throws(GalleryError) in
            try await library.importFiles([notes], into: folder.id, mode: .move)
        }
        #expect(FileManager.default.fileExists(atPath: notes.path))
        await expectGalleryError(.notAnImage(source: notes.standardizedFileURL.path)) {
            () async throws(GalleryError) in
            try await library.thumbnails.thumbnail(for: notes)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.directory.path).isEmpty)
        #expect(try await library.photoCount(in: folder.id) == 0)
    }

    @Test("a truncated JPEG is refused with unreadablePhoto when saved, imported or thumbnailed")
    func truncatedJPEG() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        let folder = try await library.createLocation(named: "Inbox")
        let whole = try Samples.data("rocket.jpg")
        let truncated = whole.prefix(whole.count / 2)
        do {
            _ = try await library.save(.encoded(truncated), to: folder.id, metadata: PhotoMetadata(captureDate: date()))
            Issue.record("a truncated JPEG was saved")
        } catch {
            guard case .unreadablePhoto = error else {
                Issue.record("expected unreadablePhoto, got \(error)")
                return
            }
        }
        let file = temporary.file("half.jpg")
        try truncated.write(to: file)
        let good = temporary.file("good.jpg")
        try Samples.smallJPEG().write(to: good)
        do {
            _ = try await library.importFiles([good, file], into: folder.id, mode: .copy)
            Issue.record("a truncated JPEG was imported")
        } catch {
            guard case .unreadablePhoto(let source, _) = error else {
                Issue.record("expected unreadablePhoto, got \(error)")
                return
            }
            #expect(source == file.path)
        }
        // All or nothing: the good file was not imported either.
        #expect(try await library.photoCount(in: folder.id) == 0)
        do {
            _ = try await library.thumbnails.thumbnail(for: file)
            Issue.record("a truncated JPEG got a thumbnail")
        } catch {
            guard case .unreadablePhoto = error else {
                Issue.record("expected unreadablePhoto, got \(error)")
                return
            }
        }
    }

    @Test("bad paging and search arguments are refused")
    func badArguments() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        let folder = try await library.createLocation(named: "Any")
        await expectGalleryError(.invalidArgument(.invalidPage(page: 0, pageSize: 0))) {
            () async throws(GalleryError) in
            try await library.photos(in: folder.id, page: 0, pageSize: 0)
        }
        let center = try GPSCoordinate(latitude: 0, longitude: 0)
        await expectGalleryError(.invalidArgument(.negativeRadius)) {
            () async throws(GalleryError) in
            try await library.search(PhotoQuery(near: GeoCircle(center: center, radius: -1)))
        }
        await expectGalleryError(.invalidArgument(.thumbnailSize(0))) {
            () async throws(GalleryError) in
            try await library.thumbnails.thumbnail(for: Samples.rocket, size: 0)
        }
    }

    @Test("errors read as one line that names the cause")
    func descriptions() {
        #expect(GalleryError.duplicateLocationName("Work").description == "a location named 'Work' already exists")
        #expect(GalleryError.locationNotFound(id: 7).description == "no location with id 7")
        #expect(GalleryError.unreadablePhoto(source: "a.jpg", reason: "Premature end").description.contains("a.jpg"))
    }
}
