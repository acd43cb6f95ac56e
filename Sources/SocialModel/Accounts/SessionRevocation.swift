import Foundation

/// Sessions of one user that were just revoked: what ``AccountService`` publishes on
/// ``NetworkEvents`` after the store has removed them (a sign-out, a sign-out everywhere, a
/// password change or reset, an account deletion), and what a PostgreSQL store's event relay
/// brings in from other processes. A live connection asks ``ends(tokenHash:userID:)`` whether its
/// own session is among them, and closes if so.
public struct SessionRevocation: Sendable, Hashable, Codable {
    /// Which of the user's sessions were revoked.
    public enum Scope: Sendable, Hashable, Codable {
        /// The one session whose token hashes to this SHA-256 (a sign-out).
        case session(tokenHash: Data)
        /// Every session of the user (a sign-out everywhere, a password reset, an account deletion).
        case all
        /// Every session but the one whose token hashes to this SHA-256 (a password change, which
        /// keeps the session it was made in).
        case allExcept(tokenHash: Data)
    }

    /// Whose sessions.
    public var userID: UserID
    /// Which of them.
    public var scope: Scope

    /// Creates a revocation.
    /// - Parameters:
    ///   - userID: whose sessions.
    ///   - scope: which of them.
    public init(userID: UserID, scope: Scope) {
        self.userID = userID
        self.scope = scope
    }

    /// Whether the session whose token hashes to `tokenHash`, of `userID`, is among those revoked.
    /// - Parameters:
    ///   - tokenHash: the SHA-256 of the session's token.
    ///   - userID: the session's user.
    /// - Returns: `true` if that session is revoked.
    public func ends(tokenHash: Data, userID: UserID) -> Bool {
        guard userID == self.userID else { return false }
        switch scope {
        case .session(let revoked): return revoked == tokenHash
        case .all: return true
        case .allExcept(let kept): return kept != tokenHash
        }
    }
}

/// Why a session stopped being accepted, as ``AccountSession/waitUntilEnded()`` tells it.
public enum SessionEnd: String, Sendable, Hashable, Codable {
    /// It was revoked: signed out (here or everywhere), its password changed or reset, or its
    /// account deleted.
    case revoked
    /// Its lifetime (``AccountPolicy/sessionLifetime``) passed.
    case expired
}
