import Foundation
import SocialModel

/// The mail outbox's statements, written once for both SQL stores (queueing is ``AccountSQL/enqueue(_:)``).
package enum MailSQL {
    /// Claims the rows due at `now`, oldest due first, leasing them until `leaseUntil`; `lock` is
    /// the row-lock clause of the database that has one (PostgreSQL skips rows another instance
    /// is claiming; SQLite runs one write at a time).
    package static func claim(now: Date, leaseUntil: Date, limit: Int, lock: String) -> SQLStatement {
        """
        UPDATE mail_outbox SET next_attempt_at = \(leaseUntil) \
        WHERE id IN (SELECT id FROM mail_outbox WHERE next_attempt_at <= \(now) \
        ORDER BY next_attempt_at, id LIMIT \(max(0, limit))\(raw: lock)) \
        RETURNING id, content, created_at, attempts, next_attempt_at, last_error
        """
    }

    package static func delete(id: UUID) -> SQLStatement { "DELETE FROM mail_outbox WHERE id = \(id.uuidString)" }

    package static func reschedule(id: UUID, attempts: Int, nextAttemptAt: Date?, error: String) -> SQLStatement {
        """
        UPDATE mail_outbox SET attempts = \(attempts), next_attempt_at = \(nextAttemptAt), last_error = \(error) \
        WHERE id = \(id.uuidString)
        """
    }

    /// Pending rows (due some time) and failed ones (never due again).
    package static let counts: SQLStatement =
        "SELECT count(next_attempt_at), count(*) - count(next_attempt_at) FROM mail_outbox"

    /// Makes the failed rows due again; returns a row for each.
    package static func requeueFailed(at date: Date) -> SQLStatement {
        "UPDATE mail_outbox SET next_attempt_at = \(date), attempts = 0 WHERE next_attempt_at IS NULL RETURNING id"
    }
}

// The mail outbox requirements, written once for both SQL stores; queueing announces the mail
// in its transaction (``SQLAnnouncement/mail``), so every instance's sender wakes at the commit.
// Requeueing failed mail (announced only when there was any) stays in each store.

extension MailOutboxStore where Self: SQLBackedStore {
    /// Queues a row and announces it in the same transaction.
    ///
    /// - Throws: `StoreError/duplicate(_:)` with `.id` if a row has its id.
    public func enqueueMail(_ mail: OutboxMail) async throws(StoreError) {
        try await sql.transaction(sql.announcing(.mail, after: [try AccountSQL.enqueue(mail)]))
    }

    /// Replaces the user's tokens for the purpose and queues the mail, in one transaction.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist, `StoreError/duplicate(_:)`.
    public func replaceTokens(with token: OneTimeTokenRecord, enqueueing mail: OutboxMail) async throws(StoreError) {
        let statements = AccountSQL.replaceTokens(with: token) + [try AccountSQL.enqueue(mail)]
        try await sql.transaction(sql.announcing(.mail, after: statements))
    }

    /// Sets the user's password hash and queues the mail, in one transaction.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist, `StoreError/duplicate(_:)`.
    public func setPasswordHash(_ hash: String, userID: UserID, enqueueing mail: OutboxMail) async throws(StoreError) {
        let statements = [AccountSQL.setPasswordHash(hash, userID: userID), try AccountSQL.enqueue(mail)]
        try await sql.transaction(sql.announcing(.mail, after: statements))
    }

    /// Claims the rows due at `now`, oldest due first, in one statement (see
    /// ``MailSQL/claim(now:leaseUntil:limit:lock:)``), so each row goes to one sender.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func claimDueMail(now: Date, leaseUntil: Date, limit: Int) async throws(StoreError) -> [OutboxMail] {
        let claim = MailSQL.claim(now: now, leaseUntil: leaseUntil, limit: limit, lock: sql.skipLockedRows)
        return try await sql.fetch(claim, writes: true) { row in
            try OutboxMail(
                storedID: row.string(), content: row.data(), createdAt: row.double(), attempts: row.int(),
                nextAttemptAt: row.optionalDouble(), lastError: row.optionalString())
        }.sorted(by: OutboxMail.claimOrder)
    }

    /// Removes a sent row.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func markMailSent(id: UUID) async throws(StoreError) {
        _ = try await sql.run(MailSQL.delete(id: id))
    }

    /// Records a failed attempt.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func rescheduleMail(id: UUID, attempts: Int, nextAttemptAt: Date?, error: String) async throws(StoreError) {
        _ = try await sql.run(
            MailSQL.reschedule(id: id, attempts: attempts, nextAttemptAt: nextAttemptAt, error: error))
    }

    /// The pending and failed counts.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func mailOutboxCounts() async throws(StoreError) -> MailOutboxCounts {
        try await sql.fetchOne(MailSQL.counts) { MailOutboxCounts(pending: try $0.int(), failed: try $0.int()) }
            ?? .init(pending: 0, failed: 0)
    }
}
