import SocialModel

/// Why a provider's token was refused. Each reason is about the token alone, never about an
/// account, so telling it to the person signing in reveals nothing about who is registered.
///
/// Providers throw `IdentityProviderError.invalidToken(reason:)` with a rejection's
/// ``description``; ``providerError`` builds that error.
public enum TokenRejection: String, Error, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Not a token of the expected shape (three base64url parts of JSON, with the claims required).
    case malformed = "the token is malformed"
    /// Signed with an algorithm that is not accepted (`none`, HMAC, or one the issuer does not use).
    case unsupportedAlgorithm = "the token's signing algorithm is not accepted"
    /// Signed by a key the issuer does not publish.
    case unknownKey = "the token is signed by a key the issuer does not publish"
    /// The signature does not verify.
    case badSignature = "the token's signature does not verify"
    /// Issued by someone else.
    case wrongIssuer = "the token comes from another issuer"
    /// Issued to another app.
    case wrongAudience = "the token was issued to another app"
    /// Past its expiry.
    case expired = "the token has expired"
    /// Issued in the future, or not valid before a later time.
    case notYetValid = "the token is not valid yet"
    /// Issued longer ago than the configured maximum age.
    case tooOld = "the token was issued too long ago"
    /// Missing the nonce of the sign-in request, or carrying another.
    case nonceMismatch = "the token does not carry the sign-in request's nonce"
    /// Names no user.
    case missingSubject = "the token names no user"
    /// The provider says the token is not (or no longer) valid.
    case revoked = "the provider says the token is not valid"
    /// A token of the wrong kind (an app or page token instead of a user's).
    case notAUserToken = "the token is not a user's token"

    /// The sentence, as the error carries it.
    public var description: String { rawValue }

    /// The error a provider throws for this rejection.
    public var providerError: IdentityProviderError { .invalidToken(reason: rawValue) }
}
