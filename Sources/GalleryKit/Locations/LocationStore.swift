import Foundation

/// Creates, lists, renames and deletes the locations photos are saved to. The list persists.
public protocol LocationStore: Sendable {
    /// Creates a location. A folder uses `directory` (created if missing) or, when it is `nil`,
    /// a new directory inside the library; an album always lives inside the library.
    /// - Throws: ``GalleryError/emptyLocationName``, ``GalleryError/duplicateLocationName(_:)``.
    func createLocation(named name: String, kind: LocationKind, directory: URL?) async throws(GalleryError)
        -> Location
    /// Every location, oldest first.
    ///
    /// - Throws: ``GalleryError/database(_:)`` if the index fails.
    func locations() async throws(GalleryError) -> [Location]
    /// The location with this identifier.
    /// - Throws: ``GalleryError/locationNotFound(id:)``.
    func location(id: Int64) async throws(GalleryError) -> Location
    /// Gives a location a new name (a folder's directory is not moved).
    ///
    /// - Throws: ``GalleryError/locationNotFound(id:)``; ``GalleryError/emptyLocationName``;
    ///   ``GalleryError/duplicateLocationName(_:)``; ``GalleryError/database(_:)`` if the index fails.
    func renameLocation(id: Int64, to name: String) async throws(GalleryError) -> Location
    /// Deletes a location and its index entries. An album's stored photos are deleted with it;
    /// a folder's files stay on disk, since the folder belongs to the user.
    ///
    /// - Throws: ``GalleryError/locationNotFound(id:)``; ``GalleryError/database(_:)`` if the index fails.
    func deleteLocation(id: Int64) async throws(GalleryError)
}

extension LocationStore {
    /// Creates a folder location (the default kind) in a new directory inside the library.
    ///
    /// - Throws: ``GalleryError/emptyLocationName``, ``GalleryError/duplicateLocationName(_:)``;
    ///   ``GalleryError/fileSystem(path:reason:)`` if the directory cannot be created; ``GalleryError/database(_:)``
    ///   if the index fails.
    public func createLocation(named name: String, kind: LocationKind = .folder) async throws(GalleryError)
        -> Location
    {
        try await createLocation(named: name, kind: kind, directory: nil)
    }
}
