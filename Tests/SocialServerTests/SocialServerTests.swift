import Foundation
import TestSupport
import Testing

/// `social-server` run as a user runs it: health, readiness, metrics and graceful shutdown on each store.
@Suite("social-server", .highPriority)
struct SocialServerTests {
    static let registration =
        #"{"email":"ada@example.com","username":"ada","password":"Analytical-Engine-1843","name":"","surname":""}"#

    @Test func inMemoryServerAnswersHealthReadyAndMetricsAndStopsOnSIGTERM() async throws {
        let folder = try TemporaryDirectory("social-server")
        defer { folder.remove() }
        let server = try await ServerProcess.start(
            [
                "--store", "memory", "--outbox", folder.file("outbox").path, "--password-iterations", "210000",
                "--metrics-port", "0",
            ])

        #expect(try await server.request("/health") == (200, "ok\n"))
        #expect(try await server.request("/ready") == (200, "ready\n"))
        // An API route through the same server: its verification mail lands in the outbox.
        #expect(try await server.request("/accounts", method: "POST", json: Self.registration).0 == 202)
        let mail = try await polled(within: .seconds(10)) {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.file("outbox").path)) ?? []
            return files.isEmpty ? nil : files
        }
        #expect(mail?.count == 1)
        #expect(try await server.request("/users/usr_missing").0 == 401)

        // Metrics on their own port only, not on the public one.
        #expect(try await server.request("/metrics").0 == 404)
        let metricsURL = try #require(server.metricsURL)
        #expect(metricsURL.port != server.baseURL.port)
        let (status, metrics) = try await server.request("/metrics", at: metricsURL)
        #expect(status == 200)
        // Hummingbird's MetricsMiddleware, through swift-metrics, in Prometheus' text format.
        #expect(metrics.contains("# TYPE hb_requests counter"))
        #expect(metrics.contains(#"http_route="/accounts""#))
        #expect(metrics.contains(#"http_response_status_code="202""#))
        #expect(metrics.contains("http_server_request_duration"))

        #expect(try await server.stop(with: SIGTERM) == 0)
        #expect(server.logged.contains("stopped"))
    }

    @Test func sqliteStoreKeepsAccountsAcrossARestartAndSIGINTStopsIt() async throws {
        let folder = try TemporaryDirectory("social-server")
        defer { folder.remove() }
        let arguments = [
            "--store", "sqlite:" + folder.file("social.sqlite").path, "--outbox", folder.file("outbox").path,
            "--password-iterations", "210000",
        ]
        let first = try await ServerProcess.start(arguments)
        #expect(try await first.request("/ready").0 == 200)
        #expect(try await first.request("/accounts", method: "POST", json: Self.registration).0 == 202)
        #expect(try await first.stop(with: SIGINT) == 0)

        let second = try await ServerProcess.start(arguments)
        let taken =
            #"{"email":"other@example.com","username":"ada","password":"Analytical-Engine-1843","name":"","surname":""}"#
        let (status, body) = try await second.request("/accounts", method: "POST", json: taken)
        #expect(status == 422)
        #expect(body.contains(#""rule":"taken""#))
        #expect(try await second.stop() == 0)
    }

    @Test func postgresStoreBecomesReadyAfterMigratingAndStopsOnSIGTERM() async throws {
        let url = try PostgresURL.freshSchema()
        let folder = try TemporaryDirectory("social-server")
        defer { folder.remove() }
        let server = try await ServerProcess.start(["--store", url, "--outbox", folder.file("outbox").path])
        try await server.waitUntilReady()
        #expect(try await server.request("/health") == (200, "ok\n"))
        #expect(try await server.request("/accounts", method: "POST", json: Self.registration).0 == 202)
        #expect(try await server.stop() == 0)
        #expect(server.logged.contains("stopped"))
    }

    @Test func anUnreachableDatabaseIsNotReadyAndEndsTheServerWithItsError() async throws {
        let port = LoopbackPort.free()
        let folder = try TemporaryDirectory("social-server")
        defer { folder.remove() }
        let server = try await ServerProcess.start([
            "--store", "postgres://nobody@127.0.0.1:\(port)/none?sslmode=disable", "--outbox",
            folder.file("outbox").path,
        ])
        // Either it already gave up, or it is up and says the store is not ready. An answer counts
        // only while the process still runs: once it has ended, its port may already belong to a
        // server another test started (CI once saw that server's 404 here).
        if let (status, _) = try? await server.request("/ready"), server.process.isRunning {
            #expect(status == 503)
        }
        let status = try await server.waitForExit(timeout: .seconds(60))
        #expect(status != nil && status != 0)
        #expect(server.logged.contains("127.0.0.1"))
    }
}

extension ServerProcess {
    /// Polls `/ready` until it answers 200 (a PostgreSQL store connects and migrates first).
    func waitUntilReady(timeout: Duration = .seconds(60)) async throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if try await request("/ready").0 == 200 { return }
            try await Task.sleep(for: .milliseconds(200))
        }
        throw Failure(description: "social-server never became ready; its log:\n\(logged)")
    }
}

/// The test PostgreSQL server (`scripts/with-postgres.sh` sets `ANALOGKIT_POSTGRES_URL`), as in
/// SocialModelTests' PostgresTestServer: missing, it skips, unless `ANALOGKIT_POSTGRES_REQUIRED=1`.
enum PostgresURL {
    /// The server's URL with a fresh schema of its own.
    static func freshSchema() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        guard let url = environment["ANALOGKIT_POSTGRES_URL"], !url.isEmpty else {
            if environment["ANALOGKIT_POSTGRES_REQUIRED"] == "1" {
                throw ServerProcess.Failure(
                    description: "ANALOGKIT_POSTGRES_REQUIRED=1 but ANALOGKIT_POSTGRES_URL is not set")
            }
            try Test.cancel(
                "PostgreSQL server skipped: ANALOGKIT_POSTGRES_URL is not set (scripts/with-postgres.sh sets it)")
        }
        let schema = "analogkit_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        return url + (url.contains("?") ? "&" : "?") + "schema=\(schema)"
    }
}
