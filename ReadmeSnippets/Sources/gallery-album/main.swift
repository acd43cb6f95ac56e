import Foundation
import GalleryKit
import Imaging

let library = try GalleryLibrary(directory: URL(fileURLWithPath: "Gallery"))
let family = try await library.createLocation(named: "Family", kind: .album)
let jpeg = try Data(contentsOf: URL(fileURLWithPath: "photo.jpg"))
let photo = try await library.save(
    .encoded(jpeg), to: family.id,
    metadata: PhotoMetadata(
        captureDate: Date(), gps: try GPSCoordinate(latitude: -33.8568, longitude: 151.2153, altitude: 12),
        description: "Kodak Gold 200"))
let newest = try await library.photos(in: family.id, page: 0, pageSize: 30)
let thumbnail = try await library.thumbnails.thumbnail(for: photo.url, size: 256)
