import Foundation
import GalleryKit
import GalleryKitMocks
import Imaging
import Testing

/// Your app's grid knows only the protocol, so its tests hand it the in-memory library.
func gridThumbnails(of library: any PhotoLibrary, in location: Int64) async throws -> [Image] {
    let photos = try await library.photos(in: location, page: 0, pageSize: 30)
    return try await library.thumbnails(ofPhotos: photos.map(\.id), size: 128)
}

@Test func theGridShowsAThumbnailOfEachPhoto() async throws {
    let library = InMemoryPhotoLibrary()                 // real images, kept in memory
    let album = try await library.createLocation(named: "Family", kind: .album)
    let photo = try Image.solid(width: 400, height: 300, value: [200, 120, 40])
    _ = try await library.save(.image(photo), to: album.id, metadata: PhotoMetadata(captureDate: Date()))
    let thumbnails = try await gridThumbnails(of: library, in: album.id)
    #expect(thumbnails.map(\.width) == [128] && thumbnails.map(\.height) == [96])
    let sheet = try await library.contactSheet(of: album.id, cellSize: 128)
    #expect(sheet.height == 128)                          // one row of 3 columns
}
