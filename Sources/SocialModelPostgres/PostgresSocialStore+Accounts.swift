import Foundation
import PostgresNIO
import SocialModel
import SocialModelSQL

extension PostgresSocialStore: AccountStore {
    /// Adds a user, with a password hash and/or an identity link, in one transaction.
    ///
    /// - Throws: `StoreError/duplicate(_:)` with `.username`, `.email`, `.id` or `.identity`.
    public func insertUser(_ user: User, passwordHash: String?, identity: IdentityLink?) async throws(StoreError) {
        try await transaction { connection in
            try await connection.query(
                """
                INSERT INTO users (\(unescaped: SQLShape.user), username_key)
                VALUES (\(user.id.rawValue), \(user.username), \(user.email), \(user.name), \(user.surname), \(user.bio),
                        \(user.avatar), \(user.createdAt.timeIntervalSinceReferenceDate),
                        \(user.verifiedAt?.timeIntervalSinceReferenceDate), \(user.usernameKey))
                """, logger: logger)
            if let passwordHash {
                try await connection.query(
                    "INSERT INTO passwords (user_id, hash) VALUES (\(user.id.rawValue), \(passwordHash))",
                    logger: logger)
            }
            if let identity {
                try await connection.query(Self.insert(identity), logger: logger)
            }
        }
    }

    /// The user with this id.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func user(id: UserID) async throws(StoreError) -> User? {
        try await fetchOne("SELECT \(unescaped: SQLShape.user) FROM users WHERE id = \(id.rawValue)") {
            try $0.user()
        }
    }

    /// The user with this username key.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func user(usernameKey: String) async throws(StoreError) -> User? {
        try await fetchOne(
            "SELECT \(unescaped: SQLShape.user) FROM users WHERE username_key = \(usernameKey)"
        ) { try $0.user() }
    }

    /// The user with this email address.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func user(email: String) async throws(StoreError) -> User? {
        try await fetchOne("SELECT \(unescaped: SQLShape.user) FROM users WHERE email = \(email)") {
            try $0.user()
        }
    }

    /// Replaces a user's stored fields.
    ///
    /// - Throws: `StoreError/notFound(entity:)`, `StoreError/duplicate(_:)`.
    public func updateUser(_ user: User) async throws(StoreError) {
        let updated = try await rows(
            """
            UPDATE users SET username = \(user.username), username_key = \(user.usernameKey), email = \(user.email),
                name = \(user.name), surname = \(user.surname), bio = \(user.bio), avatar = \(user.avatar),
                created_at = \(user.createdAt.timeIntervalSinceReferenceDate),
                verified_at = \(user.verifiedAt?.timeIntervalSinceReferenceDate)
            WHERE id = \(user.id.rawValue) RETURNING 1
            """)
        guard !updated.isEmpty else { throw .notFound(entity: "user") }
    }

    /// Deletes a user; foreign keys cascade to everything of theirs but their conversations, which
    /// stay with the other participant unless that one's account is gone too, and the mail queued
    /// for their address leaves the outbox with them. Announces the end of their sessions to the
    /// event relays of other processes.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteUser(id: UserID) async throws(StoreError) -> Bool {
        try await transaction { connection in
            // Locked in id order, so that of two participants deleted at once the second sees the
            // first's member row gone and deletes the conversation neither has any more.
            try await connection.query(
                """
                SELECT 1 FROM conversations WHERE user_a = \(id.rawValue) OR user_b = \(id.rawValue)
                ORDER BY id FOR UPDATE
                """, logger: logger)
            let deleted = try await connection.query(
                "DELETE FROM users WHERE id = \(id.rawValue) RETURNING email", logger: logger
            ).collect()
            guard !deleted.isEmpty else { return false }
            if let address = try Self.decode(deleted, { try $0.optionalString() }).first ?? nil {
                try await deleteQueuedMail(for: address, connection)
            }
            try await connection.query(
                """
                DELETE FROM conversations c WHERE (c.user_a = \(id.rawValue) OR c.user_b = \(id.rawValue))
                AND NOT EXISTS (SELECT 1 FROM conversation_members m WHERE m.conversation_id = c.id)
                """, logger: logger)
            try await connection.query(
                announce(.revocation(SessionRevocation(userID: id, scope: .all))), logger: logger)
            return true
        }
    }

    /// The user's password hash.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func passwordHash(userID: UserID) async throws(StoreError) -> String? {
        try await fetchOne("SELECT hash FROM passwords WHERE user_id = \(userID.rawValue)") { try $0.string() }
    }

    /// Sets or replaces the user's password hash.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist.
    public func setPasswordHash(_ hash: String, userID: UserID) async throws(StoreError) {
        _ = try await rows(Self.setPasswordHash(hash, userID: userID))
    }

    /// Replaces the user's tokens for the purpose with this one, in one transaction.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist, `StoreError/duplicate(_:)`.
    public func replaceTokens(with token: OneTimeTokenRecord) async throws(StoreError) {
        try await transaction { connection in
            for query in Self.replaceTokens(with: token) { try await connection.query(query, logger: logger) }
        }
    }

    /// Removes and returns the token: one `DELETE … RETURNING`, so racing callers get it once.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func consumeToken(hash: Data, purpose: TokenPurpose) async throws(StoreError) -> OneTimeTokenRecord? {
        try await fetchOne(
            """
            DELETE FROM one_time_tokens WHERE token_hash = \(hash.buffer) AND purpose = \(purpose.rawValue)
            RETURNING \(unescaped: SQLShape.token)
            """
        ) { try $0.token() } ?? nil
    }

    /// The token with this hash.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func token(hash: Data) async throws(StoreError) -> OneTimeTokenRecord? {
        try await fetchOne(
            "SELECT \(unescaped: SQLShape.token) FROM one_time_tokens WHERE token_hash = \(hash.buffer)"
        ) { try $0.token() } ?? nil
    }

    /// The user's outstanding tokens, oldest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func tokens(userID: UserID) async throws(StoreError) -> [OneTimeTokenRecord] {
        try await fetch(
            """
            SELECT \(unescaped: SQLShape.token) FROM one_time_tokens WHERE user_id = \(userID.rawValue)
            ORDER BY created_at, token_hash
            """
        ) { try $0.token() }.compactMap { $0 }
    }

    /// Adds an identity link.
    ///
    /// - Throws: `StoreError/duplicate(_:)` with `.identity`, `StoreError/missingReference`.
    public func insertIdentityLink(_ link: IdentityLink) async throws(StoreError) {
        _ = try await rows(Self.insert(link))
    }

    /// The link for a provider's subject.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func identityLink(provider: String, subject: String) async throws(StoreError) -> IdentityLink? {
        try await fetchOne(
            """
            SELECT \(unescaped: SQLShape.identityLink) FROM identity_links
            WHERE provider = \(provider) AND subject = \(subject)
            """
        ) { try $0.identityLink() }
    }

    /// The user's identity links, oldest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func identityLinks(userID: UserID) async throws(StoreError) -> [IdentityLink] {
        try await fetch(
            """
            SELECT \(unescaped: SQLShape.identityLink) FROM identity_links WHERE user_id = \(userID.rawValue)
            ORDER BY linked_at, provider, subject
            """
        ) { try $0.identityLink() }
    }

    /// Removes a link.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteIdentityLink(provider: String, subject: String) async throws(StoreError) -> Bool {
        try await !rows(
            "DELETE FROM identity_links WHERE provider = \(provider) AND subject = \(subject) RETURNING 1"
        ).isEmpty
    }

    /// Notes a failed sign-in.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recordFailedSignIn(key: String, at date: Date) async throws(StoreError) {
        _ = try await rows(
            "INSERT INTO failed_sign_ins (key, at) VALUES (\(key), \(date.timeIntervalSinceReferenceDate))")
    }

    /// The failed sign-ins under a key since a date, oldest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func failedSignIns(key: String, since: Date) async throws(StoreError) -> [Date] {
        try await fetch(
            """
            SELECT at FROM failed_sign_ins WHERE key = \(key) AND at >= \(since.timeIntervalSinceReferenceDate)
            ORDER BY at, id
            """
        ) { try $0.date() }
    }

    /// Forgets the failed sign-ins under a key.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func clearFailedSignIns(key: String) async throws(StoreError) {
        _ = try await rows("DELETE FROM failed_sign_ins WHERE key = \(key)")
    }

    /// Forgets old failed sign-ins.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func pruneFailedSignIns(before date: Date) async throws(StoreError) {
        _ = try await rows("DELETE FROM failed_sign_ins WHERE at < \(date.timeIntervalSinceReferenceDate)")
    }

    static func insert(_ link: IdentityLink) -> PostgresQuery {
        """
        INSERT INTO identity_links (\(unescaped: SQLShape.identityLink))
        VALUES (\(link.provider), \(link.subject), \(link.userID.rawValue), \(link.linkedAt.timeIntervalSinceReferenceDate))
        """
    }
}

extension PostgresSocialStore: SessionStore {
    /// Stores a session.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist, `StoreError/duplicate(_:)`.
    public func insertSession(_ session: SessionRecord) async throws(StoreError) {
        _ = try await rows(
            """
            INSERT INTO sessions (\(unescaped: SQLShape.session))
            VALUES (\(session.tokenHash.buffer), \(session.userID.rawValue), \(session.createdAt.timeIntervalSinceReferenceDate),
                    \(session.expiresAt.timeIntervalSinceReferenceDate))
            """)
    }

    /// The session with this token hash.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func session(tokenHash: Data) async throws(StoreError) -> SessionRecord? {
        try await fetchOne(
            "SELECT \(unescaped: SQLShape.session) FROM sessions WHERE token_hash = \(tokenHash.buffer)"
        ) { try $0.session() }
    }

    /// The session with this token hash and its user, in one read.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func sessionWithUser(tokenHash: Data) async throws(StoreError) -> (session: SessionRecord, user: User)? {
        try await fetch(SessionWithUserShape.statement(tokenHash: tokenHash.buffer)) {
            try $0.sessionWithUser()
        }.first
    }

    /// The user's sessions, oldest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func sessions(userID: UserID) async throws(StoreError) -> [SessionRecord] {
        try await fetch(
            """
            SELECT \(unescaped: SQLShape.session) FROM sessions WHERE user_id = \(userID.rawValue)
            ORDER BY created_at, token_hash
            """
        ) { try $0.session() }
    }

    /// Removes one session, announcing it to the event relays of other processes.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteSession(tokenHash: Data) async throws(StoreError) -> Bool {
        try await transaction { connection in
            let deleted = try await connection.query(
                "DELETE FROM sessions WHERE token_hash = \(tokenHash.buffer) RETURNING user_id", logger: logger
            ).collect()
            guard let row = deleted.first else { return false }
            var columns = PostgresColumns(row)
            let userID = UserID(rawValue: try columns.string())
            try await connection.query(
                announce(.revocation(SessionRevocation(userID: userID, scope: .session(tokenHash: tokenHash)))),
                logger: logger)
            return true
        }
    }

    /// Removes every session of the user but the kept one, announcing it to the event relays of
    /// other processes.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteSessions(userID: UserID, except keptTokenHash: Data?) async throws(StoreError) {
        try await transaction { connection in
            try await connection.query(
                """
                DELETE FROM sessions
                WHERE user_id = \(userID.rawValue) AND token_hash IS DISTINCT FROM \(keptTokenHash?.buffer)
                """, logger: logger)
            let scope: SessionRevocation.Scope = keptTokenHash.map { .allExcept(tokenHash: $0) } ?? .all
            try await connection.query(
                announce(.revocation(SessionRevocation(userID: userID, scope: scope))), logger: logger)
        }
    }
}
