import Foundation
import Imaging

/// A photo library: locations chosen before shooting, saving into them, browsing and search.
///
/// ``GalleryLibrary`` is the default implementation (files on disk, a SQLite index);
/// `GalleryKitMocks` has an in-memory one for tests.
public protocol PhotoLibrary: LocationStore, PhotoThumbnailProvider {
    /// Saves a photo into a location, writing `metadata` into the file's EXIF. The file appears
    /// whole or not at all.
    /// - Throws: ``GalleryError/locationNotFound(id:)``, ``GalleryError/locationDirectoryMissing(path:)``,
    ///   ``GalleryError/notAnImage(source:)``, ``GalleryError/unreadablePhoto(source:reason:)``,
    ///   ``GalleryError/invalidMetadata(_:)``.
    func save(_ source: PhotoSource, to locationID: Int64, metadata: PhotoMetadata) async throws(GalleryError)
        -> Photo
    /// A page of a location's photos, newest first. Pages count from 0.
    func photos(in locationID: Int64, page: Int, pageSize: Int) async throws(GalleryError) -> [Photo]
    /// How many photos a location has.
    func photoCount(in locationID: Int64) async throws(GalleryError) -> Int
    /// The photo with this identifier.
    func photo(id: Int64) async throws(GalleryError) -> Photo
    /// Photos matching every criterion of `query`, newest first.
    func search(_ query: PhotoQuery) async throws(GalleryError) -> [Photo]
    /// Brings a folder's index up to date with the files on disk (added, removed or changed by
    /// other programs). An album has nothing to rescan and reports no change.
    func rescan(_ locationID: Int64) async throws(GalleryError) -> RescanReport
    /// Copies or moves existing image files into a location, keeping their metadata. Every file
    /// is checked first; if one is not a readable image, nothing is imported.
    func importFiles(_ urls: [URL], into locationID: Int64, mode: ImportMode) async throws(GalleryError) -> [Photo]
    /// Adds an existing photo to an album (a photo may be in several albums).
    func addPhoto(_ photoID: Int64, toAlbum albumID: Int64) async throws(GalleryError)
}

extension PhotoLibrary {
    /// Every photo of a location, newest first.
    public func allPhotos(in locationID: Int64) async throws(GalleryError) -> [Photo] {
        try await photos(in: locationID, page: 0, pageSize: Int(Int32.max))
    }
}
