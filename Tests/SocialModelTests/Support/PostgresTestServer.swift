import Foundation
import Logging
import PostgresNIO
import SocialModel
import Testing

@testable import SocialModelPostgres

/// The PostgreSQL server the tests use, named by `ANALOGKIT_POSTGRES_URL` (`scripts/with-postgres.sh`
/// starts a throw-away one and sets it). Each store gets a fresh schema, dropped afterwards.
///
/// Without the variable, or when the server cannot be reached, a PostgreSQL test case is cancelled
/// with the reason (reported as skipped, never passed). With `ANALOGKIT_POSTGRES_REQUIRED=1` (CI),
/// an unreachable server is a failure instead.
enum PostgresTestServer {
    static let urlVariable = "ANALOGKIT_POSTGRES_URL"
    static let requiredVariable = "ANALOGKIT_POSTGRES_REQUIRED"

    /// The server URL, or `nil` when none is configured.
    static var url: String? {
        ProcessInfo.processInfo.environment[urlVariable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether a missing or unreachable server must fail the tests rather than skip them.
    static var isRequired: Bool { ProcessInfo.processInfo.environment[requiredVariable] == "1" }

    /// The configuration of a fresh schema on the test server, or a skip (or failure) when there is
    /// no server to use.
    static func freshConfiguration(maximumConnections: Int = 2) async throws -> PostgresStoreConfiguration {
        var configuration = try await serverConfiguration(maximumConnections: maximumConnections)
        configuration.schema = newSchemaName()
        return configuration
    }

    /// A schema name no test has used.
    static func newSchemaName() -> String {
        "analogkit_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// The configuration of the test server without a schema, or a skip (or failure) when there is
    /// no server to use.
    static func serverConfiguration(maximumConnections: Int) async throws -> PostgresStoreConfiguration {
        guard let url else {
            if isRequired { throw PostgresTestError.notConfigured }
            try Test.cancel("PostgreSQL store skipped: \(urlVariable) is not set (scripts/with-postgres.sh sets it)")
        }
        var configuration = try PostgresStoreConfiguration(url: url)
        if let problem = await reachability.value {
            if isRequired { throw PostgresTestError.unreachable(problem) }
            try Test.cancel("PostgreSQL store skipped: \(problem)")
        }
        configuration.maximumConnections = maximumConnections
        return configuration
    }

    /// Why the configured server cannot be used (`nil` when it can), checked once per test run.
    static let reachability = Task<String?, Never> {
        guard let url else { return nil }
        do {
            let configuration = try PostgresStoreConfiguration(url: url)
            let connection = try await PostgresConnection.connect(
                configuration: try PostgresSchema.connectionConfiguration(configuration), id: 0, logger: logger)
            try await connection.close()
            return nil
        } catch {
            return
                "cannot reach the server at \((try? StoreLocation(url).description) ?? urlVariable): \(PostgresSocialStore.describe(error))"
        }
    }

    /// Where the test stores log: nowhere, said so here (a test that reads the log passes its own).
    static let logger = Logger(label: "SocialModelTests", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Connects a store to a configuration.
    static func connect(_ configuration: PostgresStoreConfiguration) async throws -> PostgresSocialStore {
        try await PostgresSocialStore.connect(configuration, logger: logger)
    }

    /// Runs `body` with a store on an empty, migrated schema (its configuration changed by
    /// `configure`), then closes the store and empties the schema for the next test. The migration
    /// itself is tested by the tests that migrate a ``freshConfiguration(maximumConnections:)`` of
    /// their own.
    ///
    /// - Parameter fresh: a schema migrated for this test alone, for a test that reads the
    ///   planner's choices: they follow the statistics an emptied schema keeps of earlier tests.
    static func withStore<T>(
        maximumConnections: Int = 2, fresh: Bool = false,
        configure: (inout PostgresStoreConfiguration) -> Void = { _ in },
        _ body: (PostgresSocialStore) async throws -> T
    ) async throws -> T {
        var configuration = try await serverConfiguration(maximumConnections: maximumConnections)
        await gate.enter()
        let result: Result<T, any Error>
        do {
            configuration.schema = (fresh ? nil : await emptySchemas.take()) ?? newSchemaName()
            configure(&configuration)
            let store = try await connect(configuration)
            do {
                result = .success(try await body(store))
            } catch {
                result = .failure(error)
            }
            await store.close()
            if fresh { try await dropSchema(of: configuration) } else { try await empty(configuration) }
        } catch {
            await gate.leave()
            throw error
        }
        await gate.leave()
        return try result.get()
    }

    /// Drops a test schema and everything in it.
    static func dropSchema(of configuration: PostgresStoreConfiguration) async throws {
        guard let schema = configuration.schema, schema.hasPrefix("analogkit_test_") else { return }
        try await onServer {
            try await $0.query("DROP SCHEMA \(unescaped: schema) CASCADE", logger: logger)
        }
    }

    /// A migration is over 300 DDL statements: on a loaded two-core machine, most of a PostgreSQL
    /// test case's time. So a schema a test is done with is emptied and given to the next test; one
    /// that cannot be emptied is dropped. Every table but the migrations' record is emptied with
    /// `DELETE` (a test leaves a few rows, where `TRUNCATE` would make new files for every table and
    /// index), triggers and foreign keys off for it (which needs a superuser, as
    /// `scripts/with-postgres.sh` makes; without one, every schema is dropped and tests migrate
    /// their own), and every sequence starts again at 1.
    static func empty(_ configuration: PostgresStoreConfiguration) async throws {
        guard let schema = configuration.schema, schema.hasPrefix("analogkit_test_") else { return }
        do {
            try await onServer { connection in
                // A plain identifier (`freshConfiguration`'s); a DO block takes no parameters.
                try await connection.query(
                    PostgresQuery(
                        unsafeSQL: """
                            DO $$
                            DECLARE name text;
                            BEGIN
                                PERFORM set_config('session_replication_role', 'replica', true);
                                FOR name IN SELECT format('%I.%I', schemaname, tablename) FROM pg_tables
                                    WHERE schemaname = '\(schema)' AND tablename <> 'social_model_migrations'
                                LOOP
                                    EXECUTE 'DELETE FROM ' || name;
                                END LOOP;
                                FOR name IN SELECT format('%I.%I', schemaname, sequencename) FROM pg_sequences
                                    WHERE schemaname = '\(schema)'
                                LOOP
                                    PERFORM setval(name, 1, false);
                                END LOOP;
                            END $$
                            """), logger: logger)
            }
            await emptySchemas.giveBack(schema)
        } catch {
            try await dropSchema(of: configuration)
        }
    }

    /// Emptied, migrated schemas waiting for their next test.
    static let emptySchemas = SchemaPool()

    /// Runs `body` on a connection of its own to the database the server's URL names.
    static func onServer(_ body: (PostgresConnection) async throws -> Void) async throws {
        guard let url else { throw PostgresTestError.notConfigured }
        let configuration = try PostgresStoreConfiguration(url: url)
        let connection = try await PostgresConnection.connect(
            configuration: try PostgresSchema.connectionConfiguration(configuration), id: 1, logger: logger)
        do {
            try await body(connection)
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }

    /// Keeps the number of stores open at once (each with two pools of its own) under a default
    /// server's 100 connections while Swift Testing runs cases in parallel.
    static let gate = Gate(capacity: 10)
}

/// Why a required PostgreSQL server could not be used.
enum PostgresTestError: Error, CustomStringConvertible {
    case notConfigured
    case unreachable(String)

    var description: String {
        switch self {
        case .notConfigured: "ANALOGKIT_POSTGRES_REQUIRED=1 but \(PostgresTestServer.urlVariable) is not set"
        case .unreachable(let problem): "ANALOGKIT_POSTGRES_REQUIRED=1 but \(problem)"
        }
    }
}

/// The names of empty, migrated test schemas, reused by later tests.
actor SchemaPool {
    private var schemas: [String] = []

    /// An empty schema, or `nil` when there is none (the test then migrates a new one).
    func take() -> String? { schemas.popLast() }

    func giveBack(_ schema: String) { schemas.append(schema) }
}

/// A counting semaphore for async code.
actor Gate {
    let capacity: Int
    var inside = 0
    var waiting: [CheckedContinuation<Void, Never>] = []

    init(capacity: Int) { self.capacity = capacity }

    /// Waits until fewer than `capacity` callers are inside.
    func enter() async {
        if inside < capacity {
            inside += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Lets the next waiting caller in, or frees a place.
    func leave() {
        if waiting.isEmpty {
            inside -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
