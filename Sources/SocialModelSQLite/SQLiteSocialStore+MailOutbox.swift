import Foundation
import GRDB
import SocialModel
import SocialModelSQL

extension SQLiteSocialStore: MailOutboxStore {
    /// Queues a row.
    ///
    /// - Throws: `StoreError/duplicate(_:)` with `.id` if a row has its id.
    public func enqueueMail(_ mail: OutboxMail) async throws(StoreError) {
        _ = try await changeCount(try AccountSQL.enqueue(mail))
    }

    /// Replaces the user's tokens for the purpose and queues the mail, in one transaction.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist, `StoreError/duplicate(_:)`.
    public func replaceTokens(with token: OneTimeTokenRecord, enqueueing mail: OutboxMail) async throws(StoreError) {
        let statements = AccountSQL.replaceTokens(with: token) + [try AccountSQL.enqueue(mail)]
        try await write { db in for statement in statements { try db.execute(statement) } }
    }

    /// Sets the user's password hash and queues the mail, in one transaction.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist, `StoreError/duplicate(_:)`.
    public func setPasswordHash(_ hash: String, userID: UserID, enqueueing mail: OutboxMail) async throws(StoreError) {
        let statements = [AccountSQL.setPasswordHash(hash, userID: userID), try AccountSQL.enqueue(mail)]
        try await write { db in for statement in statements { try db.execute(statement) } }
    }

    /// Claims the rows due at `now`, oldest due first: one `UPDATE … RETURNING` in a write
    /// transaction, which SQLite runs one at a time.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func claimDueMail(now: Date, leaseUntil: Date, limit: Int) async throws(StoreError) -> [OutboxMail] {
        let rows = try await write { db in
            try SQLiteRow.fetchAll(
                db,
                """
                UPDATE mail_outbox SET next_attempt_at = ?
                WHERE id IN (
                    SELECT id FROM mail_outbox WHERE next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?)
                RETURNING id, content, created_at, attempts, next_attempt_at, last_error
                """,
                [leaseUntil.timeIntervalSinceReferenceDate, now.timeIntervalSinceReferenceDate, max(0, limit)]
            ) { row in
                try OutboxMail(
                    storedID: row.string(), content: row.data(), createdAt: row.double(), attempts: row.int(),
                    nextAttemptAt: row.optionalDouble(), lastError: row.optionalString())
            }
        }
        return rows.sorted(by: OutboxMail.claimOrder)
    }

    /// Removes a sent row.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func markMailSent(id: UUID) async throws(StoreError) {
        _ = try await changeCount("DELETE FROM mail_outbox WHERE id = ?", [id.uuidString])
    }

    /// Records a failed attempt.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func rescheduleMail(id: UUID, attempts: Int, nextAttemptAt: Date?, error: String) async throws(StoreError) {
        _ = try await changeCount(
            "UPDATE mail_outbox SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?",
            [attempts, nextAttemptAt?.timeIntervalSinceReferenceDate, error, id.uuidString])
    }

    /// The pending and failed counts.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func mailOutboxCounts() async throws(StoreError) -> MailOutboxCounts {
        try await fetchOne(
            """
            SELECT count(next_attempt_at), count(*) - count(next_attempt_at) FROM mail_outbox
            """, []
        ) { row in MailOutboxCounts(pending: try row.int(), failed: try row.int()) } ?? .init(pending: 0, failed: 0)
    }

    /// Makes the failed rows due again.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func requeueFailedMail(at date: Date) async throws(StoreError) -> Int {
        try await changeCount(
            "UPDATE mail_outbox SET next_attempt_at = ?, attempts = 0 WHERE next_attempt_at IS NULL",
            [date.timeIntervalSinceReferenceDate])
    }

    // MARK: Shared steps

    /// Deletes the outbox rows for the user's address (`OutboxMail.storedIDs(addressedTo:among:)`).
    static func deleteQueuedMail(ofUser id: UserID, _ db: Database) throws {
        let email = try SQLiteRow.fetchOne(db, "SELECT email FROM users WHERE id = ?", [id.rawValue]) { row in
            try row.optionalString()
        }
        guard let address = email ?? nil else { return }
        let rows = try SQLiteRow.fetchAll(db, "SELECT id, content FROM mail_outbox", []) { row in
            (id: try row.string(), content: try row.data())
        }
        for storedID in OutboxMail.storedIDs(addressedTo: address, among: rows) {
            try db.cachedStatement(sql: "DELETE FROM mail_outbox WHERE id = ?").execute(arguments: [storedID])
        }
    }

    /// The outbox: one row per message or request, due at `next_attempt_at` (NULL once failed for good).
    static let mailOutboxSchema = """
        CREATE TABLE mail_outbox (
            id TEXT NOT NULL PRIMARY KEY,
            content BLOB NOT NULL,
            created_at REAL NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            next_attempt_at REAL,
            last_error TEXT);
        CREATE INDEX mail_outbox_due ON mail_outbox(next_attempt_at) WHERE next_attempt_at IS NOT NULL;
        """
}
