import Foundation
import GRDB

/// The default store: one SQLite file through GRDB, with no server to set up.
///
/// The database runs in WAL mode (readers never block the writer) with foreign keys on, so
/// deleting a user cascades to everything that refers to it. `secure_delete` overwrites deleted
/// content, so a removed password hash or token hash does not linger in free pages. Every query is
/// built with GRDB's query interface or bound arguments; no value is ever spliced into SQL text.
public final class SQLiteSocialStore: Sendable {
    /// The database file.
    public let path: String
    let pool: DatabasePool

    /// Opens (creating if needed) and migrates the database at `path`.
    /// - Throws: ``StoreError/cannotOpen(path:message:)``.
    public init(path: String) throws(StoreError) {
        self.path = path
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA secure_delete = ON")
            db.add(function: SQLiteSocialStore.exploreRankFunction)
        }
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            try SQLiteSchema.migrator.migrate(pool)
        } catch {
            throw .cannotOpen(path: path, message: "\(error)")
        }
    }

    /// Opens the database in a file URL.
    public convenience init(url: URL) throws(StoreError) {
        try self.init(path: url.path)
    }

    /// Runs a write transaction, turning GRDB's errors into ``StoreError``.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        do {
            return try await pool.write(body)
        } catch {
            throw Self.storeError(error)
        }
    }

    /// Runs a read, turning GRDB's errors into ``StoreError``.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        do {
            return try await pool.read(body)
        } catch {
            throw Self.storeError(error)
        }
    }

    /// Runs one statement in a write transaction and returns how many rows it changed.
    func changeCount(_ sql: String, _ arguments: StatementArguments) async throws(StoreError) -> Int {
        try await write { db in
            try db.execute(sql: sql, arguments: arguments)
            return db.changesCount
        }
    }

    /// Maps a constraint failure to the field it protects, from SQLite's "table.column" message.
    static func storeError(_ error: any Error) -> StoreError {
        if let error = error as? StoreError { return error }
        guard let error = error as? DatabaseError else { return .database(message: "\(error)") }
        let message = error.message ?? "\(error)"
        switch error.extendedResultCode {
        case .SQLITE_CONSTRAINT_FOREIGNKEY:
            return .missingReference
        case .SQLITE_CONSTRAINT_UNIQUE, .SQLITE_CONSTRAINT_PRIMARYKEY:
            if message.contains("users.username_key") { return .duplicate(.username) }
            if message.contains("users.email") { return .duplicate(.email) }
            if message.contains("users.id") { return .duplicate(.id) }
            if message.contains("identity_links.") { return .duplicate(.identity) }
            if message.contains("token_hash") { return .duplicate(.token) }
            return .duplicate(.id)
        default:
            return .database(message: message)
        }
    }
}
