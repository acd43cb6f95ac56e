import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWebSocket
import SocialClient
import SocialModel
import SocialModelHTTP
import SocialModelSQLite
import SocialModelTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("SocialClient live updates in the client's language")
struct SocialClientLiveLanguageTests {
    /// The `Accept-Language` of every request to `/live` the server saw.
    actor Seen {
        var languages: [String?] = []
        func record(_ language: String?) { languages.append(language) }
    }

    struct RecordLiveLanguage<Context: RequestContext>: RouterMiddleware {
        let seen: Seen

        func handle(
            _ request: Request, context: Context, next: (Request, Context) async throws -> Response
        ) async throws -> Response {
            if request.uri.path.hasSuffix("/live") { await seen.record(request.headers[.acceptLanguage]) }
            return try await next(request, context)
        }
    }

    @Test("the WebSocket upgrade carries the same Accept-Language as the client's other requests")
    func liveUpgradeSendsAcceptLanguage() async throws {
        let harness = SocialTestHarness(store: SQLiteSocialStore.inMemory())
        let seen = Seen()
        let routes = SocialRoutes(network: harness.network, recipes: harness.recipes, meals: harness.meals)
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.add(middleware: RecordLiveLanguage(seen: seen))
        router.addRoutes(routes.collection(context: BasicWebSocketRequestContext.self), atPath: "/api")
        router.addRoutes(routes.liveCollection(), atPath: "/api")
        let app = Application(router: router, server: .socialWebSocketUpgrade(webSocketRouter: router))
        try await app.test(.live) { server in
            let port = try #require(server.port)
            let url = try #require(URL(string: "http://localhost:\(port)/api"))
            let client = SocialClient(
                baseURL: url, session: URLSession(configuration: .ephemeral), locale: Locale(identifier: "sk_SK"))
            let ada = try await client.signUp("ada", harness)
            let updates = try await ada.liveUpdates()
            updates.close()
        }
        #expect(await seen.languages == ["sk-SK, sk;q=0.9"])
    }
}
