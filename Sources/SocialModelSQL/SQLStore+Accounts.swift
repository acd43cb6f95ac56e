import Foundation
import SocialModel

// The account and session requirements, written once for both SQL stores. Deleting a user stays
// in each store (PostgreSQL locks rows, both delete queued mail their own way), and so does the
// signed-in read (a prepared statement in PostgreSQL) and ending one session in PostgreSQL,
// which announces the user the deleted row names.

extension AccountStore where Self: SQLBackedStore {
    /// Adds a user, with a password hash and/or an identity link, in one transaction.
    ///
    /// - Throws: `StoreError/duplicate(_:)` with `.username`, `.email`, `.id` or `.identity`.
    public func insertUser(_ user: User, passwordHash: String?, identity: IdentityLink?) async throws(StoreError) {
        var statements = [AccountSQL.insert(user)]
        if let passwordHash { statements.append(AccountSQL.insertPassword(passwordHash, userID: user.id)) }
        if let identity { statements.append(AccountSQL.insert(identity)) }
        try await sql.transaction(statements)
    }

    /// The user with this id.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func user(id: UserID) async throws(StoreError) -> User? {
        try await sql.fetchOne(AccountSQL.user(where: "id", is: id.rawValue)) { try $0.user() }
    }

    /// The user with this username key.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func user(usernameKey: String) async throws(StoreError) -> User? {
        try await sql.fetchOne(AccountSQL.user(where: "username_key", is: usernameKey)) { try $0.user() }
    }

    /// The user with this email address.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func user(email: String) async throws(StoreError) -> User? {
        try await sql.fetchOne(AccountSQL.user(where: "email", is: email)) { try $0.user() }
    }

    /// Replaces a user's stored fields.
    ///
    /// - Throws: `StoreError/notFound(entity:)`, `StoreError/duplicate(_:)`.
    public func updateUser(_ user: User) async throws(StoreError) {
        guard try await sql.run(AccountSQL.update(user)) > 0 else { throw .notFound(entity: "user") }
    }

    /// The user's password hash.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func passwordHash(userID: UserID) async throws(StoreError) -> String? {
        try await sql.fetchOne(AccountSQL.passwordHash(userID: userID)) { try $0.string() }
    }

    /// Sets or replaces the user's password hash.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist.
    public func setPasswordHash(_ hash: String, userID: UserID) async throws(StoreError) {
        _ = try await sql.run(AccountSQL.setPasswordHash(hash, userID: userID))
    }

    /// Replaces the user's tokens for the purpose with this one, in one transaction.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist, `StoreError/duplicate(_:)`.
    public func replaceTokens(with token: OneTimeTokenRecord) async throws(StoreError) {
        try await sql.transaction(AccountSQL.replaceTokens(with: token))
    }

    /// Removes and returns the token: one `DELETE … RETURNING`, so racing callers get it once.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func consumeToken(hash: Data, purpose: TokenPurpose) async throws(StoreError) -> OneTimeTokenRecord? {
        try await sql.fetch(AccountSQL.consumeToken(hash: hash, purpose: purpose), writes: true) { try $0.token() }
            .first ?? nil
    }

    /// The token with this hash.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func token(hash: Data) async throws(StoreError) -> OneTimeTokenRecord? {
        try await sql.fetchOne(AccountSQL.token(hash: hash)) { try $0.token() } ?? nil
    }

    /// The user's outstanding tokens, oldest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func tokens(userID: UserID) async throws(StoreError) -> [OneTimeTokenRecord] {
        try await sql.fetch(AccountSQL.tokens(userID: userID)) { try $0.token() }.compactMap { $0 }
    }

    /// Adds an identity link.
    ///
    /// - Throws: `StoreError/duplicate(_:)` with `.identity`, `StoreError/missingReference`.
    public func insertIdentityLink(_ link: IdentityLink) async throws(StoreError) {
        _ = try await sql.run(AccountSQL.insert(link))
    }

    /// The link for a provider's subject.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func identityLink(provider: String, subject: String) async throws(StoreError) -> IdentityLink? {
        try await sql.fetchOne(AccountSQL.identityLink(provider: provider, subject: subject)) { try $0.identityLink() }
    }

    /// The user's identity links, oldest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func identityLinks(userID: UserID) async throws(StoreError) -> [IdentityLink] {
        try await sql.fetch(AccountSQL.identityLinks(userID: userID)) { try $0.identityLink() }
    }

    /// Removes a link.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteIdentityLink(provider: String, subject: String) async throws(StoreError) -> Bool {
        try await sql.run(AccountSQL.deleteIdentityLink(provider: provider, subject: subject)) > 0
    }

    /// Notes a failed sign-in.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recordFailedSignIn(key: String, at date: Date) async throws(StoreError) {
        _ = try await sql.run(AccountSQL.recordFailedSignIn(key: key, at: date))
    }

    /// The failed sign-ins under a key since a date, oldest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func failedSignIns(key: String, since: Date) async throws(StoreError) -> [Date] {
        try await sql.fetch(AccountSQL.failedSignIns(key: key, since: since)) { try $0.date() }
    }

    /// Forgets the failed sign-ins under a key.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func clearFailedSignIns(key: String) async throws(StoreError) {
        _ = try await sql.run(AccountSQL.clearFailedSignIns(key: key))
    }

    /// Forgets old failed sign-ins.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func pruneFailedSignIns(before date: Date) async throws(StoreError) {
        _ = try await sql.run(AccountSQL.pruneFailedSignIns(before: date))
    }
}

extension SessionStore where Self: SQLBackedStore {
    /// Stores a session.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist, `StoreError/duplicate(_:)`.
    public func insertSession(_ session: SessionRecord) async throws(StoreError) {
        _ = try await sql.run(AccountSQL.insert(session))
    }

    /// The session with this token hash.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func session(tokenHash: Data) async throws(StoreError) -> SessionRecord? {
        try await sql.fetchOne(AccountSQL.session(tokenHash: tokenHash)) { try $0.session() }
    }

    /// The user's sessions, oldest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func sessions(userID: UserID) async throws(StoreError) -> [SessionRecord] {
        try await sql.fetch(AccountSQL.sessions(userID: userID)) { try $0.session() }
    }

    /// Removes one session (PostgreSQL's store announces it, with the user the row names).
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteSession(tokenHash: Data) async throws(StoreError) -> Bool {
        try await sql.run(AccountSQL.deleteSession(tokenHash: tokenHash)) > 0
    }

    /// Removes every session of the user but the kept one, announcing it to other processes.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteSessions(userID: UserID, except keptTokenHash: Data?) async throws(StoreError) {
        let scope: SessionRevocation.Scope = keptTokenHash.map { .allExcept(tokenHash: $0) } ?? .all
        try await sql.transaction(
            sql.announcing(
                .revocation(SessionRevocation(userID: userID, scope: scope)),
                after: [AccountSQL.deleteSessions(userID: userID, except: keptTokenHash)]))
    }
}
