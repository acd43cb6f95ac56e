import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWebSocket
import SocialModel
import SocialModelAPI
import SocialModelHTTP
import SocialModelMocks
import SocialModelSQLite
import SocialModelTesting
import Testing

/// SocialRoutes (with the live-update route) mounted under `/api` in an application over the in-memory store, with the
/// harness's manual clock and capturing mailer; requests go straight to the router (no network).
struct HTTPFixture {
    let harness: SocialTestHarness
    /// The network the routes serve: the harness's, or one over the same store that asks a content check.
    let network: SocialNetwork
    let limits: SocialHTTPLimits
    let trustedProxies: Set<String>
    let allowedOrigins: [String]
    /// The filters of the mock processor, as the routes list them.
    let filterNames: [String]

    /// No time limit unless a test sets one: a full parallel run can hold the in-process server's
    /// handlers past the default 30 s (a sign-in answered 503 there), and only the limit tests
    /// are about it.
    init(
        limits: SocialHTTPLimits = SocialHTTPLimits(timeLimit: nil), trustedProxies: Set<String> = [],
        photos: any PhotoProcessor = MockPhotoProcessor(), allowedOrigins: [String] = [],
        contentCheck: (any ContentCheck)? = nil
    ) {
        let harness = SocialTestHarness(store: SQLiteSocialStore.inMemory(), photos: photos)
        self.harness = harness
        network =
            contentCheck.map {
                SocialNetwork(
                    store: harness.store, accounts: harness.accounts, photos: photos,
                    policy: SocialTestHarness.networkPolicy, contentCheck: $0)
            } ?? harness.network
        self.limits = limits
        self.trustedProxies = trustedProxies
        self.allowedOrigins = allowedOrigins
        filterNames = (photos as? MockPhotoProcessor)?.filters ?? []
    }

    var routes: SocialRoutes {
        SocialRoutes(
            network: network, recipes: harness.recipes, meals: harness.meals, limits: limits,
            trustedProxies: trustedProxies, allowedOrigins: allowedOrigins,
            filterNames: { [filterNames] in filterNames })
    }

    /// Runs `body` with a client of the application.
    func test<Value>(_ body: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        try await Application(router: router()).test(.router, body)
    }

    /// Every route, the live-update WebSocket's too, mounted under `/api`, behind the router middleware.
    func router() -> Router<BasicWebSocketRequestContext> {
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.add(middleware: routes.routerMiddleware(context: BasicWebSocketRequestContext.self, atPath: "/api"))
        router.addRoutes(routes.collection(context: BasicWebSocketRequestContext.self), atPath: "/api")
        router.addRoutes(routes.liveCollection(), atPath: "/api")
        return router
    }
}

/// A signed-in user as a client holds it: their user and bearer token.
struct Caller: Sendable {
    let user: User
    let token: String
}

extension TestClientProtocol {
    /// Sends a request to `/api` + `path`, with a JSON body if given.
    func call(
        _ method: HTTPRequest.Method, _ path: String, as caller: Caller? = nil, json: (any Encodable)? = nil,
        body: Data? = nil, headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = headers
        if let caller { headers[.authorization] = "Bearer \(caller.token)" }
        var buffer = body.map { ByteBuffer(bytes: $0) }
        if let json {
            headers[.contentType] = "application/json"
            buffer = ByteBuffer(bytes: try SocialJSON.encoder().encode(json))
        }
        return try await execute(uri: "/api" + path, method: method, headers: headers, body: buffer)
    }

    /// Registers, verifies (with the token the mailer caught) and signs in over HTTP.
    func signUp(_ username: String, in fixture: HTTPFixture) async throws -> Caller {
        let email = "\(username.lowercased())@example.com"
        let password = SocialTestHarness.password
        let registered = try await call(
            .post, "/accounts", json: Registration(email: email, username: username, password: password))
        #expect(registered.status == .accepted)
        let token = try #require(fixture.harness.mailer.latestToken(.emailVerification, to: email))
        let verified = try await call(.post, "/accounts/verification", json: VerificationRequest(token: token.rawValue))
        #expect(verified.status == .ok)
        let signedIn = try await call(.post, "/sessions", json: SignInRequest(email: email, password: password))
        #expect(signedIn.status == .created)
        let session = try signedIn.decoded(SessionResponse.self)
        return Caller(user: session.user, token: session.token)
    }

    /// Publishes a post with a stand-in photo of the mock processor.
    func publish(as caller: Caller, caption: String = "") async throws -> Post {
        let escaped = caption.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let response = try await call(
            .post, "/posts?caption=\(escaped)", as: caller, body: MockPhotoProcessor.photo(width: 400, height: 300))
        #expect(response.status == .created)
        return try response.decoded(Post.self)
    }
}

extension TestResponse {
    /// The body decoded as the routes' JSON.
    func decoded<T: Decodable>(_ type: T.Type) throws -> T {
        try SocialJSON.decoder().decode(T.self, from: Data(body.readableBytesView))
    }

    /// The body as an error answer.
    var apiError: SocialAPIError? { try? decoded(SocialAPIError.self) }
}
