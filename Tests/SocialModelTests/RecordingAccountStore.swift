import Foundation
import Locking
import SocialModel
import SocialModelSQLite

/// An account store that records the name of every call it gets, in order, and forwards it to an
/// SQLite store in memory: what a request makes the store do, seen from outside, so two requests can
/// be shown to do the same work.
final class RecordingAccountStore: AccountStore, SessionStore, MailOutboxStore {
    let base = SQLiteSocialStore.inMemory()
    private let log = Locked<[String]>([])

    /// The calls so far.
    var calls: [String] { log.withLock { $0 } }

    /// Forgets the calls so far.
    func reset() { log.withLock { $0 = [] } }

    private func record(_ call: String) { log.withLock { $0.append(call) } }

    func user(id: UserID) async throws(StoreError) -> User? {
        record("user(id:)")
        return try await base.user(id: id)
    }
    func user(usernameKey: String) async throws(StoreError) -> User? {
        record("user(usernameKey:)")
        return try await base.user(usernameKey: usernameKey)
    }
    func user(email: String) async throws(StoreError) -> User? {
        record("user(email:)")
        return try await base.user(email: email)
    }
    func insertUser(_ user: User, passwordHash: String?, identity: IdentityLink?) async throws(StoreError) {
        record("insertUser(_:passwordHash:identity:)")
        return try await base.insertUser(user, passwordHash: passwordHash, identity: identity)
    }
    func updateUser(_ user: User) async throws(StoreError) {
        record("updateUser(_:)")
        return try await base.updateUser(user)
    }
    func deleteUser(id: UserID) async throws(StoreError) -> Bool {
        record("deleteUser(id:)")
        return try await base.deleteUser(id: id)
    }
    func passwordHash(userID: UserID) async throws(StoreError) -> String? {
        record("passwordHash(userID:)")
        return try await base.passwordHash(userID: userID)
    }
    func setPasswordHash(_ hash: String, userID: UserID) async throws(StoreError) {
        record("setPasswordHash(_:userID:)")
        return try await base.setPasswordHash(hash, userID: userID)
    }
    func replaceTokens(with token: OneTimeTokenRecord) async throws(StoreError) {
        record("replaceTokens(with:)")
        return try await base.replaceTokens(with: token)
    }
    func consumeToken(hash: Data, purpose: TokenPurpose) async throws(StoreError) -> OneTimeTokenRecord? {
        record("consumeToken(hash:purpose:)")
        return try await base.consumeToken(hash: hash, purpose: purpose)
    }
    func token(hash: Data) async throws(StoreError) -> OneTimeTokenRecord? {
        record("token(hash:)")
        return try await base.token(hash: hash)
    }
    func tokens(userID: UserID) async throws(StoreError) -> [OneTimeTokenRecord] {
        record("tokens(userID:)")
        return try await base.tokens(userID: userID)
    }
    func insertIdentityLink(_ link: IdentityLink) async throws(StoreError) {
        record("insertIdentityLink(_:)")
        return try await base.insertIdentityLink(link)
    }
    func identityLink(provider: String, subject: String) async throws(StoreError) -> IdentityLink? {
        record("identityLink(provider:subject:)")
        return try await base.identityLink(provider: provider, subject: subject)
    }
    func identityLinks(userID: UserID) async throws(StoreError) -> [IdentityLink] {
        record("identityLinks(userID:)")
        return try await base.identityLinks(userID: userID)
    }
    func deleteIdentityLink(provider: String, subject: String) async throws(StoreError) -> Bool {
        record("deleteIdentityLink(provider:subject:)")
        return try await base.deleteIdentityLink(provider: provider, subject: subject)
    }
    func recordFailedSignIn(key: String, at date: Date) async throws(StoreError) {
        record("recordFailedSignIn(key:at:)")
        return try await base.recordFailedSignIn(key: key, at: date)
    }
    func failedSignIns(key: String, since: Date) async throws(StoreError) -> [Date] {
        record("failedSignIns(key:since:)")
        return try await base.failedSignIns(key: key, since: since)
    }
    func clearFailedSignIns(key: String) async throws(StoreError) {
        record("clearFailedSignIns(key:)")
        return try await base.clearFailedSignIns(key: key)
    }
    func pruneFailedSignIns(before date: Date) async throws(StoreError) {
        record("pruneFailedSignIns(before:)")
        return try await base.pruneFailedSignIns(before: date)
    }
    func insertSession(_ session: SessionRecord) async throws(StoreError) {
        record("insertSession(_:)")
        return try await base.insertSession(session)
    }
    func session(tokenHash: Data) async throws(StoreError) -> SessionRecord? {
        record("session(tokenHash:)")
        return try await base.session(tokenHash: tokenHash)
    }
    func sessionWithUser(tokenHash: Data) async throws(StoreError) -> (session: SessionRecord, user: User)? {
        record("sessionWithUser(tokenHash:)")
        return try await base.sessionWithUser(tokenHash: tokenHash)
    }
    func sessions(userID: UserID) async throws(StoreError) -> [SessionRecord] {
        record("sessions(userID:)")
        return try await base.sessions(userID: userID)
    }
    func deleteSession(tokenHash: Data) async throws(StoreError) -> Bool {
        record("deleteSession(tokenHash:)")
        return try await base.deleteSession(tokenHash: tokenHash)
    }
    func deleteSessions(userID: UserID, except keptTokenHash: Data?) async throws(StoreError) {
        record("deleteSessions(userID:except:)")
        return try await base.deleteSessions(userID: userID, except: keptTokenHash)
    }
    func enqueueMail(_ mail: OutboxMail) async throws(StoreError) {
        record("enqueueMail(_:)")
        return try await base.enqueueMail(mail)
    }
    func replaceTokens(with token: OneTimeTokenRecord, enqueueing mail: OutboxMail) async throws(StoreError) {
        record("replaceTokens(with:enqueueing:)")
        return try await base.replaceTokens(with: token, enqueueing: mail)
    }
    func setPasswordHash(_ hash: String, userID: UserID, enqueueing mail: OutboxMail) async throws(StoreError) {
        record("setPasswordHash(_:userID:enqueueing:)")
        return try await base.setPasswordHash(hash, userID: userID, enqueueing: mail)
    }
    func claimDueMail(now: Date, leaseUntil: Date, limit: Int) async throws(StoreError) -> [OutboxMail] {
        record("claimDueMail(now:leaseUntil:limit:)")
        return try await base.claimDueMail(now: now, leaseUntil: leaseUntil, limit: limit)
    }
    func markMailSent(id: UUID) async throws(StoreError) {
        record("markMailSent(id:)")
        return try await base.markMailSent(id: id)
    }
    func rescheduleMail(id: UUID, attempts: Int, nextAttemptAt: Date?, error: String) async throws(StoreError) {
        record("rescheduleMail(id:attempts:nextAttemptAt:error:)")
        return try await base.rescheduleMail(id: id, attempts: attempts, nextAttemptAt: nextAttemptAt, error: error)
    }
    func mailOutboxCounts() async throws(StoreError) -> MailOutboxCounts {
        record("mailOutboxCounts()")
        return try await base.mailOutboxCounts()
    }
    func requeueFailedMail(at date: Date) async throws(StoreError) -> Int {
        record("requeueFailedMail(at:)")
        return try await base.requeueFailedMail(at: date)
    }
}
