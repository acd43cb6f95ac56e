import Foundation
import GRDB

/// The library's SQLite index (through GRDB): locations, photos, album membership and
/// thumbnail cache entries, created and upgraded by numbered migrations.
struct LibraryDatabase: Sendable {
    let queue: DatabaseQueue

    /// Opens (creating if needed) the database at `url` and brings its schema up to date.
    init(url: URL) throws(GalleryError) {
        do {
            var configuration = Configuration()
            configuration.foreignKeysEnabled = true
            // Write-ahead logging: readers never wait for the writer, and with synchronous=NORMAL a
            // commit costs no fsync (a power cut may lose the last commits, never corrupt the index;
            // the photo files themselves are flushed before they are indexed).
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
            }
            queue = try DatabaseQueue(path: url.path, configuration: configuration)
            try Self.migrator.migrate(queue)
        } catch {
            throw .database(.cannotOpenIndex(path: url.path, detail: "\(error)"))
        }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: locations, photos, albums, thumbnails") { db in
            try db.create(table: "location") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("name", .text).notNull().unique().collate(.nocase)
                table.column("kind", .text).notNull()
                table.column("directory", .text).notNull()
                table.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "photo") { table in
                table.autoIncrementedPrimaryKey("id")
                table.belongsTo("location", onDelete: .cascade).notNull()
                table.column("path", .text).notNull().unique()
                table.column("captureDate", .datetime).notNull()
                table.column("latitude", .double)
                table.column("longitude", .double)
                table.column("altitude", .double)
                table.column("description", .text)
                table.column("width", .integer).notNull()
                table.column("height", .integer).notNull()
                table.column("fileSize", .integer).notNull()
                table.column("modifiedAt", .double).notNull()
            }
            try db.create(index: "photo_by_location_date", on: "photo", columns: ["locationId", "captureDate"])
            try db.create(index: "photo_by_date", on: "photo", columns: ["captureDate"])
            try db.create(index: "photo_by_position", on: "photo", columns: ["latitude", "longitude"])
            try db.create(table: "albumMember") { table in
                table.belongsTo("album", inTable: "location", onDelete: .cascade).notNull()
                table.belongsTo("photo", onDelete: .cascade).notNull()
                table.primaryKey(["albumId", "photoId"])
            }
            try db.create(table: "thumbnail") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("sourcePath", .text).notNull()
                table.column("size", .integer).notNull()
                table.column("sourceModifiedAt", .double).notNull()
                table.column("sourceFileSize", .integer).notNull()
                table.column("cacheFile", .text).notNull()
                table.uniqueKey(["sourcePath", "size"])
            }
        }
        return migrator
    }

    /// Runs a read, turning GRDB's errors into ``GalleryError``.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(GalleryError) -> T {
        do {
            return try await queue.read(body)
        } catch {
            throw Self.translate(error)
        }
    }

    /// Runs a write transaction, turning GRDB's errors into ``GalleryError``.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(GalleryError) -> T {
        do {
            return try await queue.write(body)
        } catch {
            throw Self.translate(error)
        }
    }

    /// Synchronous variants for callers that already run off the cooperative pool (the thumbnail cache).
    func readNow<T>(_ body: (Database) throws -> T) throws(GalleryError) -> T {
        do {
            return try queue.read(body)
        } catch {
            throw Self.translate(error)
        }
    }

    func writeNow<T>(_ body: (Database) throws -> T) throws(GalleryError) -> T {
        do {
            return try queue.write(body)
        } catch {
            throw Self.translate(error)
        }
    }

    static func translate(_ error: any Error) -> GalleryError {
        if let gallery = error as? GalleryError { return gallery }
        return .database(.reported("\(error)"))
    }
}
