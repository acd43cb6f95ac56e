import Foundation

/// Persists accounts, credentials, sessions, one-time tokens, identity links and failed sign-ins.
///
/// A store only keeps data: it enforces uniqueness and cascades deletion, and every method is
/// atomic, but every rule (validation, expiry, rate limits, authorization) lives in the services,
/// so it is written once for every store. Each method is a single transaction that both a SQL
/// database and an in-memory map can implement; none takes a closure, so asynchronous drivers
/// (PostgreSQL) fit as well as synchronous ones (SQLite).
///
/// Text values never contain NUL: the services refuse control characters before they get here.
public protocol AccountStore: Sendable {
    /// Adds a user, with a password hash and/or an identity link, in one transaction.
    /// - Throws: ``StoreError/duplicate(_:)`` with `.username`, `.email`, `.id` or `.identity`.
    func insertUser(_ user: User, passwordHash: String?, identity: IdentityLink?) async throws(StoreError)
    /// The user with this id.
    func user(id: UserID) async throws(StoreError) -> User?
    /// The user whose ``User/usernameKey`` is `usernameKey`.
    func user(usernameKey: String) async throws(StoreError) -> User?
    /// The user with this normalised email address.
    func user(email: String) async throws(StoreError) -> User?
    /// Replaces a user's stored fields.
    /// - Throws: ``StoreError/notFound(entity:)``, ``StoreError/duplicate(_:)``.
    func updateUser(_ user: User) async throws(StoreError)
    /// Deletes a user and everything that belongs to them. Returns whether the user existed.
    func deleteUser(id: UserID) async throws(StoreError) -> Bool

    /// The encoded password hash of a user, or `nil` if the account has no password.
    func passwordHash(userID: UserID) async throws(StoreError) -> String?
    /// Sets (or replaces) a user's password hash.
    /// - Throws: ``StoreError/missingReference`` if the user does not exist.
    func setPasswordHash(_ hash: String, userID: UserID) async throws(StoreError)

    /// Stores a session.
    func insertSession(_ session: SessionRecord) async throws(StoreError)
    /// The session whose token hashes to `tokenHash`.
    func session(tokenHash: Data) async throws(StoreError) -> SessionRecord?
    /// A user's sessions, oldest first.
    func sessions(userID: UserID) async throws(StoreError) -> [SessionRecord]
    /// Removes one session; returns whether it existed.
    func deleteSession(tokenHash: Data) async throws(StoreError) -> Bool
    /// Removes every session of a user.
    func deleteSessions(userID: UserID) async throws(StoreError)

    /// Stores a one-time token, first removing the user's other tokens for the same purpose.
    func replaceTokens(with token: OneTimeTokenRecord) async throws(StoreError)
    /// Removes and returns the token with this hash and purpose: a second call for the same
    /// token returns `nil`, however many callers race.
    func consumeToken(hash: Data, purpose: TokenPurpose) async throws(StoreError) -> OneTimeTokenRecord?
    /// The token with this hash, left in place.
    func token(hash: Data) async throws(StoreError) -> OneTimeTokenRecord?
    /// A user's outstanding one-time tokens.
    func tokens(userID: UserID) async throws(StoreError) -> [OneTimeTokenRecord]

    /// Adds an identity link to an existing user.
    /// - Throws: ``StoreError/duplicate(_:)`` with `.identity`, ``StoreError/missingReference``.
    func insertIdentityLink(_ link: IdentityLink) async throws(StoreError)
    /// The link for a provider's subject.
    func identityLink(provider: String, subject: String) async throws(StoreError) -> IdentityLink?
    /// A user's identity links, oldest first.
    func identityLinks(userID: UserID) async throws(StoreError) -> [IdentityLink]
    /// Removes a link; returns whether it existed.
    func deleteIdentityLink(provider: String, subject: String) async throws(StoreError) -> Bool

    /// Notes a failed sign-in under a rate-limit key (an account or a client).
    func recordFailedSignIn(key: String, at date: Date) async throws(StoreError)
    /// The times of failed sign-ins under a key at or after `since`, oldest first.
    func failedSignIns(key: String, since: Date) async throws(StoreError) -> [Date]
    /// Forgets the failed sign-ins under a key.
    func clearFailedSignIns(key: String) async throws(StoreError)
    /// Forgets failed sign-ins older than `date`, under every key.
    func pruneFailedSignIns(before date: Date) async throws(StoreError)
}
