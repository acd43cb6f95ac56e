import Foundation
import GalleryKit
import GalleryKitMocks
import Imaging
import TestSupport
import Testing

@Suite("Mocks")
struct MockTests {
    /// Code written against the protocol works the same with the mock.
    func fileTwoPhotos(into library: some PhotoLibrary) async throws(GalleryError) -> [Photo] {
        let album = try await library.createLocation(named: "Mock album", kind: .album)
        let bytes = try! Samples.smallJPEG(width: 32)
        _ = try await library.save(.encoded(bytes), to: album.id, metadata: PhotoMetadata(captureDate: date(1)))
        _ = try await library.save(.encoded(bytes), to: album.id, metadata: PhotoMetadata(captureDate: date(2)))
        return try await library.allPhotos(in: album.id)
    }

    @Test("the in-memory library follows the protocol's rules")
    func inMemoryLibrary() async throws {
        let library = InMemoryPhotoLibrary()
        let photos = try await fileTwoPhotos(into: library)
        #expect(photos.map(\.captureDate) == [date(2), date(1)])
        #expect(await library.savedMetadata.count == 2)
        #expect(await library.bytes(of: photos[0].id) != nil)
        await expectGalleryError(.duplicateLocationName("mock album")) { () async throws(GalleryError) in
            try await library.createLocation(named: "mock album")
        }
        await expectGalleryError(.notAnImage(source: "3 bytes")) { () async throws(GalleryError) in
            try await library.save(.encoded(Data([1, 2, 3])), to: photos[0].locationID, metadata: PhotoMetadata())
        }
        #expect(try await library.search(PhotoQuery(dateRange: date(2)...date(3))).map(\.id) == [photos[0].id])
        try await library.deleteLocation(id: photos[0].locationID)
        await expectGalleryError(.photoNotFound(id: photos[0].id)) { () async throws(GalleryError) in
            try await library.photo(id: photos[0].id)
        }
    }

    @Test("the in-memory location store")
    func locationStore() async throws {
        let store = InMemoryLocationStore()
        let folder = try await store.createLocation(named: "Work")
        #expect(folder.kind == .folder)
        #expect(try await store.renameLocation(id: folder.id, to: "Job").name == "Job")
        await expectGalleryError(.emptyLocationName) { () async throws(GalleryError) in
            try await store.createLocation(named: " ")
        }
        try await store.deleteLocation(id: folder.id)
        #expect(await store.locations().isEmpty)
    }
}
