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
            try db.execute(AccountSQL.insert(user))
            if let passwordHash { try db.execute(AccountSQL.insertPassword(passwordHash, userID: user.id)) }
            if let identity { try db.execute(AccountSQL.insert(identity)) }
        }
    }

    /// The user with this id.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func user(id: UserID) async throws(StoreError) -> User? {
        try await fetchOne(AccountSQL.user(where: "id", is: id.rawValue)) { try $0.user() }
    }

    /// The user with this username key.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func user(usernameKey: String) async throws(StoreError) -> User? {
        try await fetchOne(AccountSQL.user(where: "username_key", is: usernameKey)) { try $0.user() }
    }

    /// The user with this email address.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func user(email: String) async throws(StoreError) -> User? {
        try await fetchOne(AccountSQL.user(where: "email", is: email)) { try $0.user() }
    }

    /// Replaces a user's stored fields.
    ///
    /// - Throws: `StoreError/notFound(entity:)`, `StoreError/duplicate(_:)`.
    public func updateUser(_ user: User) async throws(StoreError) {
        guard try await changeCount(AccountSQL.update(user)) == 1 else { throw .notFound(entity: "user") }
    }

    /// Deletes a user; foreign keys cascade to everything of theirs, and the mail queued for their
    /// address leaves the outbox with them.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteUser(id: UserID) async throws(StoreError) -> Bool {
        try await write { db in
            try Self.deleteQueuedMail(ofUser: id, db)
            let existed = try db.execute("DELETE FROM users WHERE id = \(id)") > 0
            // Their member rows went with them; a conversation with no member left goes too.
            try db.execute(AccountSQL.deleteAbandonedConversations(of: id))
            return existed
        }
    }

    /// The user's password hash.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func passwordHash(userID: UserID) async throws(StoreError) -> String? {
        try await fetchOne(AccountSQL.passwordHash(userID: userID)) { try $0.string() }
    }

    /// Sets or replaces the user's password hash.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist.
    public func setPasswordHash(_ hash: String, userID: UserID) async throws(StoreError) {
        _ = try await changeCount(AccountSQL.setPasswordHash(hash, userID: userID))
    }

    /// Replaces the user's tokens for the purpose with this one, in one transaction.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist, `StoreError/duplicate(_:)`.
    public func replaceTokens(with token: OneTimeTokenRecord) async throws(StoreError) {
        try await write { db in for statement in AccountSQL.replaceTokens(with: token) { try db.execute(statement) } }
    }

    /// Removes and returns the token: one `DELETE … RETURNING`, so racing callers get it once.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func consumeToken(hash: Data, purpose: TokenPurpose) async throws(StoreError) -> OneTimeTokenRecord? {
        try await write { db in try db.fetch(AccountSQL.consumeToken(hash: hash, purpose: purpose)) { try $0.token() } }
            .first ?? nil
    }

    /// The token with this hash.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func token(hash: Data) async throws(StoreError) -> OneTimeTokenRecord? {
        try await fetchOne(AccountSQL.token(hash: hash)) { try $0.token() } ?? nil
    }

    /// The user's outstanding tokens, oldest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func tokens(userID: UserID) async throws(StoreError) -> [OneTimeTokenRecord] {
        try await fetch(AccountSQL.tokens(userID: userID)) { try $0.token() }.compactMap { $0 }
    }

    /// Adds an identity link.
    ///
    /// - Throws: `StoreError/duplicate(_:)` with `.identity`, `StoreError/missingReference`.
    public func insertIdentityLink(_ link: IdentityLink) async throws(StoreError) {
        _ = try await changeCount(AccountSQL.insert(link))
    }

    /// The link for a provider's subject.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func identityLink(provider: String, subject: String) async throws(StoreError) -> IdentityLink? {
        try await fetchOne(AccountSQL.identityLink(provider: provider, subject: subject)) { try $0.identityLink() }
    }

    /// The user's identity links, oldest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func identityLinks(userID: UserID) async throws(StoreError) -> [IdentityLink] {
        try await fetch(AccountSQL.identityLinks(userID: userID)) { try $0.identityLink() }
    }

    /// Removes a link.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteIdentityLink(provider: String, subject: String) async throws(StoreError) -> Bool {
        try await changeCount(AccountSQL.deleteIdentityLink(provider: provider, subject: subject)) > 0
    }

    /// Notes a failed sign-in.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recordFailedSignIn(key: String, at date: Date) async throws(StoreError) {
        _ = try await changeCount(AccountSQL.recordFailedSignIn(key: key, at: date))
    }

    /// The failed sign-ins under a key since a date, oldest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func failedSignIns(key: String, since: Date) async throws(StoreError) -> [Date] {
        try await fetch(AccountSQL.failedSignIns(key: key, since: since)) { try $0.date() }
    }

    /// Forgets the failed sign-ins under a key.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func clearFailedSignIns(key: String) async throws(StoreError) {
        _ = try await changeCount(AccountSQL.clearFailedSignIns(key: key))
    }

    /// Forgets old failed sign-ins.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func pruneFailedSignIns(before date: Date) async throws(StoreError) {
        _ = try await changeCount(AccountSQL.pruneFailedSignIns(before: date))
    }
}

extension SQLiteSocialStore: SessionStore {
    /// Stores a session.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist, `StoreError/duplicate(_:)`.
    public func insertSession(_ session: SessionRecord) async throws(StoreError) {
        _ = try await changeCount(AccountSQL.insert(session))
    }

    /// The session with this token hash.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func session(tokenHash: Data) async throws(StoreError) -> SessionRecord? {
        try await fetchOne(AccountSQL.session(tokenHash: tokenHash)) { try $0.session() }
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
        try await fetch(AccountSQL.sessions(userID: userID)) { try $0.session() }
    }

    /// Removes one session.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteSession(tokenHash: Data) async throws(StoreError) -> Bool {
        try await changeCount(AccountSQL.deleteSession(tokenHash: tokenHash)) > 0
    }

    /// Removes every session of the user but the kept one.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteSessions(userID: UserID, except keptTokenHash: Data?) async throws(StoreError) {
        _ = try await changeCount(AccountSQL.deleteSessions(userID: userID, except: keptTokenHash))
    }
}
