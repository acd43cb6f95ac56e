import Foundation
import Locking
import Logging
import PostgresNIO
import ServiceLifecycle
import SocialModel
import SocialModelSQL

/// The store for a social network that outgrows one machine: a PostgreSQL server through
/// PostgresNIO, with two pools of connections shared by every call: one for the prepared
/// statements of the hot paths (the session check, a post's view, home feed pages), whose
/// connections always reuse a statement's generic plan, and one for everything else, planned with
/// its values.
///
/// It behaves exactly as the SQLite and in-memory stores (`SocialModelTesting`'s conformance
/// suite runs on all three). Rules that must hold under concurrency are the database's: usernames
/// are unique on their case-folded key by a unique constraint, a like is a primary key (`INSERT …
/// ON CONFLICT DO NOTHING`, so liking twice changes nothing however many callers race), like
/// counts are kept by a trigger in the same transaction as the like, and so is each user's home
/// timeline (see ``homeFeed(userID:order:after:limit:)``) when posts and follows change. Every
/// value is a bound parameter; the only text ever spliced into SQL is the schema name, which must
/// be a plain identifier.
///
/// Two ways to run it:
/// - As a swift-service-lifecycle `Service`: make it with ``init(configuration:logger:)`` and
///   add it to your `ServiceGroup`; ``run()`` migrates the schema, then serves until the group
///   shuts down. Calls made before that wait for it.
/// - On its own: ``connect(_:logger:)`` migrates and starts the pools; call ``close()`` when done.
public final class PostgresSocialStore: Service, Sendable {
    /// Where the store connects (with the password, if any).
    public let configuration: PostgresStoreConfiguration
    /// Where the store and its connection pools log: the caller's logger.
    public let logger: Logger
    /// The pool for one-off statements, which PostgreSQL plans with their values.
    let client: PostgresClient
    /// The pool for the prepared statements (``PreparedShape``). Its connections set
    /// `plan_cache_mode = force_generic_plan`: PostgreSQL otherwise plans a home feed page afresh
    /// on every run (its generic plan's estimate, with the page size and window as parameters,
    /// looks costlier than the plans it makes with their values), and planning cost more than the
    /// page. Every shape's generic plan is the plan it is written for, so forcing it loses
    /// nothing; forcing it for one-off queries could, hence a pool of their own.
    let preparedClient: PostgresClient
    /// This instance, so its event relays skip what its own writes announced (the services in
    /// this process publish those directly).
    let origin = UUID().uuidString
    private let lifecycle = Locked(Lifecycle.idle)
    /// Whether the pools serve yet, or the migration's error: calls wait here rather than lease a
    /// connection from a pool that does not run yet (which PostgresNIO allows, logging a warning
    /// for every such call).
    private let pools = SettledOnce()

    private enum Lifecycle {
        case idle
        case running
        /// Started by ``connect(_:logger:)``: the task serving the pools, ended by ``close()``.
        case owned(Task<Void, Never>)
        case stopped
    }

    /// A store that connects when it runs: nothing is opened until ``run()`` (or use ``connect(_:logger:)``).
    /// - Parameters:
    ///   - configuration: the server, database, schema and pool size.
    ///   - logger: where the store and its connection pools log; queries log at `debug`.
    /// - Throws: `StoreError.cannotOpen(path:message:)` when the TLS settings cannot be used.
    public init(configuration: PostgresStoreConfiguration, logger: Logger) throws(StoreError) {
        self.configuration = configuration
        self.logger = logger
        client = PostgresClient(configuration: try Self.clientConfiguration(configuration), backgroundLogger: logger)
        preparedClient = PostgresClient(
            configuration: try Self.clientConfiguration(configuration, genericPlans: true), backgroundLogger: logger)
    }

    /// Connects to the server, creates the schema if needed, migrates it and starts the pools.
    /// - Parameters:
    ///   - configuration: the server, database, schema and pool size.
    ///   - logger: where the store and its connection pools log.
    /// - Returns: the running store; ``close()`` it when done.
    /// - Throws: `StoreError.cannotOpen(path:message:)` when the server cannot be reached,
    ///   refuses the login, or the migration fails.
    public static func connect(_ configuration: PostgresStoreConfiguration, logger: Logger) async throws(StoreError)
        -> PostgresSocialStore
    {
        let store = try PostgresSocialStore(configuration: configuration, logger: logger)
        try await store.claimAndMigrate()
        let (started, signal) = AsyncStream<Void>.makeStream()
        let task = Task {
            signal.finish()
            await store.runPools()
        }
        store.lifecycle.withLock { $0 = .owned(task) }
        for await _ in started {}
        return store
    }

    /// Connects to the server at a `postgres://` URL; see ``PostgresStoreConfiguration`` for its options.
    /// - Parameters:
    ///   - url: the server's URL.
    ///   - logger: where the store and its connection pools log.
    /// - Returns: the running store; ``close()`` it when done.
    /// - Throws: `StoreError.cannotOpen(path:message:)`.
    public static func connect(url: String, logger: Logger) async throws(StoreError) -> PostgresSocialStore {
        try await connect(PostgresStoreConfiguration(url: url), logger: logger)
    }

    /// Migrates the schema, then serves the connection pools until the task is cancelled or the
    /// service group shuts down gracefully. Calls made meanwhile wait for the pools (and fail with
    /// the migration's error if it fails).
    /// - Throws: `StoreError.cannotOpen(path:message:)` when the migration fails, or
    ///   `StoreError.database(message:)` if the store already runs.
    public func run() async throws {
        try await claimAndMigrate()
        await runPools()
        lifecycle.withLock { $0 = .stopped }
    }

    /// Marks the store as running and migrates its schema; a failed migration stops the store and
    /// fails the calls waiting for its pools with the migration's error.
    private func claimAndMigrate() async throws(StoreError) {
        try claim()
        do {
            try await migrate()
        } catch {
            lifecycle.withLock { $0 = .stopped }
            pools.settle(.failure(error))
            throw error
        }
    }

    /// Serves both connection pools until the task is cancelled; calls wait for this.
    private func runPools() async {
        await withDiscardingTaskGroup { group in
            group.addTask { await self.client.run() }
            group.addTask { await self.preparedClient.run() }
            // Lets the pools' tasks start before the waiting calls lease from them.
            await Task.yield()
            pools.settle(.success(()))
        }
    }

    /// Returns once the pools serve, at once after the first time (one lock); throws the
    /// migration's error if it failed (once the pools have stopped, PostgresNIO's lease fails). A
    /// call made before anything runs the store waits too, with a warning after a second: a store
    /// that is never run leaves it waiting.
    private func waitForPools() async throws(StoreError) {
        if let outcome = pools.outcome { return try outcome.get() }
        // A service group runs the store a moment after it starts; a store still not run a second
        // later is probably never run, and the call would wait forever.
        let warning = Task { [self] in
            try await Task.sleep(for: .seconds(1))
            guard case .idle = lifecycle.withLock({ $0 }) else { return }
            logger.warning(
                "a call waits for the PostgreSQL store to run: run it in a ServiceGroup, or open it with connect(_:logger:)"
            )
        }
        defer { warning.cancel() }
        try await pools.wait()
    }

    /// Closes the pools a ``connect(_:logger:)`` started; calls made afterwards fail with
    /// `StoreError.database(message:)`. A store run by ``run()`` stops with its task instead.
    public func close() async {
        let task = lifecycle.withLock { state -> Task<Void, Never>? in
            guard case .owned(let task) = state else { return nil }
            state = .stopped
            return task
        }
        task?.cancel()
        await task?.value
    }

    /// Marks the store as running; its pools run once.
    private func claim() throws(StoreError) {
        let claimed = lifecycle.withLock { state in
            guard case .idle = state else { return false }
            state = .running
            return true
        }
        guard claimed else {
            throw .database(message: "the store at \(configuration.redactedDescription) already runs or has stopped")
        }
    }

    /// Creates the schema if needed and applies the migrations not yet applied, on a connection
    /// of its own (the pools serve only a migrated schema).
    func migrate() async throws(StoreError) {
        do {
            try await PostgresSchema.migrate(configuration, logger: logger)
        } catch {
            throw .cannotOpen(path: configuration.redactedDescription, message: Self.describe(error))
        }
    }

    // MARK: Running queries

    /// Runs one statement on a pooled connection and returns its rows.
    func rows(_ query: PostgresQuery) async throws(StoreError) -> [PostgresRow] {
        try await waitForPools()
        do {
            return try await client.query(query, logger: logger).collect()
        } catch {
            throw Self.storeError(error)
        }
    }

    /// The rows of one statement, each decoded by `decode` (whose errors are `StoreError`s).
    func fetch<T>(_ query: PostgresQuery, _ decode: (inout PostgresColumns) throws -> T) async throws(StoreError)
        -> [T]
    {
        try Self.decode(try await rows(query), decode)
    }

    /// The rows of one shared statement, each decoded by `decode`.
    @_disfavoredOverload  // a string literal stays a `PostgresQuery`
    func fetch<T>(_ statement: SQLStatement, _ decode: (inout PostgresColumns) throws -> T) async throws(StoreError)
        -> [T]
    {
        try await fetch(statement.postgres, decode)
    }

    /// The first row of one shared statement, decoded by `decode`.
    @_disfavoredOverload  // a string literal stays a `PostgresQuery`
    func fetchOne<T>(_ statement: SQLStatement, _ decode: (inout PostgresColumns) throws -> T)
        async throws(StoreError) -> T?
    {
        try await fetch(statement.postgres, decode).first
    }

    /// Runs one shared statement and returns how many rows it returned (a change returns `1` per row).
    @discardableResult
    func rowCount(_ statement: SQLStatement) async throws(StoreError) -> Int {
        try await rows(statement.postgres).count
    }

    /// The rows of a prepared statement (see ``PreparedShape``), each decoded by `decode`.
    func fetch<Shape, T>(_ statement: Prepared<Shape>, _ decode: (inout PostgresColumns) throws -> T)
        async throws(StoreError) -> [T]
    {
        try await waitForPools()
        var rows: [PostgresRow] = []
        do {
            for try await row in try await preparedClient.execute(statement, logger: logger) { rows.append(row) }
        } catch {
            throw Self.storeError(error)
        }
        return try Self.decode(rows, decode)
    }

    /// How PostgreSQL runs a prepared statement with its bindings (`EXPLAIN ANALYZE`), one line per
    /// plan node: on a connection of the prepared statements' pool, where the statement is
    /// prepared first, so the plan is the generic one its runs use. `EXPLAIN EXECUTE` takes no
    /// parameters, so the server writes the bindings into it as literals first (`format`'s `%L`).
    func plan<Shape>(_ statement: Prepared<Shape>) async throws(StoreError) -> [String] {
        let count = statement.bindings.count
        let arguments = count == 0 ? "" : "(" + Array(repeating: "%L", count: count).joined(separator: ", ") + ")"
        let placeholders = (0..<count).map { ", $\($0 + 1)" }.joined()
        let explain = PostgresQuery(
            unsafeSQL: "SELECT format('EXPLAIN (ANALYZE, COSTS OFF) EXECUTE \(Prepared<Shape>.name)\(arguments)'"
                + "\(placeholders))",
            binds: statement.bindings)
        try await waitForPools()
        do {
            let lines = try await preparedClient.withConnection { connection in
                for try await _ in try await connection.execute(statement, logger: logger) {}
                let text = try Self.decode(try await connection.query(explain, logger: logger).collect()) {
                    try $0.string()
                }
                return try await connection.query(PostgresQuery(unsafeSQL: text.joined()), logger: logger).collect()
            }
            return try Self.decode(lines) { try $0.string() }
        } catch {
            throw Self.storeError(error)
        }
    }

    /// Rows decoded by `decode`, whose errors become `StoreError`s.
    static func decode<T>(_ rows: [PostgresRow], _ decode: (inout PostgresColumns) throws -> T) throws(StoreError)
        -> [T]
    {
        do {
            return try rows.map { row in
                var columns = PostgresColumns(row)
                return try decode(&columns)
            }
        } catch {
            throw storeError(error)
        }
    }

    /// The first row of one statement, decoded by `decode`.
    func fetchOne<T>(_ query: PostgresQuery, _ decode: (inout PostgresColumns) throws -> T) async throws(StoreError)
        -> T?
    {
        try await fetch(query, decode).first
    }

    /// Runs `body` in a transaction on one connection: committed when it returns, rolled back when it throws.
    func transaction<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws(StoreError) -> T {
        try await waitForPools()
        do {
            return try await client.withTransaction(logger: logger) { connection in
                try await body(connection)
            }
        } catch {
            throw Self.storeError(error)
        }
    }

    // MARK: Write patterns

    /// Adds (`add`) or removes (`remove`) one link — a like, a follow — in one transaction, with
    /// its notification: a new link stores and announces `notification`, a removed one deletes the
    /// notifications that match it. Returns whether the link changed.
    func toggle(_ on: Bool, add: SQLStatement, remove: SQLStatement, notification: NetworkNotification?)
        async throws(StoreError) -> Bool
    {
        try await transaction { connection in
            let changed = try await !connection.query(on ? add : remove, logger: logger).isEmpty
            guard let notification, changed || !on else { return changed }
            try await connection.query(
                on ? NotificationSQL.insert(notification) : NotificationSQL.deleteMatching(notification), logger: logger
            )
            if on { try await connection.query(announce(.notification(notification.id)), logger: logger) }
            return changed
        }
    }

    // MARK: Errors and configuration

    /// Maps a driver error to a `StoreError`: constraint violations by SQLSTATE and constraint
    /// name (named in ``PostgresSchema``), anything else as a database error with the server's message.
    static func storeError(_ error: any Error) -> StoreError {
        if let error = error as? StoreError { return error }
        if let error = error as? PostgresTransactionError {
            return storeError(
                error.closureError ?? error.beginError ?? error.commitError ?? error.rollbackError ?? error)
        }
        guard let error = error as? PSQLError, let state = error.serverInfo?[.sqlState] else {
            return .database(message: describe(error))
        }
        switch state {
        case "23503":  // foreign_key_violation
            return .missingReference
        case "23505":  // unique_violation
            switch error.serverInfo?[.constraintName] {
            case "users_username_key": return .duplicate(.username)
            case "users_email_key": return .duplicate(.email)
            case "identity_links_pkey": return .duplicate(.identity)
            case "sessions_pkey", "one_time_tokens_pkey": return .duplicate(.token)
            default: return .duplicate(.id)
            }
        default:
            return .database(message: describe(error))
        }
    }

    /// One line for an error: the server's own message when there is one (PSQLError's description
    /// hides it to avoid leaking data into logs; ours go to the caller).
    static func describe(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] {
                return "\(message) (SQLSTATE \(error.serverInfo?[.sqlState] ?? "?"))"
            }
            if let underlying = error.underlying { return "\(error.code): \(underlying)" }
            return "\(error.code)"
        }
        return "\(error)"
    }

    /// A pool's configuration: the same server, with the schema set as each connection's
    /// `search_path` and, with `genericPlans`, `plan_cache_mode = force_generic_plan`.
    static func clientConfiguration(_ configuration: PostgresStoreConfiguration, genericPlans: Bool = false)
        throws(StoreError) -> PostgresClient.Configuration
    {
        let tls: PostgresClient.Configuration.TLS =
            switch configuration.tls {
            case .disable: .disable
            case .prefer: .prefer(.makeClientConfiguration())
            case .require: .require(.makeClientConfiguration())
            }
        var client = PostgresClient.Configuration(
            host: configuration.host, port: configuration.port, username: configuration.username,
            password: configuration.password, database: configuration.database, tls: tls)
        client.options.maximumConnections = configuration.maximumConnections
        client.options.additionalStartupParameters = PostgresSchema.startupParameters(configuration)
        if genericPlans { client.options.additionalStartupParameters.append(("plan_cache_mode", "force_generic_plan")) }
        return client
    }
}

extension SQLStatement {
    /// The text with PostgreSQL's `$n` placeholders, and its bindings.
    var postgres: PostgresQuery {
        var binds = PostgresBindings(capacity: bindings.count)
        for value in bindings {
            switch value {
            case .null: binds.appendNull()
            case .text(let text): binds.append(text)
            case .integer(let integer): binds.append(integer)
            case .real(let real): binds.append(real)
            case .boolean(let flag): binds.append(flag)
            case .blob(let data): binds.append(data.buffer)
            case .strings(let list), .table(let list): binds.append(list)
            }
        }
        let text = text { index, value in
            if case .table = value { "(SELECT unnest($\(index)::text[]) AS id)" } else { "$\(index)" }
        }
        return PostgresQuery(unsafeSQL: text, binds: binds)
    }
}

extension PostgresConnection {
    /// Runs one shared statement and returns its rows.
    @discardableResult @_disfavoredOverload  // a string literal stays a `PostgresQuery`
    func query(_ statement: SQLStatement, logger: Logger) async throws -> [PostgresRow] {
        try await query(statement.postgres, logger: logger).collect()
    }
}

/// The requirements written once for both SQL stores (SocialModelSQL's `SQLStore+*.swift`); the
/// store's own files hold only what its database must do its own way.
extension PostgresSocialStore: SQLBackedStore, ProfileStore, RecipeStore, BodyProfileStore, ExportStore, HashtagStore {
    /// The database the store requirements written once for both SQL stores run on.
    public var sqlDatabase: SQLDatabase { SQLDatabase(PostgresExecutor(store: self)) }
}

extension PostgresSchema {
    static let hashtags = Migration(version: "v11-hashtags", statements: HashtagSQL.schema(text: "text COLLATE \"C\""))
    static let latestDelivered = Migration(
        version: "v12-latest-delivered-message", statements: MessageSQL.latestSchema(text: "text COLLATE \"C\""))
}

/// The shared requirements' calls (``SQLExecutor``) on the PostgreSQL store.
struct PostgresExecutor: SQLExecutor {
    let store: PostgresSocialStore

    func render(_ statement: SQLStatement) -> String { statement.postgres.sql }

    func fetch<T: Sendable>(
        _ statement: SQLStatement, writes: Bool, _ decode: @escaping @Sendable (inout any SQLColumns) throws -> T
    ) async throws(StoreError) -> [T] {
        trace([statement])
        return try await store.fetch(statement.postgres) { (row: inout PostgresColumns) in
            var columns: any SQLColumns = row
            return try decode(&columns)
        }
    }

    func run(_ statement: SQLStatement) async throws(StoreError) -> Int {
        trace([statement])
        return try await store.rowCount(statement)
    }

    func transaction(_ steps: [SQLStep]) async throws(StoreError) {
        trace(steps.map(\.statement))
        let logger = store.logger
        try await store.transaction { connection in
            for step in steps {
                if try await connection.query(step.statement, logger: logger).isEmpty, let error = step.unlessChanged {
                    throw error
                }
            }
        }
    }

    func announcement(_ event: SQLAnnouncement) -> SQLStatement? {
        switch event {
        case .notification(let id): store.announcement(.notification(id))
        case .post(let id): store.announcement(.post(id))
        case .revocation(let revocation): store.announcement(.revocation(revocation))
        case .message(let id, let participants): store.announcement(.message(id, participants: participants))
        case .mail: store.announcement(.mail)
        }
    }

    var skipLockedRows: String { " FOR UPDATE SKIP LOCKED" }

    func nextSeq(of table: String) -> String { "DEFAULT" }

    func toggle(_ on: Bool, add: SQLStatement, remove: SQLStatement, notification: NetworkNotification?)
        async throws(StoreError) -> Bool
    {
        trace([on ? add : remove])
        return try await store.toggle(on, add: add, remove: remove, notification: notification)
    }
}
