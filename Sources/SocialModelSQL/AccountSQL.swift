import Foundation
import SocialModel

/// The account, session and sign-in statements, written once for both SQL stores. Changes end
/// in `RETURNING 1`, so either store counts the rows a change touched the same way.
package enum AccountSQL {
    package static func insert(_ user: User) -> SQLStatement {
        """
        INSERT INTO users (\(raw: SQLShape.user), username_key) VALUES (\(user.id), \(user.username), \(user.email), \
        \(user.name), \(user.surname), \(user.bio), \(user.avatar), \(user.createdAt), \(user.verifiedAt), \
        \(user.usernameKey))
        """
    }

    package static func insertPassword(_ hash: String, userID: UserID) -> SQLStatement {
        "INSERT INTO passwords (user_id, hash) VALUES (\(userID), \(hash))"
    }

    /// The user whose `column` (`id`, `username_key` or `email`) is `value`.
    package static func user(where column: String, is value: String) -> SQLStatement {
        "SELECT \(raw: SQLShape.user) FROM users WHERE \(raw: column) = \(value)"
    }

    package static func update(_ user: User) -> SQLStatement {
        """
        UPDATE users SET username = \(user.username), username_key = \(user.usernameKey), email = \(user.email), \
        name = \(user.name), surname = \(user.surname), bio = \(user.bio), avatar = \(user.avatar), \
        created_at = \(user.createdAt), verified_at = \(user.verifiedAt) WHERE id = \(user.id) RETURNING 1
        """
    }

    package static func passwordHash(userID: UserID) -> SQLStatement {
        "SELECT hash FROM passwords WHERE user_id = \(userID)"
    }

    package static func consumeToken(hash: Data, purpose: TokenPurpose) -> SQLStatement {
        """
        DELETE FROM one_time_tokens WHERE token_hash = \(hash) AND purpose = \(purpose.rawValue) \
        RETURNING \(raw: SQLShape.token)
        """
    }

    package static func token(hash: Data) -> SQLStatement {
        "SELECT \(raw: SQLShape.token) FROM one_time_tokens WHERE token_hash = \(hash)"
    }

    /// A user's tokens, oldest first.
    package static func tokens(userID: UserID) -> SQLStatement {
        """
        SELECT \(raw: SQLShape.token) FROM one_time_tokens WHERE user_id = \(userID) ORDER BY created_at, token_hash
        """
    }

    package static func insert(_ link: IdentityLink) -> SQLStatement {
        """
        INSERT INTO identity_links (\(raw: SQLShape.identityLink)) \
        VALUES (\(link.provider), \(link.subject), \(link.userID), \(link.linkedAt))
        """
    }

    package static func identityLink(provider: String, subject: String) -> SQLStatement {
        """
        SELECT \(raw: SQLShape.identityLink) FROM identity_links WHERE provider = \(provider) AND subject = \(subject)
        """
    }

    /// A user's identity links, oldest first.
    package static func identityLinks(userID: UserID) -> SQLStatement {
        """
        SELECT \(raw: SQLShape.identityLink) FROM identity_links WHERE user_id = \(userID) \
        ORDER BY linked_at, provider, subject
        """
    }

    package static func deleteIdentityLink(provider: String, subject: String) -> SQLStatement {
        "DELETE FROM identity_links WHERE provider = \(provider) AND subject = \(subject) RETURNING 1"
    }

    package static func recordFailedSignIn(key: String, at date: Date) -> SQLStatement {
        "INSERT INTO failed_sign_ins (key, at) VALUES (\(key), \(date))"
    }

    /// The failed sign-ins under a key since a date, oldest first.
    package static func failedSignIns(key: String, since: Date) -> SQLStatement {
        "SELECT at FROM failed_sign_ins WHERE key = \(key) AND at >= \(since) ORDER BY at, id"
    }

    package static func clearFailedSignIns(key: String) -> SQLStatement {
        "DELETE FROM failed_sign_ins WHERE key = \(key)"
    }

    package static func pruneFailedSignIns(before date: Date) -> SQLStatement {
        "DELETE FROM failed_sign_ins WHERE at < \(date)"
    }

    package static func insert(_ session: SessionRecord) -> SQLStatement {
        """
        INSERT INTO sessions (\(raw: SQLShape.session)) \
        VALUES (\(session.tokenHash), \(session.userID), \(session.createdAt), \(session.expiresAt))
        """
    }

    package static func session(tokenHash: Data) -> SQLStatement {
        "SELECT \(raw: SQLShape.session) FROM sessions WHERE token_hash = \(tokenHash)"
    }

    /// A user's sessions, oldest first.
    package static func sessions(userID: UserID) -> SQLStatement {
        "SELECT \(raw: SQLShape.session) FROM sessions WHERE user_id = \(userID) ORDER BY created_at, token_hash"
    }

    /// Deletes one session, returning its user.
    package static func deleteSession(tokenHash: Data) -> SQLStatement {
        "DELETE FROM sessions WHERE token_hash = \(tokenHash) RETURNING user_id"
    }

    /// Deletes every session of the user but the kept one.
    package static func deleteSessions(userID: UserID, except kept: Data?) -> SQLStatement {
        // Two texts rather than `IS DISTINCT FROM`, which SQLite has only since 3.39 (Ubuntu 22.04 ships 3.37).
        guard let kept else { return "DELETE FROM sessions WHERE user_id = \(userID)" }
        return "DELETE FROM sessions WHERE user_id = \(userID) AND token_hash <> \(kept)"
    }

    /// Deletes the user's conversations that have no member left: both participants' accounts
    /// are gone (a deleted user's member rows go with the user; the conversation stays for the other).
    package static func deleteAbandonedConversations(of id: UserID) -> SQLStatement {
        """
        DELETE FROM conversations WHERE (user_a = \(id) OR user_b = \(id)) \
        AND NOT EXISTS (SELECT 1 FROM conversation_members WHERE conversation_id = conversations.id)
        """
    }

    /// Replaces the user's tokens of the token's purpose with it (run in one transaction).
    package static func replaceTokens(with token: OneTimeTokenRecord) -> [SQLStatement] {
        [
            "DELETE FROM one_time_tokens WHERE user_id = \(token.userID) AND purpose = \(token.purpose.rawValue)",
            """
            INSERT INTO one_time_tokens (\(raw: SQLShape.token)) VALUES (\(token.tokenHash), \(token.userID), \
            \(token.purpose.rawValue), \(token.createdAt), \(token.expiresAt))
            """,
        ]
    }

    /// Sets or replaces the user's password hash.
    package static func setPasswordHash(_ hash: String, userID: UserID) -> SQLStatement {
        """
        INSERT INTO passwords (user_id, hash) VALUES (\(userID), \(hash)) \
        ON CONFLICT (user_id) DO UPDATE SET hash = excluded.hash
        """
    }

    /// Queues a mail in the outbox.
    /// - Throws: `StoreError` when the mail's content cannot be encoded.
    package static func enqueue(_ mail: OutboxMail) throws(StoreError) -> SQLStatement {
        let content = try mail.encodedContent()
        return """
            INSERT INTO mail_outbox (id, content, created_at, attempts, next_attempt_at, last_error) \
            VALUES (\(mail.storedID), \(content), \(mail.createdAt), \(mail.attempts), \
            \(mail.nextAttemptAt), \(mail.lastError))
            """
    }
}
