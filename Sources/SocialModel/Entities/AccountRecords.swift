import Foundation

/// A signed-in session as stored: only the SHA-256 hash of its token, never the token.
public struct SessionRecord: Sendable, Hashable {
    /// SHA-256 of the session token (32 bytes).
    public var tokenHash: Data
    /// Whose session it is.
    public var userID: UserID
    /// When it was opened.
    public var createdAt: Date
    /// When it stops being accepted.
    public var expiresAt: Date

    /// Creates a session record.
    public init(tokenHash: Data, userID: UserID, createdAt: Date, expiresAt: Date) {
        self.tokenHash = tokenHash
        self.userID = userID
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}

/// What a one-time emailed token is for.
public enum TokenPurpose: String, Sendable, Hashable, Codable, CaseIterable {
    /// Proves the person reads the mailbox they registered with.
    case emailVerification = "email-verification"
    /// Lets the person choose a new password.
    case passwordReset = "password-reset"
}

/// A one-time emailed token as stored: only its hash.
public struct OneTimeTokenRecord: Sendable, Hashable {
    /// SHA-256 of the token (32 bytes).
    public var tokenHash: Data
    /// The account it acts on.
    public var userID: UserID
    /// What it may be used for.
    public var purpose: TokenPurpose
    /// When it was issued.
    public var createdAt: Date
    /// When it stops being accepted.
    public var expiresAt: Date

    /// Creates a token record.
    public init(tokenHash: Data, userID: UserID, purpose: TokenPurpose, createdAt: Date, expiresAt: Date) {
        self.tokenHash = tokenHash
        self.userID = userID
        self.purpose = purpose
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}

/// An external identity (a provider's account) tied to a user.
public struct IdentityLink: Sendable, Hashable, Codable {
    /// The provider's name, such as `facebook`.
    public var provider: String
    /// The provider's stable id for the person.
    public var subject: String
    /// The user it signs in as.
    public var userID: UserID
    /// When the link was made.
    public var linkedAt: Date

    /// Creates a link.
    public init(provider: String, subject: String, userID: UserID, linkedAt: Date) {
        self.provider = provider
        self.subject = subject
        self.userID = userID
        self.linkedAt = linkedAt
    }
}
