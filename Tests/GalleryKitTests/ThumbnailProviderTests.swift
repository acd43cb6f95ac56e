import Foundation
import GalleryKit
import GalleryKitMocks
import Imaging
import TestSupport
import Testing

/// Thumbnails and contact sheets through ``PhotoThumbnailProvider`` alone, on the real library and
/// on the in-memory one: the same grid code, the same sizes and the same errors.
@Suite("Thumbnails on the PhotoThumbnailProvider protocol")
struct ThumbnailProviderTests {
    /// Saves four photos of different shapes (landscape 200×133 and 200×150, portrait 150×200, a
    /// square) and returns their identifiers, oldest first.
    static func saveFour(into library: any PhotoLibrary) async throws -> (location: Int64, ids: [Int64]) {
        let album = try await library.createLocation(named: "Grid", kind: .album)
        let sources: [PhotoSource] = [
            .encoded(try Samples.smallJPEG(Samples.rocket, width: 200)),
            .encoded(try Samples.smallJPEG(Samples.coffee, width: 200)),
            .image(try Image.solid(width: 150, height: 200, value: [30, 120, 200])),
            .image(try Image.solid(width: 90, height: 90, value: [250, 250, 20])),
        ]
        var ids: [Int64] = []
        for (index, source) in sources.enumerated() {
            let photo = try await library.save(
                source, to: album.id, metadata: PhotoMetadata(captureDate: date(Double(index))))
            ids.append(photo.id)
        }
        return (album.id, ids)
    }

    static func checkThumbnails(of library: any PhotoLibrary) async throws {
        let (location, ids) = try await saveFour(into: library)
        let one = try await library.thumbnail(ofPhoto: ids[2], size: 64)
        #expect(one.width == 48 && one.height == 64)
        let all = try await library.thumbnails(ofPhotos: ids, size: 64)
        let longest: [Int] = all.map { max($0.width, $0.height) }
        #expect(longest == [64, 64, 64, 64])
        #expect(all[2].width == 48 && all[3].width == 64)
        // The portrait photo's thumbnail is its colour: real pixels, not a blank.
        let pixels = try all[2].pixels()
        let red = Int(pixels[10, 10, 0])
        let blue = Int(pixels[10, 10, 2])
        #expect(abs(red - 30) <= 2 && abs(blue - 200) <= 2)
        let sheet = try await library.contactSheet(ofPhotos: ids, columns: 2, cellSize: 64, spacing: 2)
        #expect(sheet.width == 2 * 64 + 2 && sheet.height == 2 * 64 + 2)
        let newestFirst = try await library.contactSheet(of: location, cellSize: 32, spacing: 0)
        #expect(newestFirst.width == 96 && newestFirst.height == 64)
        await expectGalleryError(.photoNotFound(id: 999)) { () async throws(GalleryError) in
            try await library.thumbnail(ofPhoto: 999, size: 64)
        }
        await expectGalleryError(.invalidArgument(.thumbnailSize(0))) {
            () async throws(GalleryError) in
            try await library.thumbnail(ofPhoto: ids[0], size: 0)
        }
        await expectGalleryError(.invalidArgument(.noPhotos)) {
            () async throws(GalleryError) in
            try await library.contactSheet(ofPhotos: [])
        }
    }

    @Test("GalleryLibrary: thumbnails from its cache, contact sheets of chosen photos")
    func galleryLibrary() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        try await Self.checkThumbnails(of: library)
        #expect(await library.thumbnails.statistics.generated > 0)
    }

    @Test("InMemoryPhotoLibrary: the same thumbnails, made in memory and kept there")
    func inMemoryLibrary() async throws {
        let library = InMemoryPhotoLibrary()
        try await Self.checkThumbnails(of: library)
        let made = await library.generatedThumbnailCount
        _ = try await library.thumbnail(ofPhoto: 1, size: 64)
        #expect(await library.generatedThumbnailCount == made)
    }
}
