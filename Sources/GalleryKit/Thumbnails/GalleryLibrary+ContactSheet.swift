import Foundation
import Imaging

extension GalleryLibrary {
    /// A contact sheet: every photo of a location (newest first) as a thumbnail centred in a
    /// square cell, `columns` cells across, as one image.
    ///
    /// - Throws: ``GalleryError/invalidArgument(_:)`` for no columns or a location with no photos;
    ///   ``GalleryError/locationNotFound(id:)``; the thumbnail errors of ``ThumbnailCache/thumbnail(for:size:)``;
    ///   ``GalleryError/imaging(_:)`` if the sheet cannot be rendered.
    public func contactSheet(
        of locationID: Int64,
        columns: Int = 3,
        cellSize: Int = 256,
        spacing: Int = 4,
        background: [Double] = [255, 255, 255]
    ) async throws(GalleryError) -> Image {
        guard columns > 0 else { throw .invalidArgument("a contact sheet needs at least one column") }
        let photos = try await allPhotos(in: locationID)
        guard !photos.isEmpty else { throw .invalidArgument("location \(locationID) has no photos") }
        let urls = try await thumbnails.thumbnails(for: photos.map(\.url), size: cellSize)
        do {
            let cells = try urls.map { url throws(ImagingError) in
                let thumbnail = try Image(contentsOf: url, options: .init(autorotate: false)).normalizedToSRGB()
                return try thumbnail.embedded(
                    x: (cellSize - thumbnail.width) / 2, y: (cellSize - thumbnail.height) / 2, width: cellSize,
                    height: cellSize, background: background)
            }
            return try Image.grid(cells, across: columns, spacing: spacing, background: background)
        } catch {
            throw .imaging(error)
        }
    }
}
