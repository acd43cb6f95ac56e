import Foundation
import Logging
import PostgresNIO
import SocialModel
import Synchronization

/// The store for a social network that outgrows one machine: a PostgreSQL server through
/// PostgresNIO, with a pool of connections shared by every call.
///
/// It behaves exactly as ``SQLiteSocialStore`` (the same conformance suite runs on both). Rules
/// that must hold under concurrency are the database's: usernames are unique on their case-folded
/// key by a unique constraint, a like is a primary key (`INSERT … ON CONFLICT DO NOTHING`, so liking
/// twice changes nothing however many callers race) and like counts are kept by a trigger in the
/// same transaction as the like. Every value is a bound parameter; the only text ever spliced into
/// SQL is the schema name, which must be a plain identifier.
///
/// Call ``close()`` when done, so the pool's connections are closed.
public final class PostgresSocialStore: Sendable {
    /// Where the store connects (with the password, if any).
    public let configuration: PostgresStoreConfiguration
    let client: PostgresClient
    let runner: Task<Void, Never>
    /// This instance, so its event relays skip what its own writes announced (the services in
    /// this process publish those directly).
    let origin = UUID().uuidString
    /// Running event relays, stopped by ``close()``.
    let relays = Mutex<[Task<Void, Never>]>([])
    static let logger = Logger(label: "AnalogKit.SocialModelPostgres", factory: { _ in SwiftLogNoOpLogHandler() })

    private init(configuration: PostgresStoreConfiguration, client: PostgresClient) {
        self.configuration = configuration
        self.client = client
        runner = Task { await client.run() }
    }

    /// Connects to the server, creates the schema if needed, migrates it and opens the pool.
    /// - Throws: ``StoreError/cannotOpen(path:message:)`` when the server cannot be reached, refuses
    ///   the login, or the migration fails.
    public static func connect(_ configuration: PostgresStoreConfiguration) async throws(StoreError)
        -> PostgresSocialStore
    {
        do {
            try await PostgresSchema.migrate(configuration)
        } catch {
            throw .cannotOpen(path: configuration.redactedDescription, message: Self.describe(error))
        }
        let client = PostgresClient(configuration: try clientConfiguration(configuration), backgroundLogger: logger)
        return PostgresSocialStore(configuration: configuration, client: client)
    }

    /// Connects to the server at a `postgres://` URL; see ``PostgresStoreConfiguration`` for its options.
    /// - Throws: ``StoreError/cannotOpen(path:message:)``.
    public static func connect(url: String) async throws(StoreError) -> PostgresSocialStore {
        try await connect(PostgresStoreConfiguration(url: url))
    }

    /// Closes the pool's connections. Calls made afterwards fail with ``StoreError/database(message:)``.
    public func close() async {
        for relay in relays.withLock({ $0 }) {
            relay.cancel()
            await relay.value
        }
        runner.cancel()
        await runner.value
    }

    // MARK: Running queries

    /// Runs one statement on a pooled connection and returns its rows.
    func rows(_ query: PostgresQuery) async throws(StoreError) -> [PostgresRow] {
        do {
            return try await client.query(query, logger: Self.logger).collect()
        } catch {
            throw Self.storeError(error)
        }
    }

    /// Runs `body` in a transaction on one connection: committed when it returns, rolled back when it throws.
    func transaction<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws(StoreError) -> T {
        do {
            return try await client.withTransaction(logger: Self.logger) { connection in
                try await body(connection)
            }
        } catch {
            throw Self.storeError(error)
        }
    }

    /// Maps a driver error to a ``StoreError``: constraint violations by SQLSTATE and constraint
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

    /// The pool's configuration: the same server, with the schema set as each connection's `search_path`.
    static func clientConfiguration(_ configuration: PostgresStoreConfiguration) throws(StoreError)
        -> PostgresClient.Configuration
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
        return client
    }
}

extension PostgresRow {
    /// Decodes the row's columns into a tuple, as a ``StoreError`` when a column has an unexpected type.
    func columns<each Column: PostgresDecodable>(_ types: (repeat each Column).Type) throws(StoreError)
        -> (repeat each Column)
    {
        do {
            return try decode(types)
        } catch {
            throw .database(message: "unexpected column type: \(error)")
        }
    }
}
