import AsyncHTTPClient
import Foundation
import JWTKit
import Logging
import SocialModel

/// Verifies OpenID Connect ID tokens — Sign in with Apple, Google, or any issuer with a discovery
/// document — against the issuer's published keys, with vapor/jwt-kit.
///
/// A token is accepted when its header names an accepted asymmetric algorithm and a key id the
/// issuer publishes (an unknown key id fetches the key set again: see ``OpenIDConnectConfiguration/keyCache``),
/// its signature verifies with that key, its `aud` names one of the app's client ids and nothing
/// else, its `iss` is the issuer, `exp` has not passed and `iat` and `nbf` are not in the future
/// (each within ``OpenIDConnectConfiguration/clockSkew``), and its `nonce` is the expected one.
/// Anything else throws `IdentityProviderError.invalidToken(reason:)` with a
/// ``TokenRejection``; an unreachable issuer throws `IdentityProviderError.unavailable(reason:)`.
///
/// ```swift
/// let apple = OpenIDConnectProvider(
///     configuration: .apple(clientIDs: ["com.example.film"]), httpClient: HTTPClient.shared, logger: logger)
/// ```
public struct OpenIDConnectProvider: IdentityProvider {
    /// Which tokens are accepted.
    public let configuration: OpenIDConnectConfiguration
    private let keys: IssuerKeys
    private let clock: any WallClock
    private let logger: Logger

    /// The name sign-in calls use, ``OpenIDConnectConfiguration/name``.
    public var name: String { configuration.name }

    /// Creates a provider; nothing is fetched until the first token arrives.
    /// - Parameters:
    ///   - configuration: which tokens are accepted.
    ///   - httpClient: fetches the discovery document and the keys, such as `HTTPClient.shared`.
    ///   - clock: the time tokens are checked against.
    ///   - logger: where fetches and refusals are logged.
    public init(
        configuration: OpenIDConnectConfiguration, httpClient: HTTPClient, clock: any WallClock = SystemWallClock(),
        logger: Logger
    ) {
        self.configuration = configuration
        self.clock = clock
        self.logger = logger
        let endpoint = JSONEndpoint(client: httpClient, timeout: configuration.requestTimeout, logger: logger)
        self.keys = IssuerKeys(configuration: configuration, endpoint: endpoint, clock: clock, logger: logger)
    }

    /// Verifies an ID token without a nonce.
    /// - Parameter token: the ID token, as the app received it from the provider.
    /// - Returns: the person the token names.
    /// - Throws: `IdentityProviderError`; with ``OpenIDConnectConfiguration/requiresNonce`` every
    ///   token is refused here.
    public func verify(token: String) async throws(IdentityProviderError) -> VerifiedIdentity {
        try await verify(token: token, nonce: nil)
    }

    /// Verifies an ID token that must carry `nonce`.
    /// - Parameters:
    ///   - token: the ID token, as the app received it from the provider.
    ///   - nonce: the nonce exactly as the token carries it (for Sign in with Apple on Apple's
    ///     platforms, the SHA-256 hex digest of the raw nonce the app generated); `nil` checks none.
    /// - Returns: the person the token names.
    /// - Throws: `IdentityProviderError`.
    public func verify(token: String, nonce: String?) async throws(IdentityProviderError) -> VerifiedIdentity {
        do throws(IdentityProviderError) {
            let claims = try await verifiedClaims(token)
            try check(claims, nonce: nonce)
            let email = claims.email.flatMap { $0.isEmpty ? nil : $0 }
            return VerifiedIdentity(
                provider: name, subject: claims.subject.value, email: email,
                emailVerified: email != nil && claims.emailVerified?.value == true, displayName: claims.displayName)
        } catch {
            logger.info("refused an ID token", metadata: ["provider": "\(name)", "reason": "\(error)"])
            throw error
        }
    }

    /// The token's claims, once its algorithm, key, signature and audience are verified.
    private func verifiedClaims(_ token: String) async throws(IdentityProviderError) -> IDTokenClaims {
        // Real ID tokens are 1–2 kB; a limit keeps a hostile one from costing much to parse.
        guard token.utf8.count <= 16_384 else { throw TokenRejection.malformed.providerError }
        let header: JWTHeader
        do {
            header = try DefaultJWTParser().parse(Array(token.utf8), as: IgnoredPayload.self).header
        } catch {
            throw TokenRejection.malformed.providerError
        }
        guard let algorithm = header.alg, configuration.algorithms.contains(algorithm) else {
            throw TokenRejection.unsupportedAlgorithm.providerError
        }
        // No extension this code would have to understand (RFC 7515 section 4.1.11).
        guard header.crit == nil else { throw TokenRejection.malformed.providerError }
        guard let keyID = header.kid else { throw TokenRejection.unknownKey.providerError }
        let (collection, keyAlgorithm) = try await keys.keys(for: keyID)
        // A JWK that names its algorithm is used with that one only.
        if let keyAlgorithm, keyAlgorithm != algorithm { throw TokenRejection.unsupportedAlgorithm.providerError }
        do {
            return try await collection.verify(
                token, as: IDTokenClaims.self, expectedAudiences: configuration.audiences)
        } catch let error as JWTError where error.errorType == .signatureVerificationFailed {
            throw TokenRejection.badSignature.providerError
        } catch let error as JWTError where error.errorType == .claimVerificationFailure {
            throw TokenRejection.wrongAudience.providerError
        } catch {
            throw TokenRejection.malformed.providerError
        }
    }

    /// `iss`, `exp`, `iat`, `nbf`, the token's age, `sub` and `nonce`.
    private func check(_ claims: IDTokenClaims, nonce: String?) throws(IdentityProviderError) {
        let now = clock.now()
        let skew = configuration.clockSkew
        guard claims.issuer.value == configuration.issuer || configuration.issuerAliases.contains(claims.issuer.value)
        else { throw TokenRejection.wrongIssuer.providerError }
        guard claims.expiration.value > now.addingTimeInterval(-skew) else {
            throw TokenRejection.expired.providerError
        }
        guard claims.issuedAt.value <= now.addingTimeInterval(skew) else {
            throw TokenRejection.notYetValid.providerError
        }
        if let notBefore = claims.notBefore, notBefore.value > now.addingTimeInterval(skew) {
            throw TokenRejection.notYetValid.providerError
        }
        if let maximumAge = configuration.maximumTokenAge,
            claims.issuedAt.value < now.addingTimeInterval(-maximumAge - skew)
        {
            throw TokenRejection.tooOld.providerError
        }
        guard !claims.subject.value.isEmpty else { throw TokenRejection.missingSubject.providerError }
        if nonce == nil, configuration.requiresNonce { throw TokenRejection.nonceMismatch.providerError }
        if let nonce, claims.nonce != nonce { throw TokenRejection.nonceMismatch.providerError }
    }
}
