import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWebSocket
import SocialModel
import SocialModelAPI
import SocialModelExport
import SocialModelHTTP
import SocialModelTesting
import TestSupport
import Testing

/// The data export routes over HTTP: only the signed-in owner starts, sees and fetches their
/// export, the archive is sent once, and each refusal has its documented status and code.
@Suite("Data export routes")
struct ExportRoutesTests {
    /// `body` with a client of the fixture's routes, data exports on, in a folder of their own.
    static func withExports(
        _ fixture: HTTPFixture, policy: DataExportPolicy = DataExportPolicy(),
        _ body: @Sendable (any TestClientProtocol, DataExports) async throws -> Void
    ) async throws {
        let folder = try TemporaryDirectory("export-routes")
        defer { folder.remove() }
        let harness = fixture.harness
        let exports = DataExports(
            network: harness.network, recipes: harness.recipes, meals: harness.meals, writer: ZipDataExportWriter(),
            directory: folder.url, policy: policy)
        let routes = SocialRoutes(
            network: harness.network, recipes: harness.recipes, meals: harness.meals, exports: exports,
            limits: fixture.limits)
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.add(middleware: routes.routerMiddleware(context: BasicWebSocketRequestContext.self, atPath: "/api"))
        router.addRoutes(routes.collection(context: BasicWebSocketRequestContext.self), atPath: "/api")
        try await Application(router: router).test(.router) { client in try await body(client, exports) }
    }

    @Test("only the owner starts, sees and fetches their export; the archive is sent once")
    func onlyTheOwnerOnce() async throws {
        let fixture = HTTPFixture()
        try await Self.withExports(fixture) { client, exports in
            let owner = try await client.signUp("owner", in: fixture)
            let stranger = try await client.signUp("stranger", in: fixture)
            _ = try await client.publish(as: owner, caption: "mine")

            let started = try await client.call(.post, "/me/export", as: owner)
            #expect(started.status == .accepted)
            #expect(started.headers[.location] == "/api/me/export")
            #expect(try started.decoded(DataExportStatus.self).state == .running)
            await exports.finished(userID: owner.user.id)

            // The routes name no user: a stranger reaches only their own (absent) export.
            for path in ["/me/export", "/me/export/archive"] {
                let answer = try await client.call(.get, path, as: stranger)
                #expect(answer.status == .notFound && answer.apiError?.entity == "export", "\(path)")
            }
            let status = try await client.call(.get, "/me/export", as: owner).decoded(DataExportStatus.self)
            #expect(status.state == .ready && (status.bytes ?? 0) > 0)

            let archive = try await client.call(.get, "/me/export/archive", as: owner)
            #expect(archive.status == .ok && archive.headers[.contentType] == "application/zip")
            #expect(archive.headers[.cacheControl] == "no-store")
            #expect(archive.body.readableBytes == status.bytes)
            #expect(Array(archive.body.readableBytesView.prefix(4)) == [0x50, 0x4B, 0x03, 0x04])  // a zip

            let again = try await client.call(.get, "/me/export/archive", as: owner)
            #expect(again.status == .gone && again.apiError?.code == "export-gone")
            let after = try await client.call(.get, "/me/export", as: owner).decoded(DataExportStatus.self)
            #expect(after.state == .downloaded)
        }
    }

    @Test("a server at its limit of running exports answers 503 busy with Retry-After")
    func busy() async throws {
        var policy = DataExportPolicy()
        policy.maximumRunning = 0
        let fixture = HTTPFixture()
        try await Self.withExports(fixture, policy: policy) { client, _ in
            let owner = try await client.signUp("owner", in: fixture)
            let answer = try await client.call(.post, "/me/export", as: owner)
            #expect(answer.status == .serviceUnavailable && answer.apiError?.code == "busy")
            #expect(answer.headers[.retryAfter] == "60")
        }
    }

    @Test("without data exports the routes answer 404, entity export, after checking the session")
    func exportsOff() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let owner = try await client.signUp("owner", in: fixture)
            for (method, path) in [
                (HTTPRequest.Method.post, "/me/export"), (.get, "/me/export"), (.get, "/me/export/archive"),
            ] {
                #expect(try await client.call(method, path).status == .unauthorized, "\(method) \(path)")
                let answer = try await client.call(method, path, as: owner)
                #expect(answer.status == .notFound && answer.apiError?.entity == "export", "\(method) \(path)")
            }
        }
    }
}
