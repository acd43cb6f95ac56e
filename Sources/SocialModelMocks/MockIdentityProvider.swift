import Locking
import SocialModel

/// An identity provider that vouches for the tokens it was told about and refuses the rest; it can
/// also play an outage.
public final class MockIdentityProvider: IdentityProvider {
    /// The provider's name.
    public let name: String
    private let identities = Locked<[String: (identity: VerifiedIdentity, nonce: String?)]>([:])
    private let outage = Locked<String?>(nil)

    /// A provider with no known tokens.
    public init(name: String = "mock") {
        self.name = name
    }

    /// Makes `token` verify as a person with this subject, email and display name.
    /// - Parameters:
    ///   - token: the token.
    ///   - subject: the provider's id for the person.
    ///   - email: their email address.
    ///   - emailVerified: whether the provider vouches for the address.
    ///   - displayName: their name.
    ///   - nonce: the nonce the token carries, as an OpenID Connect ID token does, or `nil`.
    /// - Returns: the identity the token verifies as.
    @discardableResult
    public func register(
        token: String, subject: String, email: String? = nil, emailVerified: Bool = true, displayName: String? = nil,
        nonce: String? = nil
    ) -> VerifiedIdentity {
        let identity = VerifiedIdentity(
            provider: name, subject: subject, email: email, emailVerified: emailVerified, displayName: displayName)
        identities.withLock { $0[token] = (identity, nonce) }
        return identity
    }

    /// Makes `token` fail from now on.
    public func revoke(token: String) {
        identities.withLock { $0[token] = nil }
    }

    /// Makes every verification fail as if the provider could not be reached, until ``endOutage()``:
    /// how an app's tests check that it tells an outage (try again later) from a refused token.
    /// - Parameter reason: the reason the error carries.
    public func beginOutage(reason: String = "the mock provider is down") {
        outage.withLock { $0 = reason }
    }

    /// Makes the provider answer again after ``beginOutage(reason:)``.
    public func endOutage() {
        outage.withLock { $0 = nil }
    }

    /// The identity registered for `token`.
    /// - Throws: `IdentityProviderError.invalidToken(reason:)` for any other token;
    ///   `IdentityProviderError.unavailable(reason:)` during an outage.
    public func verify(token: String) async throws(IdentityProviderError) -> VerifiedIdentity {
        try await verify(token: token, nonce: nil)
    }

    /// The identity registered for `token`, if it carries `nonce`, as OpenID Connect checks it: a
    /// request with a nonce needs a token with the same one; a request without accepts any token.
    /// - Throws: `IdentityProviderError.invalidToken(reason:)` for any other token or nonce;
    ///   `IdentityProviderError.unavailable(reason:)` during an outage.
    public func verify(token: String, nonce: String?) async throws(IdentityProviderError) -> VerifiedIdentity {
        if let reason = outage.withLock({ $0 }) { throw .unavailable(reason: reason) }
        guard let registered = identities.withLock({ $0[token] }) else {
            throw .invalidToken(reason: "unknown token")
        }
        if let nonce, registered.nonce != nonce { throw .invalidToken(reason: "the nonce does not match") }
        return registered.identity
    }
}
