import Foundation
import Locking
import Logging
import ServiceLifecycle
import SocialModel
import SocialModelMocks
import TestSupport
import Testing

@testable import SocialModelPostgres

/// The PostgreSQL store as a swift-service-lifecycle service, and the caller's logger.
@Suite("PostgreSQL store lifecycle and logging")
struct PostgresLifecycleTests {
    /// Run in a service group, the store migrates, serves calls made before and after it starts,
    /// logs to the logger it was given, and stops when the group shuts down gracefully.
    @Test func aServiceGroupRunsAndStopsTheStore() async throws {
        let configuration = try await PostgresTestServer.freshConfiguration()
        let recorder = CapturingLogHandler()
        let logger = Logger(label: "store-under-test", factory: { _ in recorder })
        let store = try PostgresSocialStore(configuration: configuration, logger: logger)
        let user = User(id: .random(), username: "served", email: "s@example.com", createdAt: Date())
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [store], logger: PostgresTestServer.logger))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            // Waits for the pool, which serves only after the migration.
            try await store.insertUser(user, passwordHash: nil, identity: nil)
            #expect(try await store.user(id: user.id) == user)
            // A second run of the same store is refused, not a crash.
            await #expect(throws: StoreError.self) { try await store.run() }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        #expect(!recorder.logged.isEmpty, "the store logged nothing to the caller's logger")
        // The calls made during the migration waited without a warning (PostgresNIO logs one for
        // every lease from a pool that does not run yet).
        #expect(recorder.logged.filter { $0.level >= .warning }.map(\.message) == [])
        await #expect(throws: StoreError.self) { _ = try await store.user(id: user.id) }
        try await PostgresTestServer.dropSchema(of: configuration)
    }

    /// A call made before anything runs the store says so in a warning, once, and is served as
    /// soon as the store runs.
    @Test(.hangGuard) func aCallBeforeTheStoreRunsWarnsAndWaitsForIt() async throws {
        let configuration = try await PostgresTestServer.freshConfiguration()
        let recorder = CapturingLogHandler()
        let store = try PostgresSocialStore(
            configuration: configuration, logger: Logger(label: "store-under-test", factory: { _ in recorder }))
        let early = Task { try await store.user(id: UserID(rawValue: "nobody")) }
        while !recorder.logged.contains(where: { $0.level == .warning }) {
            try await Task.sleep(for: .milliseconds(10))
        }
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [store], logger: PostgresTestServer.logger))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            #expect(try await early.value == nil)
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        let warnings = recorder.logged.filter { $0.level >= .warning }.map(\.message)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("waits for the PostgreSQL store to run") == true)
        try await PostgresTestServer.dropSchema(of: configuration)
    }

    /// Calls waiting for a store whose migration cannot run fail with the migration's error
    /// rather than wait for pools that will never serve.
    @Test(.hangGuard) func callsWaitingForAStoreThatCannotStartFailWithItsError() async throws {
        let configuration = try PostgresStoreConfiguration(
            host: "127.0.0.1", port: 1, username: "nobody", password: "secret-password", tls: .disable)
        let store = try PostgresSocialStore(configuration: configuration, logger: PostgresTestServer.logger)
        let waiting = Task { try await store.user(id: UserID(rawValue: "x")) }
        await #expect(throws: StoreError.self) { try await store.run() }
        let outcome = await waiting.result
        guard case .failure(let error) = outcome, case .cannotOpen = error as? StoreError else {
            Issue.record("a call waiting for the store got \(outcome), not the migration's error")
            return
        }
        // And so does every call after it.
        await #expect(throws: StoreError.self) { _ = try await store.user(id: UserID(rawValue: "x")) }
    }

    /// A migration that cannot run ends the service with a typed error instead of serving.
    @Test func anUnreachableServerEndsTheServiceWithATypedError() async throws {
        let configuration = try PostgresStoreConfiguration(
            host: "127.0.0.1", port: 1, username: "nobody", password: "secret-password", tls: .disable)
        let store = try PostgresSocialStore(configuration: configuration, logger: PostgresTestServer.logger)
        await #expect {
            try await store.run()
        } throws: { error in
            guard case .cannotOpen(let path, _) = error as? StoreError else { return false }
            return !path.contains("secret-password")
        }
    }
}
