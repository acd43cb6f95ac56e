import Foundation
import GalleryKit
import Imaging
import TestSupport
import Testing

@Suite("Thumbnails")
struct ThumbnailTests {
    @Test("shrink-on-load thumbnail fits the size; the second request is a cache hit")
    func cacheHit() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        let cache = library.thumbnails
        let first = try await cache.thumbnail(for: Samples.rocket, size: 128)
        let image = try Image(contentsOf: first)
        #expect(max(image.width, image.height) == 128)
        let second = try await cache.thumbnail(for: Samples.rocket, size: 128)
        #expect(first == second)
        #expect(await cache.statistics == .init(hits: 1, generated: 1, joined: 0))
        // Another size is another entry.
        let small = try await cache.thumbnail(for: Samples.rocket, size: 64)
        #expect(small != first)
        // The cache survives a restart: a new library object on the same directory hits.
        let reopened = try GalleryLibrary(directory: library.directory)
        #expect(try await reopened.thumbnails.thumbnail(for: Samples.rocket, size: 128) == first)
        #expect(await reopened.thumbnails.statistics.hits == 1)
    }

    @Test("a changed photo gets a new thumbnail")
    func invalidation() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        let photo = temporary.file("photo.jpg")
        try Samples.smallJPEG(Samples.coffee, width: 200).write(to: photo)
        let cache = library.thumbnails
        let before = try Image(contentsOf: try await cache.thumbnail(for: photo, size: 100)).pixels()
        // Replace the photo (different content and size); set an explicit later time so the
        // change shows even on file systems with coarse timestamps.
        try Samples.smallJPEG(Samples.chelsea, width: 200).write(to: photo)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: photo.path)
        let after = try Image(contentsOf: try await cache.thumbnail(for: photo, size: 100)).pixels()
        #expect(before != after)
        #expect(await cache.statistics == .init(hits: 0, generated: 2, joined: 0))
        _ = try await cache.thumbnail(for: photo, size: 100)
        #expect(await cache.statistics.hits == 1)
    }

    @Test("many concurrent requests for one thumbnail generate it once")
    func singleFlight() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        let cache = library.thumbnails
        let urls = try await withThrowingTaskGroup(of: URL.self) { group in
            for _ in 0..<24 {
                group.addTask { try await cache.thumbnail(for: Samples.rocket, size: 200) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(urls).count == 1)
        let statistics = await cache.statistics
        #expect(statistics.generated == 1)
        #expect(statistics.joined + statistics.hits == 23)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.directory.path).count == 1)
    }

    @Test("contact sheet: N columns of square cells, default 3")
    func contactSheet() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        let folder = try await library.createLocation(named: "Sheet")
        for (index, sample) in [Samples.rocket, Samples.coffee, Samples.chelsea, Samples.astronaut].enumerated() {
            _ = try await library.save(
                .encoded(try Samples.smallJPEG(sample, width: 200)), to: folder.id,
                metadata: PhotoMetadata(captureDate: date(Double(index))))
        }
        let sheet = try await library.contactSheet(of: folder.id, cellSize: 64, spacing: 2)
        #expect(sheet.width == 3 * 64 + 2 * 2)
        #expect(sheet.height == 2 * 64 + 2)
        let two = try await library.contactSheet(of: folder.id, columns: 2, cellSize: 50, spacing: 0)
        #expect(two.width == 100)
        #expect(two.height == 100)
        let empty = try await library.createLocation(named: "Empty")
        await expectGalleryError(.invalidArgument(.locationHasNoPhotos(empty.id))) {
            () async throws(GalleryError) in
            try await library.contactSheet(of: empty.id)
        }
    }

    @Test("an image over the pixel limit is refused from its header")
    func pixelLimit() async throws {
        let temporary = try TemporaryDirectory("gallerykit")
        defer { temporary.remove() }
        let library = try GalleryLibrary(directory: temporary.file("Library"), pixelLimit: 10_000)
        await expectGalleryError(
            .photoTooLarge(source: Samples.rocket.path, width: 640, height: 427, limit: 10_000)
        ) { () async throws(GalleryError) in
            try await library.thumbnails.thumbnail(for: Samples.rocket)
        }
    }
}
