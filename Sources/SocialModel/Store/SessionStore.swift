import Foundation

/// Persists signed-in sessions, by the SHA-256 of their tokens. Deleting a user deletes their
/// sessions.
public protocol SessionStore: Sendable {
    /// Stores a session.
    /// - Parameter session: the session record.
    /// - Throws: ``StoreError/missingReference`` if the user does not exist, ``StoreError/duplicate(_:)``.
    func insertSession(_ session: SessionRecord) async throws(StoreError)
    /// The session whose token hashes to `tokenHash`.
    /// - Parameter tokenHash: the token's SHA-256.
    /// - Returns: the session, or `nil`.
    /// - Throws: ``StoreError`` when the store fails.
    func session(tokenHash: Data) async throws(StoreError) -> SessionRecord?
    /// The session whose token hashes to `tokenHash` with its user, in one read: what every
    /// signed-in call checks first. Expiry is not checked here; the account service decides.
    /// - Parameter tokenHash: the token's SHA-256.
    /// - Returns: the session and its user, or `nil` when there is no such session.
    /// - Throws: ``StoreError`` when the store fails.
    func sessionWithUser(tokenHash: Data) async throws(StoreError) -> (session: SessionRecord, user: User)?
    /// A user's sessions, oldest first.
    /// - Parameter userID: the user's id.
    /// - Returns: the sessions.
    /// - Throws: ``StoreError`` when the store fails.
    func sessions(userID: UserID) async throws(StoreError) -> [SessionRecord]
    /// Removes one session.
    /// - Parameter tokenHash: the token's SHA-256.
    /// - Returns: whether it existed.
    /// - Throws: ``StoreError`` when the store fails.
    func deleteSession(tokenHash: Data) async throws(StoreError) -> Bool
    /// Removes every session of a user but one, in one step, so that a session opened meanwhile
    /// is not missed.
    /// - Parameters:
    ///   - userID: the user's id.
    ///   - keptTokenHash: the SHA-256 of the token of the session to keep (the caller's own, when a
    ///     password is changed), or `nil` to remove them all.
    /// - Throws: ``StoreError`` when the store fails.
    func deleteSessions(userID: UserID, except keptTokenHash: Data?) async throws(StoreError)
}

extension SessionStore {
    /// Removes every session of a user.
    /// - Parameter userID: the user's id.
    /// - Throws: ``StoreError`` when the store fails.
    public func deleteSessions(userID: UserID) async throws(StoreError) {
        try await deleteSessions(userID: userID, except: nil)
    }
}
