import JWTKit

/// The claims of an OpenID Connect ID token that sign-in needs (OpenID Connect Core section 2),
/// decoded with jwt-kit's claim types.
///
/// `verify(using:)` checks nothing: jwt-kit would compare `exp` with the system clock, and these
/// checks need the injected clock, the clock-skew allowance and the expected nonce, so
/// ``OpenIDConnectProvider`` makes them after the signature and audience are verified.
struct IDTokenClaims: JWTIdentityToken {
    var issuer: IssuerClaim
    var subject: SubjectClaim
    var audience: AudienceClaim
    var expiration: ExpirationClaim
    var issuedAt: IssuedAtClaim
    var notBefore: NotBeforeClaim?
    var nonce: String?
    var email: String?
    /// Apple sends `"true"` as a string, Google as a boolean; BoolClaim reads both.
    var emailVerified: BoolClaim?
    var name: String?
    var givenName: String?
    var familyName: String?

    enum CodingKeys: String, CodingKey {
        case issuer = "iss"
        case subject = "sub"
        case audience = "aud"
        case expiration = "exp"
        case issuedAt = "iat"
        case notBefore = "nbf"
        case nonce, email, name
        case emailVerified = "email_verified"
        case givenName = "given_name"
        case familyName = "family_name"
    }

    func verify(using algorithm: some JWTAlgorithm) async throws {}

    /// The name to suggest a username from: `name`, or the given and family names.
    var displayName: String? {
        if let name, !name.isEmpty { return name }
        let parts = [givenName, familyName].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}

/// Only the header is wanted; any payload decodes as this.
struct IgnoredPayload: JWTPayload {
    init(from decoder: any Decoder) throws {}
    func encode(to encoder: any Encoder) throws {}
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
