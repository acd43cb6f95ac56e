import Foundation
import Imaging

/// Thumbnails of a library's photos, and contact sheets made of them: what an app's grid needs.
///
/// ``PhotoLibrary`` refines it, so ``GalleryLibrary`` (cached JPEG files, shrink-on-load) and
/// `InMemoryPhotoLibrary` (product `GalleryKitMocks`, thumbnails made in memory) both provide it,
/// and a grid written against `any PhotoThumbnailProvider` runs on either. Contact sheets are
/// laid out once, here, from ``thumbnails(ofPhotos:size:)``.
public protocol PhotoThumbnailProvider: Sendable {
    /// The thumbnail of a photo: the whole photo, upright, scaled to fit in `size`×`size` pixels.
    ///
    /// - Parameters:
    ///   - photoID: the photo's identifier.
    ///   - size: the largest width and height, 1…4096 pixels.
    /// - Returns: the thumbnail, 8-bit sRGB.
    /// - Throws: ``GalleryError/photoNotFound(id:)``, ``GalleryError/invalidArgument(_:)`` for a
    ///   size outside 1…4096, ``GalleryError/unreadablePhoto(source:reason:)`` and the other
    ///   decoding errors of the photo's bytes.
    func thumbnail(ofPhoto photoID: Int64, size: Int) async throws(GalleryError) -> Image

    /// The thumbnails of several photos, in the order given. The default asks
    /// ``thumbnail(ofPhoto:size:)`` for each in turn; ``GalleryLibrary`` makes them in parallel.
    ///
    /// - Parameters:
    ///   - photoIDs: the photos' identifiers.
    ///   - size: the largest width and height, 1…4096 pixels.
    /// - Returns: one thumbnail per identifier.
    /// - Throws: the first error ``thumbnail(ofPhoto:size:)`` throws.
    func thumbnails(ofPhotos photoIDs: [Int64], size: Int) async throws(GalleryError) -> [Image]
}

extension PhotoThumbnailProvider {
    /// The thumbnails of several photos, one after another, in the order given.
    ///
    /// - Parameters:
    ///   - photoIDs: the photos' identifiers.
    ///   - size: the largest width and height, 1…4096 pixels.
    /// - Returns: one thumbnail per identifier.
    /// - Throws: the first error ``thumbnail(ofPhoto:size:)`` throws.
    public func thumbnails(ofPhotos photoIDs: [Int64], size: Int) async throws(GalleryError) -> [Image] {
        var images: [Image] = []
        for id in photoIDs { images.append(try await thumbnail(ofPhoto: id, size: size)) }
        return images
    }

    /// A contact sheet: each photo's thumbnail centred in a square cell, `columns` cells across,
    /// in the order given, as one image.
    ///
    /// - Parameters:
    ///   - photoIDs: the photos, in reading order (at least one).
    ///   - columns: cells per row (at least 1).
    ///   - cellSize: the side of each square cell, in pixels.
    ///   - spacing: the gap between cells, in pixels.
    ///   - background: the colour around and between thumbnails, one value per sRGB band (0…255).
    /// - Returns: the sheet, 8-bit sRGB: `columns` cells wide (fewer when there are fewer photos).
    /// - Throws: ``GalleryError/invalidArgument(_:)`` for no photos or no columns, what
    ///   ``thumbnails(ofPhotos:size:)`` throws, and ``GalleryError/imaging(_:)`` if the layout fails.
    public func contactSheet(
        ofPhotos photoIDs: [Int64],
        columns: Int = 3,
        cellSize: Int = 256,
        spacing: Int = 4,
        background: [Double] = [255, 255, 255]
    ) async throws(GalleryError) -> Image {
        guard columns > 0 else { throw .invalidArgument(.noColumns) }
        guard !photoIDs.isEmpty else { throw .invalidArgument(.noPhotos) }
        let thumbnails = try await thumbnails(ofPhotos: photoIDs, size: cellSize)
        do {
            let cells = try thumbnails.map { thumbnail throws(ImagingError) in
                let upright = try thumbnail.normalizedToSRGB()
                return try upright.embedded(
                    x: (cellSize - upright.width) / 2, y: (cellSize - upright.height) / 2, width: cellSize,
                    height: cellSize, background: background)
            }
            return try Image.grid(cells, across: columns, spacing: spacing, background: background)
        } catch {
            throw .imaging(error)
        }
    }
}

extension PhotoLibrary {
    /// A contact sheet of every photo of a location, newest first, as
    /// ``PhotoThumbnailProvider/contactSheet(ofPhotos:columns:cellSize:spacing:background:)`` lays it out.
    ///
    /// - Parameters:
    ///   - locationID: the folder or album.
    ///   - columns: cells per row (at least 1).
    ///   - cellSize: the side of each square cell, in pixels.
    ///   - spacing: the gap between cells, in pixels.
    ///   - background: the colour around and between thumbnails, one value per sRGB band (0…255).
    /// - Returns: the sheet.
    /// - Throws: ``GalleryError/locationNotFound(id:)``, ``GalleryError/invalidArgument(_:)`` for a
    ///   location without photos or no columns, and the thumbnails' errors.
    public func contactSheet(
        of locationID: Int64,
        columns: Int = 3,
        cellSize: Int = 256,
        spacing: Int = 4,
        background: [Double] = [255, 255, 255]
    ) async throws(GalleryError) -> Image {
        guard columns > 0 else { throw .invalidArgument(.noColumns) }
        let photos = try await allPhotos(in: locationID)
        guard !photos.isEmpty else { throw .invalidArgument(.locationHasNoPhotos(locationID)) }
        return try await contactSheet(
            ofPhotos: photos.map(\.id), columns: columns, cellSize: cellSize, spacing: spacing, background: background)
    }
}
