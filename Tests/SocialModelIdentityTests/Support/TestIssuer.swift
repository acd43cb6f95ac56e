import AsyncHTTPClient
import Crypto
import Foundation
import JWTKit
import Locking
import Logging
import NIOHTTP1
import SocialModel
import SocialModelIdentity
import SocialModelMocks
import _CryptoExtras

/// An OpenID Connect issuer on loopback: a discovery document and a JWKS served over HTTP, with
/// keys made for each run — `k1` (RSA, RS256) and `k2` (P-256, ES256), published as the test
/// says, and `k3` (P-256), never published — and tokens signed with them.
final class TestIssuer: LoopbackFixture {
    static let clientID = "com.example.film"
    let server: LoopbackHTTPServer
    let clock: ManualClock
    private let keys: JWTKeyCollection
    private let publicJWKs: [String: String]
    private let state: IssuerState
    /// The PEM of `k1`'s public key, which an `alg: HS256` forgery uses as its secret.
    let rsaPublicKeyPEM: String

    struct State {
        var published = ["k1"]
        var cacheControl: String? = "public, max-age=3600"
        var discoveryIssuer: String?
        var jwksURI: String?
        var keySetStatus: HTTPResponseStatus = .ok
    }

    /// The issuer identifier: the server's base URL.
    var issuer: String { server.baseURL }

    private init(
        server: LoopbackHTTPServer, clock: ManualClock, keys: JWTKeyCollection, publicJWKs: [String: String],
        state: IssuerState, rsaPublicKeyPEM: String
    ) {
        self.server = server
        self.clock = clock
        self.keys = keys
        self.publicJWKs = publicJWKs
        self.state = state
        self.rsaPublicKeyPEM = rsaPublicKeyPEM
    }

    static func start() async throws -> TestIssuer {
        let rsa = try Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048))
        let ec2 = ES256PrivateKey()
        let ec3 = ES256PrivateKey()
        let keys = JWTKeyCollection()
        await keys.add(rsa: rsa, digestAlgorithm: .sha256, kid: "k1")
        await keys.add(ecdsa: ec2, kid: "k2")
        await keys.add(ecdsa: ec3, kid: "k3")
        let primitives = try rsa.publicKey.getKeyPrimitives()
        let ec2Parameters = try require(ec2.parameters, "the P-256 key's coordinates")
        let publicJWKs = [
            "k1": """
            {"kty":"RSA","kid":"k1","use":"sig","alg":"RS256","n":"\(primitives.modulus.base64URL)","e":"\(primitives.publicExponent.base64URL)"}
            """,
            "k2": """
            {"kty":"EC","kid":"k2","use":"sig","alg":"ES256","crv":"P-256","x":"\(ec2Parameters.x)","y":"\(ec2Parameters.y)"}
            """,
        ]
        let state = IssuerState()
        let box = Locked<String>("")
        let server = try await LoopbackHTTPServer.start { request in
            let base = box.withLock { $0 }
            return state.lock.withLock { state in
                switch request.path {
                case "/.well-known/openid-configuration":
                    let issuer = state.discoveryIssuer ?? base
                    let jwks = state.jwksURI ?? base + "/keys"
                    return .init(
                        body:
                            #"{"issuer":"\#(issuer)","jwks_uri":"\#(jwks)","id_token_signing_alg_values_supported":["RS256","ES256"]}"#
                    )
                case "/keys":
                    // Keys this client cannot or must not use come first: they are skipped.
                    let extra = [
                        #"{"kty":"oct","kid":"sym","k":"c2VjcmV0"}"#,
                        #"{"kty":"EC","kid":"enc","use":"enc","crv":"P-256","x":"\#(ec2Parameters.x)","y":"\#(ec2Parameters.y)"}"#,
                        #"{"kty":"OKP","kid":"weird","crv":"X448","x":"AAAA"}"#,
                    ]
                    let keys = extra + state.published.compactMap { publicJWKs[$0] }
                    var headers = [("Content-Type", "application/json")]
                    if let cacheControl = state.cacheControl { headers.append(("Cache-Control", cacheControl)) }
                    return .init(
                        status: state.keySetStatus, headers: headers,
                        body: #"{"keys":[\#(keys.joined(separator: ","))]}"#)
                default:
                    return .init(status: .notFound, body: "{}")
                }
            }
        }
        box.withLock { $0 = server.baseURL }
        return TestIssuer(
            server: server, clock: ManualClock(), keys: keys, publicJWKs: publicJWKs, state: state,
            rsaPublicKeyPEM: rsa.publicKey.pemRepresentation)
    }

    func stop() async { await server.stop() }

    /// Changes what the issuer serves.
    func update(_ change: (inout State) -> Void) { state.lock.withLock { change(&$0) } }

    /// How many times the key set was fetched.
    var keySetFetches: Int { server.received.filter { $0.path == "/keys" }.count }

    /// A provider for this issuer, with the test's clock.
    func provider(_ change: (inout OpenIDConnectConfiguration) -> Void = { _ in }) -> OpenIDConnectProvider {
        var configuration = OpenIDConnectConfiguration(name: "film-id", issuer: issuer, audiences: [Self.clientID])
        change(&configuration)
        return OpenIDConnectProvider(
            configuration: configuration, httpClient: HTTPClient.shared, clock: clock,
            logger: Logger(label: "analogkit.identity-tests"))
    }

    /// Claims of a valid token for now, to change before signing.
    func claims(subject: String = "user-1", email: String? = "olga@example.com") -> TestClaims {
        let now = clock.now()
        return TestClaims(
            iss: issuer, sub: subject, aud: [Self.clientID], exp: now.addingTimeInterval(600), iat: now,
            email: email, email_verified: .bool(true), name: "Olga Kováčová")
    }

    /// The claims signed with a key.
    func sign(_ claims: TestClaims, kid: String = "k1") async throws -> String {
        try await keys.sign(claims, kid: JWKIdentifier(string: kid))
    }

    /// A token with any header and any signature bytes, for forgeries.
    static func assemble(header: String, claims: TestClaims, signature: (Data) -> Data) throws -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let input = Data(header.utf8).base64URL + "." + (try encoder.encode(claims)).base64URL
        return input + "." + signature(Data(input.utf8)).base64URL
    }
}

/// What the issuer serves, shared with its request handler.
final class IssuerState: Sendable {
    let lock = Locked(TestIssuer.State())
}

/// ID token claims as a test writes them; every field can be wrong.
struct TestClaims: JWTPayload {
    enum Flag: Codable, Sendable {
        case bool(Bool)
        case string(String)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .bool(let value): try container.encode(value)
            case .string(let value): try container.encode(value)
            }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else {
                self = .string(try container.decode(String.self))
            }
        }
    }

    var iss: String
    var sub: String?
    var aud: [String]
    var exp: Date
    var iat: Date
    var nbf: Date?
    var nonce: String?
    var email: String?
    var email_verified: Flag?
    var name: String?

    func verify(using algorithm: some JWTAlgorithm) async throws {}

    func encode(to encoder: any Encoder) throws {
        enum Keys: String, CodingKey { case iss, sub, aud, exp, iat, nbf, nonce, email, email_verified, name }
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(iss, forKey: .iss)
        try container.encodeIfPresent(sub, forKey: .sub)
        try container.encode(aud, forKey: .aud)
        try container.encode(Int(exp.timeIntervalSince1970), forKey: .exp)
        try container.encode(Int(iat.timeIntervalSince1970), forKey: .iat)
        try container.encodeIfPresent(nbf.map { Int($0.timeIntervalSince1970) }, forKey: .nbf)
        try container.encodeIfPresent(nonce, forKey: .nonce)
        try container.encodeIfPresent(email, forKey: .email)
        try container.encodeIfPresent(email_verified, forKey: .email_verified)
        try container.encodeIfPresent(name, forKey: .name)
    }
}

extension Data {
    /// Unpadded base64url.
    var base64URL: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

enum IdentityRequirement: Error {
    case missing(String)
}

/// `#require` outside a test: a thrown error instead.
func require<T>(_ value: T?, _ what: String = "value") throws -> T {
    guard let value else { throw IdentityRequirement.missing(what) }
    return value
}
