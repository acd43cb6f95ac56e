import Foundation

/// Why an account operation failed. Sign-in errors never tell whether an email is registered.
public enum AccountError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The input breaks these rules (all of them are listed).
    case invalid([RuleViolation])
    /// The email and password do not match an account (or there is no such account).
    case invalidCredentials
    /// The password is right but the email address is not verified yet.
    case emailNotVerified
    /// Too many failed sign-ins; try again after this many seconds.
    case rateLimited(retryAfter: TimeInterval)
    /// The one-time token is unknown or already used.
    case invalidToken
    /// The one-time token has expired; ask for a new one.
    case expiredToken
    /// The session token is unknown, revoked or expired.
    case unauthorized
    /// No identity provider with this name is configured.
    case unknownProvider(String)
    /// The identity provider did not vouch for the token.
    case providerRejected(IdentityProviderError)
    /// The provider account is already linked to a user.
    case identityAlreadyLinked
    /// A provider's verified email belongs to an existing account: sign in to it and link instead.
    case emailBelongsToExistingAccount
    /// Removing this would leave the account with no way to sign in.
    case lastSignInMethod
    /// A moderator suspended the account until this date, or banned it (`nil`): it cannot sign in.
    case suspended(until: Date?)
    /// The store failed.
    case storage(StoreError)
    /// Hashing a password failed.
    case passwordHashing(PasswordHashingError)

    /// One line saying what went wrong.
    public var description: String {
        switch self {
        case .invalid(let violations): violations.map(\.description).joined(separator: "; ")
        case .invalidCredentials: "the email or password is wrong"
        case .emailNotVerified: "verify your email address before signing in"
        case .rateLimited(let retryAfter): "too many failed sign-ins; try again in \(Int(retryAfter.rounded(.up))) s"
        case .invalidToken: "the token is invalid or was already used"
        case .expiredToken: "the token has expired; ask for a new one"
        case .unauthorized: "the session is invalid or has expired"
        case .unknownProvider(let name): "no identity provider named '\(name)'"
        case .providerRejected(let error): "\(error)"
        case .identityAlreadyLinked: "this provider account is already linked to a user"
        case .emailBelongsToExistingAccount:
            "an account with this email exists; sign in to it and link the provider there"
        case .lastSignInMethod: "the account would have no way left to sign in"
        case .suspended(let until?): "this account is suspended until \(until.ISO8601Format())"
        case .suspended(nil): "this account is banned"
        case .storage(let error): "\(error)"
        case .passwordHashing(let error): "\(error)"
        }
    }
}
