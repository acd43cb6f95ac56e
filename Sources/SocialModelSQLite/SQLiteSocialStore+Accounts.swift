import Foundation
import GRDB
import SocialModel
import SocialModelSQL

extension SQLiteSocialStore: AccountStore {
    /// Adds a user, with a password hash and/or an identity link, in one transaction.
    ///
    /// - Throws: `StoreError/duplicate(_:)` with `.username`, `.email`, `.id` or `.identity`.
    public func insertUser(_ user: User, passwordHash: String?, identity: IdentityLink?) async throws(StoreError) {
        try await write { db in
            try db.cachedStatement(
                sql: "INSERT INTO users (\(SQLShape.user), username_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ).execute(arguments: StatementArguments(Self.userValues(user) + [user.usernameKey]))
            if let passwordHash {
                try db.cachedStatement(sql: "INSERT INTO passwords (user_id, hash) VALUES (?, ?)")
                    .execute(arguments: [user.id.rawValue, passwordHash])
            }
            if let identity { try Self.insert(identity, db) }
        }
    }

    /// The user with this id.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func user(id: UserID) async throws(StoreError) -> User? {
        try await fetchOne("SELECT \(SQLShape.user) FROM users WHERE id = ?", [id.rawValue]) { try $0.user() }
    }

    /// The user with this username key.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func user(usernameKey: String) async throws(StoreError) -> User? {
        try await fetchOne("SELECT \(SQLShape.user) FROM users WHERE username_key = ?", [usernameKey]) {
            try $0.user()
        }
    }

    /// The user with this email address.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func user(email: String) async throws(StoreError) -> User? {
        try await fetchOne("SELECT \(SQLShape.user) FROM users WHERE email = ?", [email]) { try $0.user() }
    }

    /// Replaces a user's stored fields.
    ///
    /// - Throws: `StoreError/notFound(entity:)`, `StoreError/duplicate(_:)`.
    public func updateUser(_ user: User) async throws(StoreError) {
        let changed = try await changeCount(
            """
            UPDATE users SET username = ?, email = ?, name = ?, surname = ?, bio = ?, avatar = ?, created_at = ?,
                verified_at = ?, username_key = ? WHERE id = ?
            """, StatementArguments(Self.userValues(user).dropFirst() + [user.usernameKey, user.id.rawValue]))
        guard changed == 1 else { throw .notFound(entity: "user") }
    }

    /// Deletes a user; foreign keys cascade to everything of theirs, and the mail queued for their
    /// address leaves the outbox with them.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteUser(id: UserID) async throws(StoreError) -> Bool {
        try await write { db in
            try Self.deleteQueuedMail(ofUser: id, db)
            try db.cachedStatement(sql: "DELETE FROM users WHERE id = ?").execute(arguments: [id.rawValue])
            let existed = db.changesCount > 0
            // Their member rows went with them; a conversation with no member left goes too.
            try db.cachedStatement(sql: Self.deleteAbandonedConversations).execute(arguments: [id.rawValue])
            return existed
        }
    }

    /// The user's password hash.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func passwordHash(userID: UserID) async throws(StoreError) -> String? {
        try await fetchOne("SELECT hash FROM passwords WHERE user_id = ?", [userID.rawValue]) { try $0.string() }
    }

    /// Sets or replaces the user's password hash.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist.
    public func setPasswordHash(_ hash: String, userID: UserID) async throws(StoreError) {
        try await write { db in try Self.setPasswordHash(hash, userID: userID, db) }
    }

    /// Replaces the user's tokens for the purpose with this one, in one transaction.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist, `StoreError/duplicate(_:)`.
    public func replaceTokens(with token: OneTimeTokenRecord) async throws(StoreError) {
        try await write { db in try Self.replaceTokens(with: token, db) }
    }

    /// Removes and returns the token: one `DELETE … RETURNING`, so racing callers get it once.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func consumeToken(hash: Data, purpose: TokenPurpose) async throws(StoreError) -> OneTimeTokenRecord? {
        try await write { db in
            try SQLiteRow.fetchOne(
                db,
                "DELETE FROM one_time_tokens WHERE token_hash = ? AND purpose = ? RETURNING \(SQLShape.token)",
                [hash, purpose.rawValue]
            ) { try $0.token() } ?? nil
        }
    }

    /// The token with this hash.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func token(hash: Data) async throws(StoreError) -> OneTimeTokenRecord? {
        try await fetchOne("SELECT \(SQLShape.token) FROM one_time_tokens WHERE token_hash = ?", [hash]) {
            try $0.token()
        } ?? nil
    }

    /// The user's outstanding tokens, oldest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func tokens(userID: UserID) async throws(StoreError) -> [OneTimeTokenRecord] {
        try await fetch(
            "SELECT \(SQLShape.token) FROM one_time_tokens WHERE user_id = ? ORDER BY created_at, token_hash",
            [userID.rawValue]
        ) { try $0.token() }.compactMap { $0 }
    }

    /// Adds an identity link.
    ///
    /// - Throws: `StoreError/duplicate(_:)` with `.identity`, `StoreError/missingReference`.
    public func insertIdentityLink(_ link: IdentityLink) async throws(StoreError) {
        try await write { db in try Self.insert(link, db) }
    }

    /// The link for a provider's subject.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func identityLink(provider: String, subject: String) async throws(StoreError) -> IdentityLink? {
        try await fetchOne(
            "SELECT \(SQLShape.identityLink) FROM identity_links WHERE provider = ? AND subject = ?",
            [provider, subject]
        ) { try $0.identityLink() }
    }

    /// The user's identity links, oldest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func identityLinks(userID: UserID) async throws(StoreError) -> [IdentityLink] {
        try await fetch(
            """
            SELECT \(SQLShape.identityLink) FROM identity_links WHERE user_id = ?
            ORDER BY linked_at, provider, subject
            """, [userID.rawValue]
        ) { try $0.identityLink() }
    }

    /// Removes a link.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteIdentityLink(provider: String, subject: String) async throws(StoreError) -> Bool {
        try await changeCount("DELETE FROM identity_links WHERE provider = ? AND subject = ?", [provider, subject]) > 0
    }

    /// Notes a failed sign-in.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recordFailedSignIn(key: String, at date: Date) async throws(StoreError) {
        _ = try await changeCount(
            "INSERT INTO failed_sign_ins (key, at) VALUES (?, ?)", [key, date.timeIntervalSinceReferenceDate])
    }

    /// The failed sign-ins under a key since a date, oldest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func failedSignIns(key: String, since: Date) async throws(StoreError) -> [Date] {
        try await fetch(
            "SELECT at FROM failed_sign_ins WHERE key = ? AND at >= ? ORDER BY at, id",
            [key, since.timeIntervalSinceReferenceDate]
        ) { try $0.date() }
    }

    /// Forgets the failed sign-ins under a key.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func clearFailedSignIns(key: String) async throws(StoreError) {
        _ = try await changeCount("DELETE FROM failed_sign_ins WHERE key = ?", [key])
    }

    /// Forgets old failed sign-ins.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func pruneFailedSignIns(before date: Date) async throws(StoreError) {
        _ = try await changeCount("DELETE FROM failed_sign_ins WHERE at < ?", [date.timeIntervalSinceReferenceDate])
    }

    /// A user's columns in ``SQLiteRow/userColumns`` order.
    static func userValues(_ user: User) -> [(any DatabaseValueConvertible)?] {
        [
            user.id.rawValue, user.username, user.email, user.name, user.surname, user.bio, user.avatar,
            user.createdAt.timeIntervalSinceReferenceDate, user.verifiedAt?.timeIntervalSinceReferenceDate,
        ]
    }

    static func insert(_ link: IdentityLink, _ db: Database) throws {
        try db.cachedStatement(sql: "INSERT INTO identity_links (\(SQLShape.identityLink)) VALUES (?, ?, ?, ?)")
            .execute(arguments: [
                link.provider, link.subject, link.userID.rawValue, link.linkedAt.timeIntervalSinceReferenceDate,
            ])
    }
}

extension SQLiteSocialStore: SessionStore {
    /// Stores a session.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist, `StoreError/duplicate(_:)`.
    public func insertSession(_ session: SessionRecord) async throws(StoreError) {
        _ = try await changeCount(
            "INSERT INTO sessions (\(SQLShape.session)) VALUES (?, ?, ?, ?)",
            [
                session.tokenHash, session.userID.rawValue, session.createdAt.timeIntervalSinceReferenceDate,
                session.expiresAt.timeIntervalSinceReferenceDate,
            ])
    }

    /// The session with this token hash.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func session(tokenHash: Data) async throws(StoreError) -> SessionRecord? {
        try await fetchOne("SELECT \(SQLShape.session) FROM sessions WHERE token_hash = ?", [tokenHash]) {
            try $0.session()
        }
    }

    /// The session with this token hash and its user, in one read.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func sessionWithUser(tokenHash: Data) async throws(StoreError) -> (session: SessionRecord, user: User)? {
        try await fetchOne("\(SQLShape.sessionWithUser) WHERE s.token_hash = ?", [tokenHash]) {
            try $0.sessionWithUser()
        }
    }

    /// The user's sessions, oldest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func sessions(userID: UserID) async throws(StoreError) -> [SessionRecord] {
        try await fetch(
            "SELECT \(SQLShape.session) FROM sessions WHERE user_id = ? ORDER BY created_at, token_hash",
            [userID.rawValue]
        ) { try $0.session() }
    }

    /// Removes one session.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteSession(tokenHash: Data) async throws(StoreError) -> Bool {
        try await changeCount("DELETE FROM sessions WHERE token_hash = ?", [tokenHash]) > 0
    }

    /// Removes every session of the user but the kept one.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteSessions(userID: UserID, except keptTokenHash: Data?) async throws(StoreError) {
        _ = try await changeCount(
            "DELETE FROM sessions WHERE user_id = ? AND token_hash IS NOT ?", [userID.rawValue, keptTokenHash])
    }
}
