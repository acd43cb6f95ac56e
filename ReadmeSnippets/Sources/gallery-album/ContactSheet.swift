import GalleryKit
import Imaging

func sheet(of photoIDs: [Int64], from provider: any PhotoThumbnailProvider) async throws -> Image {
    try await provider.contactSheet(ofPhotos: photoIDs, columns: 4, cellSize: 128)
}
