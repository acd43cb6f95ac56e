import Foundation
import PostgresNIO
import SocialModel

extension PostgresSocialStore: AccountStore {
    /// Adds a user, with a password hash and/or an identity link, in one transaction.
    public func insertUser(_ user: User, passwordHash: String?, identity: IdentityLink?) async throws(StoreError) {
        try await transaction { connection in
            try await connection.query(
                """
                INSERT INTO users (\(unescaped: UserColumns.list), username_key)
                VALUES (\(user.id.rawValue), \(user.username), \(user.email), \(user.name), \(user.surname), \(user.bio),
                        \(user.avatar), \(user.createdAt.timeIntervalSinceReferenceDate),
                        \(user.verifiedAt?.timeIntervalSinceReferenceDate), \(user.usernameKey))
                """, logger: Self.logger)
            if let passwordHash {
                try await connection.query(
                    "INSERT INTO passwords (user_id, hash) VALUES (\(user.id.rawValue), \(passwordHash))",
                    logger: Self.logger)
            }
            if let identity {
                try await connection.query(Self.insertLink(identity), logger: Self.logger)
            }
        }
    }

    /// The user with this id.
    public func user(id: UserID) async throws(StoreError) -> User? {
        try await rows("SELECT \(unescaped: UserColumns.list) FROM users WHERE id = \(id.rawValue)")
            .first.map(UserColumns.decode)
    }

    /// The user with this username key.
    public func user(usernameKey: String) async throws(StoreError) -> User? {
        try await rows("SELECT \(unescaped: UserColumns.list) FROM users WHERE username_key = \(usernameKey)")
            .first.map(UserColumns.decode)
    }

    /// The user with this email address.
    public func user(email: String) async throws(StoreError) -> User? {
        try await rows("SELECT \(unescaped: UserColumns.list) FROM users WHERE email = \(email)")
            .first.map(UserColumns.decode)
    }

    /// Replaces a user's stored fields.
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

    /// Deletes a user; foreign keys cascade to everything of theirs.
    public func deleteUser(id: UserID) async throws(StoreError) -> Bool {
        try await !rows("DELETE FROM users WHERE id = \(id.rawValue) RETURNING 1").isEmpty
    }

    /// The user's password hash.
    public func passwordHash(userID: UserID) async throws(StoreError) -> String? {
        try await rows("SELECT hash FROM passwords WHERE user_id = \(userID.rawValue)").first?.columns(String.self)
    }

    /// Sets or replaces the user's password hash.
    public func setPasswordHash(_ hash: String, userID: UserID) async throws(StoreError) {
        _ = try await rows(
            """
            INSERT INTO passwords (user_id, hash) VALUES (\(userID.rawValue), \(hash))
            ON CONFLICT (user_id) DO UPDATE SET hash = EXCLUDED.hash
            """)
    }

    /// Stores a session.
    public func insertSession(_ session: SessionRecord) async throws(StoreError) {
        _ = try await rows(
            """
            INSERT INTO sessions (\(unescaped: SessionColumns.list))
            VALUES (\(session.tokenHash.buffer), \(session.userID.rawValue), \(session.createdAt.timeIntervalSinceReferenceDate),
                    \(session.expiresAt.timeIntervalSinceReferenceDate))
            """)
    }

    /// The session with this token hash.
    public func session(tokenHash: Data) async throws(StoreError) -> SessionRecord? {
        try await rows("SELECT \(unescaped: SessionColumns.list) FROM sessions WHERE token_hash = \(tokenHash.buffer)")
            .first.map(SessionColumns.decode)
    }

    /// The user's sessions, oldest first.
    public func sessions(userID: UserID) async throws(StoreError) -> [SessionRecord] {
        try await rows(
            """
            SELECT \(unescaped: SessionColumns.list) FROM sessions WHERE user_id = \(userID.rawValue)
            ORDER BY created_at, token_hash
            """
        ).map(SessionColumns.decode)
    }

    /// Removes one session.
    public func deleteSession(tokenHash: Data) async throws(StoreError) -> Bool {
        try await !rows("DELETE FROM sessions WHERE token_hash = \(tokenHash.buffer) RETURNING 1").isEmpty
    }

    /// Removes every session of the user.
    public func deleteSessions(userID: UserID) async throws(StoreError) {
        _ = try await rows("DELETE FROM sessions WHERE user_id = \(userID.rawValue)")
    }

    /// Replaces the user's tokens for the purpose with this one, in one transaction.
    public func replaceTokens(with token: OneTimeTokenRecord) async throws(StoreError) {
        try await transaction { connection in
            try await connection.query(
                """
                DELETE FROM one_time_tokens
                WHERE user_id = \(token.userID.rawValue) AND purpose = \(token.purpose.rawValue)
                """, logger: Self.logger)
            try await connection.query(
                """
                INSERT INTO one_time_tokens (\(unescaped: TokenColumns.list))
                VALUES (\(token.tokenHash.buffer), \(token.userID.rawValue), \(token.purpose.rawValue),
                        \(token.createdAt.timeIntervalSinceReferenceDate), \(token.expiresAt.timeIntervalSinceReferenceDate))
                """, logger: Self.logger)
        }
    }

    /// Removes and returns the token: one `DELETE … RETURNING`, so racing callers get it once.
    public func consumeToken(hash: Data, purpose: TokenPurpose) async throws(StoreError) -> OneTimeTokenRecord? {
        try await rows(
            """
            DELETE FROM one_time_tokens WHERE token_hash = \(hash.buffer) AND purpose = \(purpose.rawValue)
            RETURNING \(unescaped: TokenColumns.list)
            """
        ).first.flatMap(TokenColumns.decode)
    }

    /// The token with this hash.
    public func token(hash: Data) async throws(StoreError) -> OneTimeTokenRecord? {
        try await rows("SELECT \(unescaped: TokenColumns.list) FROM one_time_tokens WHERE token_hash = \(hash.buffer)")
            .first.flatMap(TokenColumns.decode)
    }

    /// The user's outstanding tokens.
    public func tokens(userID: UserID) async throws(StoreError) -> [OneTimeTokenRecord] {
        try await rows(
            """
            SELECT \(unescaped: TokenColumns.list) FROM one_time_tokens WHERE user_id = \(userID.rawValue)
            ORDER BY created_at, token_hash
            """
        ).map(TokenColumns.decode).compactMap { $0 }
    }

    /// Adds an identity link.
    public func insertIdentityLink(_ link: IdentityLink) async throws(StoreError) {
        _ = try await rows(Self.insertLink(link))
    }

    /// The link for a provider's subject.
    public func identityLink(provider: String, subject: String) async throws(StoreError) -> IdentityLink? {
        try await rows(
            """
            SELECT \(unescaped: IdentityLinkColumns.list) FROM identity_links
            WHERE provider = \(provider) AND subject = \(subject)
            """
        ).first.map(IdentityLinkColumns.decode)
    }

    /// The user's identity links, oldest first.
    public func identityLinks(userID: UserID) async throws(StoreError) -> [IdentityLink] {
        try await rows(
            """
            SELECT \(unescaped: IdentityLinkColumns.list) FROM identity_links WHERE user_id = \(userID.rawValue)
            ORDER BY linked_at, provider, subject
            """
        ).map(IdentityLinkColumns.decode)
    }

    /// Removes a link.
    public func deleteIdentityLink(provider: String, subject: String) async throws(StoreError) -> Bool {
        try await !rows(
            "DELETE FROM identity_links WHERE provider = \(provider) AND subject = \(subject) RETURNING 1"
        ).isEmpty
    }

    /// Notes a failed sign-in.
    public func recordFailedSignIn(key: String, at date: Date) async throws(StoreError) {
        _ = try await rows(
            "INSERT INTO failed_sign_ins (key, at) VALUES (\(key), \(date.timeIntervalSinceReferenceDate))")
    }

    /// The failed sign-ins under a key since a date.
    public func failedSignIns(key: String, since: Date) async throws(StoreError) -> [Date] {
        try await rows(
            """
            SELECT at FROM failed_sign_ins WHERE key = \(key) AND at >= \(since.timeIntervalSinceReferenceDate)
            ORDER BY at, id
            """
        ).map { row throws(StoreError) in Date(timeIntervalSinceReferenceDate: try row.columns(Double.self)) }
    }

    /// Forgets the failed sign-ins under a key.
    public func clearFailedSignIns(key: String) async throws(StoreError) {
        _ = try await rows("DELETE FROM failed_sign_ins WHERE key = \(key)")
    }

    /// Forgets old failed sign-ins.
    public func pruneFailedSignIns(before date: Date) async throws(StoreError) {
        _ = try await rows("DELETE FROM failed_sign_ins WHERE at < \(date.timeIntervalSinceReferenceDate)")
    }

    static func insertLink(_ link: IdentityLink) -> PostgresQuery {
        """
        INSERT INTO identity_links (\(unescaped: IdentityLinkColumns.list))
        VALUES (\(link.provider), \(link.subject), \(link.userID.rawValue), \(link.linkedAt.timeIntervalSinceReferenceDate))
        """
    }
}
