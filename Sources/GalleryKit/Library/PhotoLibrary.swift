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
    ///
    /// - Throws: ``GalleryError/invalidArgument(_:)`` for a negative page or a page size below 1;
    ///   ``GalleryError/locationNotFound(id:)``; ``GalleryError/database(_:)`` if the index fails.
    func photos(in locationID: Int64, page: Int, pageSize: Int) async throws(GalleryError) -> [Photo]
    /// How many photos a location has.
    ///
    /// - Throws: ``GalleryError/locationNotFound(id:)``; ``GalleryError/database(_:)`` if the index fails.
    func photoCount(in locationID: Int64) async throws(GalleryError) -> Int
    /// The photo with this identifier.
    ///
    /// - Throws: ``GalleryError/photoNotFound(id:)``; ``GalleryError/database(_:)`` if the index fails.
    func photo(id: Int64) async throws(GalleryError) -> Photo
    /// Photos matching every criterion of `query`, newest first.
    ///
    /// - Throws: ``GalleryError/invalidArgument(_:)`` for a negative or non-finite radius;
    ///   ``GalleryError/locationNotFound(id:)`` for a query limited to a location that does not exist;
    ///   ``GalleryError/database(_:)`` if the index fails.
    func search(_ query: PhotoQuery) async throws(GalleryError) -> [Photo]
    /// Brings a folder's index up to date with the files on disk (added, removed or changed by
    /// other programs). An album has nothing to rescan and reports no change.
    ///
    /// - Throws: ``GalleryError/locationNotFound(id:)``; ``GalleryError/locationDirectoryMissing(path:)`` if a
    ///   folder's directory is gone; ``GalleryError/fileSystem(path:reason:)`` if it cannot be listed;
    ///   ``GalleryError/database(_:)`` if the index fails.
    func rescan(_ locationID: Int64) async throws(GalleryError) -> RescanReport
    /// Copies or moves existing image files into a location, keeping their metadata. Every file
    /// is checked first; if one is not a readable image, nothing is imported.
    ///
    /// - Throws: ``GalleryError/locationNotFound(id:)``; ``GalleryError/notAnImage(source:)``,
    ///   ``GalleryError/unreadablePhoto(source:reason:)`` or
    ///   ``GalleryError/photoTooLarge(source:width:height:limit:)`` for the first file that is not a readable image
    ///   (nothing is imported then); ``GalleryError/fileSystem(path:reason:)`` if a file cannot be copied or moved;
    ///   ``GalleryError/database(_:)`` if the index fails.
    func importFiles(_ urls: [URL], into locationID: Int64, mode: ImportMode) async throws(GalleryError) -> [Photo]
    /// Adds an existing photo to an album (a photo may be in several albums).
    ///
    /// - Throws: ``GalleryError/photoNotFound(id:)``; ``GalleryError/locationNotFound(id:)``;
    ///   ``GalleryError/wrongLocationKind(id:expected:)`` if `albumID` is a folder; ``GalleryError/database(_:)`` if
    ///   the index fails.
    func addPhoto(_ photoID: Int64, toAlbum albumID: Int64) async throws(GalleryError)
}

extension PhotoLibrary {
    /// Every photo of a location, newest first.
    ///
    /// - Throws: ``GalleryError/locationNotFound(id:)``; ``GalleryError/database(_:)`` if the index fails.
    public func allPhotos(in locationID: Int64) async throws(GalleryError) -> [Photo] {
        try await photos(in: locationID, page: 0, pageSize: Int(Int32.max))
    }
}
