import Foundation
import GalleryKit
import GalleryKitMocks
import Imaging

let library = InMemoryPhotoLibrary()
let album = try await library.createLocation(named: "Trip", kind: .album)
let image = try Image.solid(width: 4, height: 4, value: [10, 20, 30])
let photo = try await library.save(.image(image), to: album.id, metadata: PhotoMetadata(captureDate: Date()))
let count = try await library.photoCount(in: album.id)
