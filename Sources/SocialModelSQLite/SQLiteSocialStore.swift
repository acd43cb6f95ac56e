import Foundation
import GRDB
import SocialModel
import SocialModelSQL

/// The default store: one SQLite file through GRDB, with no server to set up — or, through
/// ``inMemory(homeFeedWindow:)``, one SQLite database in memory, for tests, previews and
/// `social-server --store memory`.
///
/// The database runs in WAL mode (readers never block the writer) with foreign keys on, so
/// deleting a user cascades to everything that refers to it. `secure_delete` overwrites deleted
/// content, so a removed password hash or token hash does not linger in free pages.
///
/// Every query is SQL with bound arguments, in cached statements, its rows read by column
/// position (the feed queries need exact control of their plans, so one idiom serves them all);
/// no value is ever spliced into SQL text.
public final class SQLiteSocialStore: Sendable {
    /// The database file, or ``inMemoryPath`` for a store made by ``inMemory(homeFeedWindow:)``.
    public let path: String
    /// How many posts the home feed's first query in a like order looks at before it reads per
    /// followed author instead (see ``homeFeed(userID:order:after:limit:)``; the date orders read
    /// the home timeline).
    public let homeFeedWindow: Int
    /// The file's pool of connections, or the in-memory database's one connection; or why
    /// ``inMemory(homeFeedWindow:)`` could not make its database, which every call then throws.
    let database: Result<any DatabaseWriter, StoreError>

    /// The ``path`` of an in-memory store: SQLite's own name for a database that lives in memory.
    public static let inMemoryPath = ":memory:"

    /// Opens (creating if needed) and migrates the database at `path`.
    /// - Parameters:
    ///   - path: the database file.
    ///   - homeFeedWindow: the home feed's window in the like orders; the default suits people
    ///     who follow a few percent of all authors, and any value gives the same pages.
    /// - Throws: `StoreError.cannotOpen(path:message:)`.
    public convenience init(path: String, homeFeedWindow: Int = 4000) throws(StoreError) {
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: Self.configuration)
            try SQLiteSchema.migrator.migrate(pool)
        } catch {
            throw .cannotOpen(path: path, message: "\(error)")
        }
        self.init(.success(pool), path: path, homeFeedWindow: homeFeedWindow)
    }

    private init(_ database: Result<any DatabaseWriter, StoreError>, path: String, homeFeedWindow: Int) {
        self.database = database
        self.path = path
        self.homeFeedWindow = max(1, homeFeedWindow)
    }

    /// A new, empty store in memory: the same schema, rules and queries as a file, gone when the
    /// store is released. Each call makes a database of its own.
    ///
    /// Use it in tests and previews, and where nothing must outlive the process
    /// (`social-server --store memory`). Its reads and writes take turns on one connection.
    /// Making one is cheap: the migrated schema is built once per process and copied.
    ///
    /// Making it does not throw, so it fits where a value is needed at once (a stored property,
    /// a default argument). Should SQLite fail to make the database (out of memory), every
    /// method of the store throws `StoreError.cannotOpen(path:message:)` with ``inMemoryPath``.
    /// - Parameter homeFeedWindow: the home feed's window (see ``homeFeedWindow``).
    public static func inMemory(homeFeedWindow: Int = 4000) -> SQLiteSocialStore {
        let database: Result<any DatabaseWriter, StoreError>
        do {
            let queue = try DatabaseQueue(configuration: configuration)
            try migratedTemplate.get().backup(to: queue)
            database = .success(queue)
        } catch {
            database = .failure(.cannotOpen(path: inMemoryPath, message: "\(error)"))
        }
        return SQLiteSocialStore(database, path: inMemoryPath, homeFeedWindow: homeFeedWindow)
    }

    /// Every connection's setup: foreign keys, `secure_delete` and the explore ranking function.
    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA secure_delete = ON")
            db.add(function: SQLiteSocialStore.exploreRankFunction)
        }
        return configuration
    }

    /// An in-memory database with every migration applied, made once (a `let` global is
    /// initialized once, thread-safely) and only read afterwards: ``inMemory(homeFeedWindow:)``
    /// copies it with SQLite's backup API instead of migrating each new store.
    private static let migratedTemplate: Result<DatabaseQueue, any Error> = Result {
        let queue = try DatabaseQueue(configuration: configuration)
        try SQLiteSchema.migrator.migrate(queue)
        return queue
    }

    /// Opens the database in a file URL.
    /// - Parameters:
    ///   - url: the database file.
    ///   - homeFeedWindow: the home feed's window.
    /// - Throws: `StoreError.cannotOpen(path:message:)`.
    public convenience init(url: URL, homeFeedWindow: Int = 4000) throws(StoreError) {
        try self.init(path: url.path, homeFeedWindow: homeFeedWindow)
    }

    // MARK: Running statements

    /// Runs a write transaction, turning GRDB's errors into `StoreError`.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        let writer = try database.get()
        do {
            return try await writer.write(body)
        } catch {
            throw Self.storeError(error)
        }
    }

    /// Runs a read, turning GRDB's errors into `StoreError`.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        let reader = try database.get()
        do {
            return try await reader.read(body)
        } catch {
            throw Self.storeError(error)
        }
    }

    /// Runs one statement in a write transaction and returns how many rows it changed.
    func changeCount(_ sql: String, _ arguments: StatementArguments) async throws(StoreError) -> Int {
        try await write { db in
            try db.cachedStatement(sql: sql).execute(arguments: arguments)
            return db.changesCount
        }
    }

    /// The rows of one query, each decoded by `decode`.
    func fetch<T: Sendable>(
        _ sql: String, _ arguments: StatementArguments, _ decode: @escaping @Sendable (inout SQLiteRow) throws -> T
    )
        async throws(StoreError) -> [T]
    {
        try await read { db in try SQLiteRow.fetchAll(db, sql, arguments, decode) }
    }

    /// The first row of one query, decoded by `decode`.
    func fetchOne<T: Sendable>(
        _ sql: String, _ arguments: StatementArguments, _ decode: @escaping @Sendable (inout SQLiteRow) throws -> T
    )
        async throws(StoreError) -> T?
    {
        try await read { db in try SQLiteRow.fetchOne(db, sql, arguments, decode) }
    }

    /// The rows of one shared statement, each decoded by `decode`.
    func fetch<T: Sendable>(_ statement: SQLStatement, _ decode: @escaping @Sendable (inout SQLiteRow) throws -> T)
        async throws(StoreError) -> [T]
    {
        let (sql, arguments) = statement.sqlite
        return try await fetch(sql, arguments, decode)
    }

    /// The first row of one shared statement, decoded by `decode`.
    func fetchOne<T: Sendable>(_ statement: SQLStatement, _ decode: @escaping @Sendable (inout SQLiteRow) throws -> T)
        async throws(StoreError) -> T?
    {
        let (sql, arguments) = statement.sqlite
        return try await fetchOne(sql, arguments, decode)
    }

    /// Runs one shared statement in a write transaction and returns how many rows it changed.
    func changeCount(_ statement: SQLStatement) async throws(StoreError) -> Int {
        let (sql, arguments) = statement.sqlite
        return try await changeCount(sql, arguments)
    }

    // MARK: Write patterns

    /// Adds (`add`) or removes (`remove`) one link — a like, a follow — in one transaction, with
    /// its notification: a new link stores `notification`, a removed one deletes the notifications
    /// that match it. Returns whether the link changed.
    func toggle(_ on: Bool, add: SQLStatement, remove: SQLStatement, notification: NetworkNotification?)
        async throws(StoreError) -> Bool
    {
        try await write { db in
            let changed = try db.execute(on ? add : remove) > 0
            guard let notification, changed || !on else { return changed }
            try db.execute(on ? NotificationSQL.insert(notification) : NotificationSQL.deleteMatching(notification))
            return changed
        }
    }

    /// A keyset page's filter, `AND (keys) < (?, ?)` (or `>`) when there is a cursor, with the
    /// statement's arguments: the leading ones, the cursor's date and id, then the limit.
    static func keyset(
        _ keys: String, _ comparison: String, after: KeysetCursor?, leading: StatementArguments, limit: Int
    ) -> (condition: String, arguments: StatementArguments) {
        var arguments = leading
        var condition = ""
        if let after {
            condition = "AND (\(keys)) \(comparison) (?, ?)"
            arguments += [after.date.timeIntervalSinceReferenceDate, after.id]
        }
        return (condition, arguments + [max(0, limit)])
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

extension SQLStatement {
    /// The text with SQLite's `?` placeholders, and its arguments.
    var sqlite: (sql: String, arguments: StatementArguments) {
        (
            text { _, value in if case .table = value { "(SELECT value AS id FROM json_each(?))" } else { "?" } },
            StatementArguments(bindings.map(\.databaseValue))
        )
    }
}

extension SQLValue {
    /// The value as SQLite stores it: lists as JSON text, flags as integers.
    var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .text(let text): text.databaseValue
        case .integer(let integer): integer.databaseValue
        case .real(let real): real.databaseValue
        case .boolean(let flag): flag.databaseValue
        case .blob(let data): data.databaseValue
        case .strings(let list), .table(let list):
            String(decoding: (try? JSONEncoder().encode(list)) ?? Data("[]".utf8), as: UTF8.self).databaseValue
        }
    }
}

extension Database {
    /// Runs one shared statement and returns how many rows it changed.
    @discardableResult
    func execute(_ statement: SQLStatement) throws -> Int {
        let (sql, arguments) = statement.sqlite
        try cachedStatement(sql: sql).execute(arguments: arguments)
        return changesCount
    }

    /// The rows of one shared statement, each decoded by `decode`.
    func fetch<T>(_ statement: SQLStatement, _ decode: (inout SQLiteRow) throws -> T) throws -> [T] {
        let (sql, arguments) = statement.sqlite
        return try SQLiteRow.fetchAll(self, sql, arguments, decode)
    }
}

/// The requirements written once for both SQL stores (SocialModelSQL's `SQLStore+*.swift`); the
/// store's own files hold only what its database must do its own way.
extension SQLiteSocialStore: SQLBackedStore, ProfileStore, RecipeStore, BodyProfileStore, ExportStore, HashtagStore {
    /// The database the store requirements written once for both SQL stores run on.
    public var sqlDatabase: SQLDatabase { SQLDatabase(SQLiteExecutor(store: self)) }
}

/// The shared requirements' calls (``SQLExecutor``) on the SQLite store.
struct SQLiteExecutor: SQLExecutor {
    let store: SQLiteSocialStore

    func render(_ statement: SQLStatement) -> String { statement.sqlite.sql }

    func fetch<T: Sendable>(
        _ statement: SQLStatement, writes: Bool, _ decode: @escaping @Sendable (inout any SQLColumns) throws -> T
    ) async throws(StoreError) -> [T] {
        trace([statement])
        let decode = { @Sendable (row: inout SQLiteRow) throws -> T in
            var columns: any SQLColumns = row
            return try decode(&columns)
        }
        guard writes else { return try await store.fetch(statement, decode) }
        return try await store.write { db in try db.fetch(statement, decode) }
    }

    func run(_ statement: SQLStatement) async throws(StoreError) -> Int {
        trace([statement])
        return try await store.changeCount(statement)
    }

    func transaction(_ steps: [SQLStep]) async throws(StoreError) {
        trace(steps.map(\.statement))
        try await store.write { db in
            for step in steps {
                if try db.execute(step.statement) == 0, let error = step.unlessChanged { throw error }
            }
        }
    }

    func announcement(_ event: SQLAnnouncement) -> SQLStatement? { nil }

    var skipLockedRows: String { "" }

    func nextSeq(of table: String) -> String { "(SELECT max(seq) + 1 FROM \(table))" }

    func toggle(_ on: Bool, add: SQLStatement, remove: SQLStatement, notification: NetworkNotification?)
        async throws(StoreError) -> Bool
    {
        trace([on ? add : remove])
        return try await store.toggle(on, add: add, remove: remove, notification: notification)
    }
}
