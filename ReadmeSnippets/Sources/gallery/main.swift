import Foundation
import GalleryKit
import Imaging  // PhotoMetadata, GPSCoordinate

let appSupport = URL(fileURLWithPath: "MyPhotoApp")                  // your app's support folder
let jpegBytes = try Data(contentsOf: URL(fileURLWithPath: "photo.jpg"))
let library = try GalleryLibrary(directory: appSupport.appendingPathComponent("Gallery"))
let family = try await library.createLocation(named: "Family", kind: .album)
let photo = try await library.save(
    .encoded(jpegBytes), to: family.id,
    metadata: PhotoMetadata(
        captureDate: Date(), gps: try GPSCoordinate(latitude: -33.8568, longitude: 151.2153, altitude: 12),
        description: "Kodak Gold 200", zoomFactor: 2, lensModel: "back 26 mm"))
let newest = try await library.photos(in: family.id, page: 0, pageSize: 30)       // newest first
let grid = try await library.thumbnails(ofPhotos: newest.map(\.id), size: 256)     // images, in parallel
let file = try await library.thumbnails.thumbnail(for: photo.url, size: 256)       // the cached JPEG file
let sheet = try await library.contactSheet(of: family.id)                           // 3 columns
var pager = try PhotoPager(photos: newest)
pager.previous()                                   // wraps round to the last photo
print(PhotoCountLabel.text(for: 5, language: .slovak))  // "5 fotografií"
