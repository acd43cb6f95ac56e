import FilmKit
import Foundation
import Imaging

/// Exports a FilmKit roll's developed photos into a location (album or folder) of a photo
/// library, each with its EXIF: capture date, GPS when the shot had it, and the description
/// (`Kodak Portra 400 — frame 12 of 36`), which the library also indexes for search.
///
/// ```swift
/// let album = try await library.createLocation(named: "Léto", kind: .album)
/// let destination = LocationExportDestination(library: library, locationID: album.id)
/// try await camera.export("Léto", to: destination)            // the whole roll
/// try await camera.export(frame: 7, of: "Léto", to: destination) // or one photo
/// ```
///
/// The developed JPEG is saved as it is, pixel for pixel (see ``PhotoLibrary/save(_:to:metadata:)``);
/// its EXIF is written again from the photo's `DevelopedPhoto/photoMetadata`, so it is the same.
public struct LocationExportDestination: RollExportDestination {
    /// The library that receives the photos.
    public let library: any PhotoLibrary
    /// The location the photos are saved into.
    public let locationID: Int64

    /// Exports into the location `locationID` of `library`.
    public init(library: any PhotoLibrary, locationID: Int64) {
        self.library = library
        self.locationID = locationID
    }

    /// Saves one developed photo into the location.
    /// - Throws: the errors of ``PhotoLibrary/save(_:to:metadata:)``, such as
    ///   ``GalleryError/locationNotFound(id:)``; the camera reports them as
    ///   `RollError.exportFailed`.
    public func store(_ photo: Data, metadata: DevelopedPhoto) async throws(GalleryError) {
        let photoMetadata: PhotoMetadata
        do {
            photoMetadata = try metadata.photoMetadata
        } catch {
            throw GalleryError.from(error, source: metadata.suggestedFileName)
        }
        _ = try await library.save(.encoded(photo), to: locationID, metadata: photoMetadata)
    }
}
