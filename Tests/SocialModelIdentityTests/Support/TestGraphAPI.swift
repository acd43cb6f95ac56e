import AsyncHTTPClient
import Crypto
import Foundation
import Logging
import NIOHTTP1
import SocialModelIdentity
import SocialModelMocks

/// A server shaped like Facebook's Graph API on loopback: `debug_token`, which checks the app's
/// access token, and `/me`, which checks `appsecret_proof`, answering for a fixed set of tokens.
final class TestGraphAPI: LoopbackFixture {
    static let appID = "4242"
    static let appSecret = "graph-secret"
    let server: LoopbackHTTPServer
    let clock: ManualClock

    private init(server: LoopbackHTTPServer, clock: ManualClock) {
        self.server = server
        self.clock = clock
    }

    /// A user token: what `debug_token` says about it, and what `/me` answers (status and body).
    private struct Token {
        var debug: String
        var me: (HTTPResponseStatus, String)
    }

    static func start() async throws -> TestGraphAPI {
        let clock = ManualClock()
        let now = Int(clock.now().timeIntervalSince1970)
        let invalid =
            #"{"data":{"error":{"code":190,"message":"Invalid OAuth access token."},"is_valid":false,"scopes":[]}}"#
        func valid(app: String = appID, type: String = "USER", user: String, expires: Int = now + 3600) -> String {
            #"{"data":{"app_id":"\#(app)","type":"\#(type)","application":"Film","expires_at":\#(expires),"is_valid":true,"scopes":["email","public_profile"],"user_id":"\#(user)"}}"#
        }
        let tokens: [String: Token] = [
            "valid": Token(
                debug: valid(user: "1001"),
                me: (.ok, #"{"id":"1001","name":"Ľubomír Šťastný","email":"lubo@example.sk"}"#)),
            "never-expires": Token(debug: valid(user: "1005", expires: 0), me: (.ok, #"{"id":"1005","name":"Eva"}"#)),
            "no-email": Token(debug: valid(user: "1002"), me: (.ok, #"{"id":"1002","name":"Ana"}"#)),
            "expired": Token(
                debug:
                    #"{"data":{"app_id":"\#(appID)","type":"USER","expires_at":\#(now - 10),"is_valid":false,"error":{"code":190,"message":"Session has expired"},"user_id":"1001"}}"#,
                me: (.badRequest, #"{"error":{"message":"Session has expired","type":"OAuthException","code":190}}"#)),
            "still-dated": Token(debug: valid(user: "1001", expires: now - 5), me: (.ok, #"{"id":"1001"}"#)),
            "revoked": Token(
                debug:
                    #"{"data":{"app_id":"\#(appID)","type":"USER","expires_at":\#(now + 3600),"is_valid":false,"user_id":"1001"}}"#,
                me: (.badRequest, #"{"error":{"code":190}}"#)),
            "other-app": Token(debug: valid(app: "9999", user: "1001"), me: (.ok, #"{"id":"1001"}"#)),
            "page": Token(debug: valid(type: "PAGE", user: "1001"), me: (.ok, #"{"id":"1001"}"#)),
            "mismatch": Token(debug: valid(user: "1003"), me: (.ok, #"{"id":"1004","email":"someone@example.com"}"#)),
            "no-user": Token(
                debug: #"{"data":{"app_id":"\#(appID)","type":"USER","expires_at":0,"is_valid":true}}"#, me: (.ok, "{}")
            ),
            "broken-me": Token(debug: valid(user: "1006"), me: (.internalServerError, "oops")),
            "garbage-me": Token(debug: valid(user: "1007"), me: (.ok, "<html>not json</html>")),
        ]
        let server = try await LoopbackHTTPServer.start { request in
            switch request.path {
            case "/v21.0/debug_token":
                guard request.query["access_token"] == "\(appID)|\(appSecret)" else {
                    return .init(
                        status: .badRequest,
                        body:
                            #"{"error":{"message":"Invalid OAuth access token signature.","type":"OAuthException","code":190}}"#
                    )
                }
                return .init(body: tokens[request.query["input_token"] ?? ""]?.debug ?? invalid)
            case "/v21.0/me":
                let token = request.query["access_token"] ?? ""
                let proof = HMAC<SHA256>.authenticationCode(
                    for: Data(token.utf8), using: SymmetricKey(data: Data(appSecret.utf8))
                )
                .map { String(format: "%02x", $0) }.joined()
                guard request.query["appsecret_proof"] == proof, request.query["fields"] == "id,name,email" else {
                    return .init(
                        status: .badRequest, body: #"{"error":{"message":"Invalid appsecret_proof","code":100}}"#)
                }
                guard let answer = tokens[token]?.me else {
                    return .init(status: .badRequest, body: #"{"error":{"code":190}}"#)
                }
                return .init(status: answer.0, body: answer.1)
            default:
                return .init(status: .notFound, body: "{}")
            }
        }
        return TestGraphAPI(server: server, clock: clock)
    }

    func stop() async { await server.stop() }

    /// A provider for this server; the app's secret can be made wrong.
    func provider(secret: String = appSecret) -> FacebookIdentityProvider {
        FacebookIdentityProvider(
            configuration: FacebookConfiguration(
                appID: Self.appID, appSecret: secret, graphBaseURL: URL(string: server.baseURL + "/v21.0")!),
            httpClient: HTTPClient.shared, clock: clock, logger: Logger(label: "analogkit.identity-tests"))
    }
}
