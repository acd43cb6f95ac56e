import Foundation

/// Looks users up: the one part of the accounts a service outside accounts needs (an author's
/// profile, a message's recipient).
public protocol UserStore: Sendable {
    /// The user with this id.
    /// - Parameter id: the user's id.
    /// - Returns: the user, or `nil` if there is none.
    /// - Throws: ``StoreError`` when the store fails.
    func user(id: UserID) async throws(StoreError) -> User?
    /// The user whose ``User/usernameKey`` is `usernameKey`.
    /// - Parameter usernameKey: a case-folded username.
    /// - Returns: the user, or `nil` if there is none.
    /// - Throws: ``StoreError`` when the store fails.
    func user(usernameKey: String) async throws(StoreError) -> User?
    /// The user with this normalised email address.
    /// - Parameter email: a normalised address.
    /// - Returns: the user, or `nil` if there is none.
    /// - Throws: ``StoreError`` when the store fails.
    func user(email: String) async throws(StoreError) -> User?
}

/// Persists accounts and their credentials: users, password hashes, one-time tokens, identity
/// links and failed sign-ins.
///
/// Every store protocol keeps data only: it enforces uniqueness and cascades deletion, and every
/// method is one atomic step, but every rule (validation, expiry, rate limits, authorization,
/// who is notified) lives in the services, so it is written once for every store. No method
/// takes a closure, so asynchronous drivers (PostgreSQL) fit as well as synchronous ones (SQLite).
/// Text values never contain NUL: the services refuse control characters before they get here.
public protocol AccountStore: UserStore {
    /// Adds a user, with a password hash and/or an identity link, in one transaction.
    /// - Parameters:
    ///   - user: the new user.
    ///   - passwordHash: the encoded hash, or `nil` for an account without a password.
    ///   - identity: an external identity the user signs in with, or `nil`.
    /// - Throws: ``StoreError/duplicate(_:)`` with `.username`, `.email`, `.id` or `.identity`.
    func insertUser(_ user: User, passwordHash: String?, identity: IdentityLink?) async throws(StoreError)
    /// Replaces a user's stored fields.
    /// - Parameter user: the user with its new fields.
    /// - Throws: ``StoreError/notFound(entity:)``, ``StoreError/duplicate(_:)``.
    func updateUser(_ user: User) async throws(StoreError)
    /// Deletes a user and everything that belongs to them, in every area — but not what they
    /// share with someone else: their conversations stay with the other participant (see
    /// ``MessageStore``). The mail outbox's rows for their address (``MailOutboxStore``) go with
    /// them, so no mail queued for a deleted account is sent.
    /// - Parameter id: the user's id.
    /// - Returns: whether the user existed.
    /// - Throws: ``StoreError`` when the store fails.
    func deleteUser(id: UserID) async throws(StoreError) -> Bool

    /// The encoded password hash of a user.
    /// - Parameter userID: the user's id.
    /// - Returns: the hash, or `nil` if the account has no password.
    /// - Throws: ``StoreError`` when the store fails.
    func passwordHash(userID: UserID) async throws(StoreError) -> String?
    /// Sets (or replaces) a user's password hash.
    /// - Parameters:
    ///   - hash: the encoded hash.
    ///   - userID: the user's id.
    /// - Throws: ``StoreError/missingReference`` if the user does not exist.
    func setPasswordHash(_ hash: String, userID: UserID) async throws(StoreError)

    /// Stores a one-time token, first removing the user's other tokens for the same purpose.
    /// - Parameter token: the token record.
    /// - Throws: ``StoreError/missingReference`` if the user does not exist, ``StoreError/duplicate(_:)``.
    func replaceTokens(with token: OneTimeTokenRecord) async throws(StoreError)
    /// Removes and returns the token with this hash and purpose: a second call for the same
    /// token returns `nil`, however many callers race.
    /// - Parameters:
    ///   - hash: the token's SHA-256.
    ///   - purpose: what the token must be for.
    /// - Returns: the token, or `nil` if there is none (or it is for another purpose).
    /// - Throws: ``StoreError`` when the store fails.
    func consumeToken(hash: Data, purpose: TokenPurpose) async throws(StoreError) -> OneTimeTokenRecord?
    /// The token with this hash, left in place.
    /// - Parameter hash: the token's SHA-256.
    /// - Returns: the token, or `nil`.
    /// - Throws: ``StoreError`` when the store fails.
    func token(hash: Data) async throws(StoreError) -> OneTimeTokenRecord?
    /// A user's outstanding one-time tokens, oldest first.
    /// - Parameter userID: the user's id.
    /// - Returns: the tokens.
    /// - Throws: ``StoreError`` when the store fails.
    func tokens(userID: UserID) async throws(StoreError) -> [OneTimeTokenRecord]

    /// Adds an identity link to an existing user.
    /// - Parameter link: the link.
    /// - Throws: ``StoreError/duplicate(_:)`` with `.identity`, ``StoreError/missingReference``.
    func insertIdentityLink(_ link: IdentityLink) async throws(StoreError)
    /// The link for a provider's subject.
    /// - Parameters:
    ///   - provider: the provider's name.
    ///   - subject: the provider's id for the person.
    /// - Returns: the link, or `nil`.
    /// - Throws: ``StoreError`` when the store fails.
    func identityLink(provider: String, subject: String) async throws(StoreError) -> IdentityLink?
    /// A user's identity links, oldest first.
    /// - Parameter userID: the user's id.
    /// - Returns: the links.
    /// - Throws: ``StoreError`` when the store fails.
    func identityLinks(userID: UserID) async throws(StoreError) -> [IdentityLink]
    /// Removes a link.
    /// - Parameters:
    ///   - provider: the provider's name.
    ///   - subject: the provider's id for the person.
    /// - Returns: whether it existed.
    /// - Throws: ``StoreError`` when the store fails.
    func deleteIdentityLink(provider: String, subject: String) async throws(StoreError) -> Bool

    /// Notes a failed sign-in under a rate-limit key (an account or a client).
    /// - Parameters:
    ///   - key: the rate-limit key.
    ///   - date: when it failed.
    /// - Throws: ``StoreError`` when the store fails.
    func recordFailedSignIn(key: String, at date: Date) async throws(StoreError)
    /// The times of failed sign-ins under a key at or after `since`, oldest first.
    /// - Parameters:
    ///   - key: the rate-limit key.
    ///   - since: the start of the window.
    /// - Returns: the times.
    /// - Throws: ``StoreError`` when the store fails.
    func failedSignIns(key: String, since: Date) async throws(StoreError) -> [Date]
    /// Forgets the failed sign-ins under a key.
    /// - Parameter key: the rate-limit key.
    /// - Throws: ``StoreError`` when the store fails.
    func clearFailedSignIns(key: String) async throws(StoreError)
    /// Forgets failed sign-ins older than `date`, under every key.
    /// - Parameter date: the oldest time kept.
    /// - Throws: ``StoreError`` when the store fails.
    func pruneFailedSignIns(before date: Date) async throws(StoreError)
}
