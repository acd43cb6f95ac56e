import SocialModel
import Synchronization

/// An identity provider that vouches for the tokens it was told about and refuses the rest.
public final class MockIdentityProvider: IdentityProvider {
    /// The provider's name.
    public let name: String
    private let identities = Mutex<[String: VerifiedIdentity]>([:])

    /// A provider with no known tokens.
    public init(name: String = "mock") {
        self.name = name
    }

    /// Makes `token` verify as a person with this subject, email and display name.
    @discardableResult
    public func register(
        token: String, subject: String, email: String? = nil, emailVerified: Bool = true, displayName: String? = nil
    ) -> VerifiedIdentity {
        let identity = VerifiedIdentity(
            provider: name, subject: subject, email: email, emailVerified: emailVerified, displayName: displayName)
        identities.withLock { $0[token] = identity }
        return identity
    }

    /// Makes `token` fail from now on.
    public func revoke(token: String) {
        identities.withLock { $0[token] = nil }
    }

    /// The identity registered for `token`.
    /// - Throws: `IdentityProviderError.invalidToken(reason:)` for any other token.
    public func verify(token: String) async throws(IdentityProviderError) -> VerifiedIdentity {
        guard let identity = identities.withLock({ $0[token] }) else {
            throw .invalidToken(reason: "unknown token")
        }
        return identity
    }
}
