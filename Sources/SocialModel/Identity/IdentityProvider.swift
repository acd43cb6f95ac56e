/// A person as an external identity provider vouches for them.
public struct VerifiedIdentity: Sendable, Hashable {
    /// The provider's name.
    public var provider: String
    /// The provider's stable id for the person.
    public var subject: String
    /// The person's email address, if the provider shares it.
    public var email: String?
    /// Whether the provider has verified that email address.
    public var emailVerified: Bool
    /// A display name to suggest a username from.
    public var displayName: String?

    /// Creates an identity.
    public init(
        provider: String, subject: String, email: String? = nil, emailVerified: Bool = false,
        displayName: String? = nil
    ) {
        self.provider = provider
        self.subject = subject
        self.email = email
        self.emailVerified = emailVerified
        self.displayName = displayName
    }
}

/// Turns a token from an external sign-in (Facebook, Google, Apple…) into a verified identity,
/// typically by checking its signature or asking the provider.
public protocol IdentityProvider: Sendable {
    /// The provider's name; ``VerifiedIdentity/provider`` must equal it.
    var name: String { get }
    /// Checks a provider token.
    /// - Throws: ``IdentityProviderError``.
    func verify(token: String) async throws(IdentityProviderError) -> VerifiedIdentity
    /// Checks a provider token that must carry `nonce`, the value the app put into the sign-in request
    /// (OpenID Connect's replay protection). A `nil` nonce checks the token as ``verify(token:)`` does.
    /// - Throws: ``IdentityProviderError``.
    func verify(token: String, nonce: String?) async throws(IdentityProviderError) -> VerifiedIdentity
}

extension IdentityProvider {
    /// For providers whose tokens carry no nonce: a token checked against a nonce is refused, since
    /// it cannot be bound to the request.
    /// - Throws: ``IdentityProviderError``.
    public func verify(token: String, nonce: String?) async throws(IdentityProviderError) -> VerifiedIdentity {
        guard nonce == nil else { throw .invalidToken(reason: "this provider's tokens carry no nonce") }
        return try await verify(token: token)
    }
}

/// Why a provider did not vouch for a token.
public enum IdentityProviderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The token is invalid, expired or meant for another app.
    case invalidToken(reason: String)
    /// The provider could not be reached.
    case unavailable(reason: String)

    /// One line saying what went wrong.
    public var description: String {
        switch self {
        case .invalidToken(let reason): "the provider refused the token: \(reason)"
        case .unavailable(let reason): "the identity provider is unavailable: \(reason)"
        }
    }
}
