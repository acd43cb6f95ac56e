import Foundation
import GRDB
import SocialModel
import SocialModelSQL

/// The other outbox requirements are written once, in SocialModelSQL's `SQLStore+MailOutbox.swift`.
extension SQLiteSocialStore: MailOutboxStore {
    /// Makes the failed rows due again.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func requeueFailedMail(at date: Date) async throws(StoreError) -> Int {
        try await changeCount(MailSQL.requeueFailed(at: date))
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
