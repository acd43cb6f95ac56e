import Foundation

/// Persists the mail outbox: account mail is queued here, in the same transaction as the change it
/// tells about, and sent later by a ``MailOutboxSender``, so mail survives a mail server that is
/// down and a process that restarts.
///
/// Delivery is at least once: a row is claimed for a lease (``claimDueMail(now:leaseUntil:limit:)``),
/// and if its sender dies before ``markMailSent(id:)`` or ``rescheduleMail(id:attempts:nextAttemptAt:error:)``,
/// the row is claimed again once the lease runs out. Several senders (instances on one database) may
/// claim at once; each row goes to one of them.
public protocol MailOutboxStore: Sendable {
    /// Queues a row.
    /// - Parameter mail: the row; usually ``OutboxMail/queued(_:at:)``.
    /// - Throws: ``StoreError/duplicate(_:)`` with `.id` if a row has its id.
    func enqueueMail(_ mail: OutboxMail) async throws(StoreError)
    /// Replaces the user's one-time tokens of the token's purpose with it (as
    /// ``AccountStore/replaceTokens(with:)``) and queues the mail that carries it, in one transaction.
    /// - Parameters:
    ///   - token: the new token.
    ///   - mail: the row to queue.
    /// - Throws: ``StoreError/missingReference`` if the user does not exist, ``StoreError/duplicate(_:)``;
    ///   then neither is stored.
    func replaceTokens(with token: OneTimeTokenRecord, enqueueing mail: OutboxMail) async throws(StoreError)
    /// Sets the user's password hash (as ``AccountStore/setPasswordHash(_:userID:)``) and queues the
    /// mail that tells the owner, in one transaction.
    /// - Parameters:
    ///   - hash: the new password hash.
    ///   - userID: the user's id.
    ///   - mail: the row to queue.
    /// - Throws: ``StoreError/missingReference`` if the user does not exist; then neither is stored.
    func setPasswordHash(_ hash: String, userID: UserID, enqueueing mail: OutboxMail) async throws(StoreError)
    /// Claims up to `limit` rows due at `now` (``OutboxMail/nextAttemptAt`` at or before it), oldest
    /// due first, by moving their next attempt to `leaseUntil`, so that no other sender takes them
    /// meanwhile. PostgreSQL skips rows another transaction is claiming (`FOR UPDATE SKIP LOCKED`).
    /// - Parameters:
    ///   - now: the current time.
    ///   - leaseUntil: when a claimed row that was neither sent nor rescheduled is due again.
    ///   - limit: the most rows to claim.
    /// - Returns: the claimed rows, their ``OutboxMail/nextAttemptAt`` moved to `leaseUntil`, oldest
    ///   first (``OutboxMail/claimOrder(_:_:)``).
    /// - Throws: ``StoreError`` when the store fails.
    func claimDueMail(now: Date, leaseUntil: Date, limit: Int) async throws(StoreError) -> [OutboxMail]
    /// Removes a row once its mail was handed over (a sent message's token does not stay in the store).
    /// - Parameter id: the row's id.
    /// - Throws: ``StoreError`` when the store fails.
    func markMailSent(id: UUID) async throws(StoreError)
    /// Records a failed attempt.
    /// - Parameters:
    ///   - id: the row's id.
    ///   - attempts: failed attempts so far, this one included.
    ///   - nextAttemptAt: when to try again, or `nil` when the row has failed for good.
    ///   - error: what went wrong, for operators.
    /// - Throws: ``StoreError`` when the store fails.
    func rescheduleMail(id: UUID, attempts: Int, nextAttemptAt: Date?, error: String) async throws(StoreError)
    /// How many rows are pending and how many failed for good.
    /// - Returns: the counts.
    /// - Throws: ``StoreError`` when the store fails.
    func mailOutboxCounts() async throws(StoreError) -> MailOutboxCounts
    /// Makes every failed row due again with its attempts reset: what an operator does once the cause
    /// (a wrong mail configuration, a refused sender address) is fixed.
    /// - Parameter date: when they are due.
    /// - Returns: how many rows were queued again.
    /// - Throws: ``StoreError`` when the store fails.
    func requeueFailedMail(at date: Date) async throws(StoreError) -> Int
}
