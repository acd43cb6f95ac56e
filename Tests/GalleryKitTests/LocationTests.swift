import Foundation
import GalleryKit
import Imaging
import TestSupport
import Testing

@Suite("Locations")
struct LocationTests {
    @Test("create, list, rename and delete; the list survives a restart")
    func crudAndPersistence() async throws {
        let temporary = try TemporaryDirectory("gallerykit")
        defer { temporary.remove() }
        let root = temporary.file("Library")
        let elsewhere = temporary.file("Work photos")
        do {
            let library = try GalleryLibrary(directory: root)
            let folder = try await library.createLocation(named: "Private")
            #expect(folder.kind == .folder)
            #expect(FileManager.default.fileExists(atPath: folder.directory.path))
            let work = try await library.createLocation(named: "Work", kind: .folder, directory: elsewhere)
            #expect(work.directory.standardizedFileURL.path == elsewhere.standardizedFileURL.path)
            let album = try await library.createLocation(named: "  Holidays  ", kind: .album)
            #expect(album.name == "Holidays")
            #expect(album.kind == .album)
            let renamed = try await library.renameLocation(id: work.id, to: "Job")
            #expect(renamed.name == "Job")
            try await library.deleteLocation(id: folder.id)
        }
        // A new library object on the same directory stands for an app restart.
        let reopened = try GalleryLibrary(directory: root)
        let names = try await reopened.locations().map(\.name)
        #expect(names == ["Job", "Holidays"])
        let kinds = try await reopened.locations().map(\.kind)
        #expect(kinds == [.folder, .album])
    }

    @Test("empty and duplicate names are refused, also on rename")
    func namesAreValidated() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        await expectGalleryError(.emptyLocationName) { () async throws(GalleryError) in
            try await library.createLocation(named: "   ")
        }
        let first = try await library.createLocation(named: "Family")
        await expectGalleryError(.duplicateLocationName("family")) { () async throws(GalleryError) in
            try await library.createLocation(named: "family", kind: .album)
        }
        let second = try await library.createLocation(named: "Friends")
        await expectGalleryError(.duplicateLocationName("FAMILY")) { () async throws(GalleryError) in
            try await library.renameLocation(id: second.id, to: "FAMILY")
        }
        await expectGalleryError(.emptyLocationName) { () async throws(GalleryError) in
            try await library.renameLocation(id: first.id, to: "")
        }
        // Renaming to its own name (in another case) is allowed.
        #expect(try await library.renameLocation(id: first.id, to: "FAMILY").name == "FAMILY")
        #expect(try await library.locations().count == 2)
    }

    @Test("a deleted location is gone: typed errors, and an album's files are removed")
    func deletedLocation() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        let album = try await library.createLocation(named: "Trip", kind: .album)
        let photo = try await library.save(
            .encoded(try Samples.smallJPEG()), to: album.id, metadata: PhotoMetadata(captureDate: date()))
        let thumbnail = try await library.thumbnails.thumbnail(for: photo.url, size: 64)
        try await library.deleteLocation(id: album.id)
        #expect(!FileManager.default.fileExists(atPath: photo.url.path))
        #expect(!FileManager.default.fileExists(atPath: thumbnail.path))
        await expectGalleryError(.locationNotFound(id: album.id)) { () async throws(GalleryError) in
            try await library.save(
                .encoded(try! Samples.smallJPEG()), to: album.id, metadata: PhotoMetadata(captureDate: date()))
        }
        await expectGalleryError(.locationNotFound(id: album.id)) { () async throws(GalleryError) in
            try await library.photos(in: album.id, page: 0, pageSize: 10)
        }
        await expectGalleryError(.locationNotFound(id: album.id)) { () async throws(GalleryError) in
            try await library.deleteLocation(id: album.id)
        }
        await expectGalleryError(.photoNotFound(id: photo.id)) { () async throws(GalleryError) in
            try await library.photo(id: photo.id)
        }
    }

    @Test("a folder whose directory was removed by another program gets a typed error")
    func missingFolderDirectory() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        let folder = try await library.createLocation(
            named: "USB stick", kind: .folder, directory: temporary.file("usb"))
        try FileManager.default.removeItem(at: folder.directory)
        await expectGalleryError(.locationDirectoryMissing(path: folder.directory.path)) {
            () async throws(GalleryError) in
            try await library.save(
                .encoded(try! Samples.smallJPEG()), to: folder.id, metadata: PhotoMetadata(captureDate: date()))
        }
        await expectGalleryError(.locationDirectoryMissing(path: folder.directory.path)) {
            () async throws(GalleryError) in
            try await library.rescan(folder.id)
        }
    }
}
