import Foundation
import GRDB

/// The default photo library: photo files on disk, indexed in SQLite (through GRDB), with a
/// thumbnail cache beside them.
///
/// A library lives in one directory: `library.sqlite` (the index), `Albums/` (album photos),
/// `Folders/` (folders created without a directory of their own) and `Thumbnails/`. Opening the
/// same directory again, in this process or after a restart, finds every location and photo.
public final class GalleryLibrary: PhotoLibrary {
    /// The library's directory.
    public let directory: URL
    /// Thumbnails of this library's photos, cached on disk.
    public let thumbnails: ThumbnailCache
    /// The largest image, in pixels, the library reads; larger ones are refused from their header.
    public let pixelLimit: Int
    let database: LibraryDatabase

    /// Opens the library in `directory`, creating it if needed.
    /// - Parameters:
    ///   - directory: the library's folder; its index, albums and thumbnails live inside it.
    ///   - pixelLimit: the largest image (in pixels) the library reads; larger ones are
    ///     refused from their header alone.
    /// - Throws: ``GalleryError/fileSystem(path:reason:)`` if the library's folders cannot be created;
    ///   ``GalleryError/database(_:)`` if the index cannot be opened or migrated.
    public init(directory: URL, pixelLimit: Int = 200_000_000) throws(GalleryError) {
        self.directory = directory
        self.pixelLimit = pixelLimit
        for sub in ["", "Albums", "Folders", "Thumbnails"] {
            try Self.createDirectory(directory.appendingPathComponent(sub, isDirectory: true))
        }
        database = try LibraryDatabase(url: directory.appendingPathComponent("library.sqlite"))
        thumbnails = ThumbnailCache(
            directory: directory.appendingPathComponent("Thumbnails", isDirectory: true), database: database,
            pixelLimit: pixelLimit)
    }

    static func createDirectory(_ url: URL) throws(GalleryError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .fileSystem(path: url.path, reason: .reported(error.localizedDescription))
        }
    }

    // MARK: Locations

    /// Creates a location; see ``LocationStore/createLocation(named:kind:directory:)``.
    ///
    /// - Throws: ``GalleryError/emptyLocationName``, ``GalleryError/duplicateLocationName(_:)``;
    ///   ``GalleryError/fileSystem(path:reason:)`` if the directory cannot be created; ``GalleryError/database(_:)``
    ///   if the index fails.
    public func createLocation(named proposed: String, kind: LocationKind, directory: URL?) async throws(GalleryError)
        -> Location
    {
        let name = try Location.validatedName(proposed)
        let libraryDirectory = self.directory
        let created = try await database.write { db -> LocationRecord in
            if try LocationRecord.filter(Column("name").collating(.nocase) == name).fetchCount(db) > 0 {
                throw GalleryError.duplicateLocationName(name)
            }
            // The directory is known only after the insert gives the id, for albums and default folders.
            var record = LocationRecord(id: nil, name: name, kind: kind, directory: "", createdAt: Date())
            try record.insert(db)
            let id = record.id ?? 0
            let chosen: URL
            switch kind {
            case .album: chosen = libraryDirectory.appendingPathComponent("Albums/\(id)", isDirectory: true)
            case .folder:
                chosen = directory ?? libraryDirectory.appendingPathComponent("Folders/\(id)", isDirectory: true)
            }
            record.directory = chosen.standardizedFileURL.path
            try record.update(db)
            try Self.createDirectory(chosen)
            return record
        }
        return created.location
    }

    /// Every location, oldest first.
    ///
    /// - Throws: ``GalleryError/database(_:)`` if the index fails.
    public func locations() async throws(GalleryError) -> [Location] {
        try await database.read { db in try LocationRecord.order(Column("id")).fetchAll(db) }.map(\.location)
    }

    /// The location with this identifier.
    ///
    /// - Throws: ``GalleryError/locationNotFound(id:)``; ``GalleryError/database(_:)`` if the index fails.
    public func location(id: Int64) async throws(GalleryError) -> Location {
        try await database.read { db in try Self.locationRecord(id, in: db) }.location
    }

    static func locationRecord(_ id: Int64, in db: Database) throws -> LocationRecord {
        guard let record = try LocationRecord.fetchOne(db, key: id) else { throw GalleryError.locationNotFound(id: id) }
        return record
    }

    /// Renames a location; its directory stays where it is.
    ///
    /// - Throws: ``GalleryError/locationNotFound(id:)``; ``GalleryError/emptyLocationName``;
    ///   ``GalleryError/duplicateLocationName(_:)``; ``GalleryError/database(_:)`` if the index fails.
    public func renameLocation(id: Int64, to proposed: String) async throws(GalleryError) -> Location {
        let name = try Location.validatedName(proposed)
        return try await database.write { db -> LocationRecord in
            var record = try Self.locationRecord(id, in: db)
            let clash = LocationRecord.filter(Column("name").collating(.nocase) == name && Column("id") != id)
            if try clash.fetchCount(db) > 0 { throw GalleryError.duplicateLocationName(name) }
            record.name = name
            try record.update(db)
            return record
        }.location
    }

    /// Deletes a location with its index entries and cached thumbnails. An album's stored photos
    /// are deleted; a folder's files stay on disk, since the folder belongs to the user.
    ///
    /// - Throws: ``GalleryError/locationNotFound(id:)``; ``GalleryError/database(_:)`` if the index fails.
    public func deleteLocation(id: Int64) async throws(GalleryError) {
        let (record, thumbnailFiles) = try await database.write { db -> (LocationRecord, [String]) in
            let record = try Self.locationRecord(id, in: db)
            let paths = try String.fetchAll(db, sql: "SELECT path FROM photo WHERE locationId = ?", arguments: [id])
            let thumbnails = ThumbnailRecord.filter(paths.contains(Column("sourcePath")))
            let thumbnailFiles = try thumbnails.fetchAll(db).map(\.cacheFile)
            try thumbnails.deleteAll(db)
            try LocationRecord.deleteOne(db, key: id)
            return (record, thumbnailFiles)
        }
        for name in thumbnailFiles {
            try? FileManager.default.removeItem(at: thumbnails.directory.appendingPathComponent(name))
        }
        if record.kind == .album {
            try? FileManager.default.removeItem(at: record.location.directory)
        }
    }

    /// The location's directory, which must still exist.
    func existingDirectory(of location: Location) throws(GalleryError) -> URL {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: location.directory.path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else { throw .locationDirectoryMissing(path: location.directory.path) }
        return location.directory
    }
}
