import Foundation
import Imaging

extension GalleryLibrary {
    /// The thumbnail of a photo, from the on-disk cache (``thumbnails``), generated if missing.
    ///
    /// - Parameters:
    ///   - photoID: the photo's identifier.
    ///   - size: the largest width and height, 1…4096 pixels.
    /// - Returns: the thumbnail.
    /// - Throws: ``GalleryError/photoNotFound(id:)`` and the errors of ``ThumbnailCache/image(for:size:)``.
    public func thumbnail(ofPhoto photoID: Int64, size: Int) async throws(GalleryError) -> Image {
        try await thumbnails.image(for: try await photo(id: photoID).url, size: size)
    }

    /// The thumbnails of several photos, generated in parallel on every core, in the order given.
    ///
    /// - Parameters:
    ///   - photoIDs: the photos' identifiers.
    ///   - size: the largest width and height, 1…4096 pixels.
    /// - Returns: one thumbnail per identifier.
    /// - Throws: ``GalleryError/photoNotFound(id:)``, the errors of
    ///   ``ThumbnailCache/thumbnails(for:size:)``, and ``GalleryError/unreadablePhoto(source:reason:)``
    ///   for a cached file that no longer reads.
    public func thumbnails(ofPhotos photoIDs: [Int64], size: Int) async throws(GalleryError) -> [Image] {
        var urls: [URL] = []
        for id in photoIDs { urls.append(try await photo(id: id).url) }
        let files = try await thumbnails.thumbnails(for: urls, size: size)
        var images: [Image] = []
        for file in files {
            do throws(ImagingError) {
                images.append(try Image(contentsOf: file, options: .init(autorotate: false)))
            } catch {
                throw GalleryError.from(error, source: file.path)
            }
        }
        return images
    }
}
