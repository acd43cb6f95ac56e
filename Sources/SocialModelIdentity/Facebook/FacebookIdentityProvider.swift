import AsyncHTTPClient
import Crypto
import Foundation
import Logging
import SocialModel

/// Verifies a Facebook user access token through the Graph API: `debug_token`, asked with the
/// app's own access token, must say the token is valid, of a user, for this app and not expired;
/// then `/me?fields=id,name,email` (with `appsecret_proof`) says who the user is.
///
/// Refusals throw `IdentityProviderError.invalidToken(reason:)` with a ``TokenRejection``; a
/// Graph API that cannot be reached, answers with an error, or refuses the app's credentials
/// throws `IdentityProviderError.unavailable(reason:)`.
public struct FacebookIdentityProvider: IdentityProvider {
    /// The app.
    public let configuration: FacebookConfiguration
    private let endpoint: JSONEndpoint
    private let clock: any WallClock
    private let logger: Logger

    /// The name sign-in calls use.
    public var name: String { configuration.name }

    /// Creates a provider.
    /// - Parameters:
    ///   - configuration: the app.
    ///   - httpClient: calls the Graph API, such as `HTTPClient.shared`.
    ///   - clock: the time `expires_at` is compared with.
    ///   - logger: where calls and refusals are logged (never tokens or the secret).
    public init(
        configuration: FacebookConfiguration, httpClient: HTTPClient, clock: any WallClock = SystemWallClock(),
        logger: Logger
    ) {
        self.configuration = configuration
        self.clock = clock
        self.logger = logger
        self.endpoint = JSONEndpoint(client: httpClient, timeout: configuration.requestTimeout, logger: logger)
    }

    /// Verifies a user access token.
    /// - Parameter token: the token the app received from Facebook Login.
    /// - Returns: the user, with their email when they shared it.
    /// - Throws: `IdentityProviderError`.
    public func verify(token: String) async throws(IdentityProviderError) -> VerifiedIdentity {
        do throws(IdentityProviderError) {
            guard !token.isEmpty, token.utf8.count <= 4096 else { throw TokenRejection.malformed.providerError }
            let userID = try await debugToken(token)
            let user = try await me(token)
            guard user.id == userID else { throw TokenRejection.revoked.providerError }
            let email = user.email.flatMap { $0.isEmpty ? nil : $0 }
            return VerifiedIdentity(
                provider: name, subject: user.id, email: email,
                emailVerified: email != nil && configuration.treatsEmailAsVerified, displayName: user.name)
        } catch {
            logger.info("refused a Facebook token", metadata: ["reason": "\(error)"])
            throw error
        }
    }

    /// Asks `debug_token` about the token; returns the user id it belongs to.
    private func debugToken(_ token: String) async throws(IdentityProviderError) -> String {
        let url = try self.url(
            "debug_token",
            JSONEndpoint.query([
                "input_token": token, "access_token": "\(configuration.appID)|\(configuration.appSecret)",
            ]))
        let response = try await endpoint.get(url)
        guard response.status == 200 else {
            // debug_token answers 200 about any input token; an error status is about the app's
            // own credentials or Facebook itself.
            throw .unavailable(reason: "the Graph API refused debug_token (status \(response.status))")
        }
        let data = try endpoint.decode(DebugTokenResponse.self, from: response, of: url).data
        let now = clock.now().timeIntervalSince1970
        guard data.is_valid == true else {
            let expired = (data.expires_at ?? 0) > 0 && TimeInterval(data.expires_at ?? 0) <= now
            throw (expired ? TokenRejection.expired : .revoked).providerError
        }
        guard data.app_id == configuration.appID else { throw TokenRejection.wrongAudience.providerError }
        guard data.type == nil || data.type == "USER" else { throw TokenRejection.notAUserToken.providerError }
        // 0 means the token does not expire.
        if let expiresAt = data.expires_at, expiresAt > 0, TimeInterval(expiresAt) <= now {
            throw TokenRejection.expired.providerError
        }
        guard let userID = data.user_id, !userID.isEmpty else { throw TokenRejection.missingSubject.providerError }
        return userID
    }

    /// Asks `/me` who the token's user is.
    private func me(_ token: String) async throws(IdentityProviderError) -> MeResponse {
        let proof = HMAC<SHA256>.authenticationCode(
            for: Data(token.utf8), using: SymmetricKey(data: Data(configuration.appSecret.utf8))
        )
        .map { String(format: "%02x", $0) }.joined()
        let url = try self.url(
            "me", JSONEndpoint.query(["fields": "id,name,email", "access_token": token, "appsecret_proof": proof]))
        let response = try await endpoint.get(url)
        switch response.status {
        case 200: return try endpoint.decode(MeResponse.self, from: response, of: url)
        // 400/401/403 with OAuthException: the token stopped working between the two calls.
        case 400, 401, 403: throw TokenRejection.revoked.providerError
        default: throw .unavailable(reason: "the Graph API answered /me with status \(response.status)")
        }
    }

    private func url(_ path: String, _ query: String) throws(IdentityProviderError) -> URL {
        let base = configuration.graphBaseURL.absoluteString
        guard let url = URL(string: (base.hasSuffix("/") ? base : base + "/") + path + "?" + query) else {
            throw .unavailable(reason: "the Graph API base URL is not valid")
        }
        return url
    }
}

/// `debug_token`'s answer (the fields used here).
private struct DebugTokenResponse: Decodable {
    struct TokenData: Decodable {
        var app_id: String?
        var type: String?
        var is_valid: Bool?
        var expires_at: Int64?
        var user_id: String?
    }

    var data: TokenData
}

/// `/me?fields=id,name,email`'s answer.
private struct MeResponse: Decodable {
    var id: String
    var name: String?
    var email: String?
}
