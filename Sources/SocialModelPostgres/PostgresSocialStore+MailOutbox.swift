import Foundation
import PostgresNIO
import SocialModel
import SocialModelSQL

/// The other outbox requirements are written once, in SocialModelSQL's `SQLStore+MailOutbox.swift`.
extension PostgresSocialStore: MailOutboxStore {
    /// Deletes the outbox rows for a deleted account's address (`OutboxMail.storedIDs(addressedTo:among:)`),
    /// in the deletion's transaction.
    func deleteQueuedMail(for address: String, _ connection: PostgresConnection) async throws {
        let rows = try Self.decode(
            try await connection.query("SELECT id, content FROM mail_outbox", logger: logger).collect()
        ) { row in (id: try row.string(), content: try row.data()) }
        let ids = OutboxMail.storedIDs(addressedTo: address, among: rows)
        guard !ids.isEmpty else { return }
        try await connection.query("DELETE FROM mail_outbox WHERE id = ANY(\(ids))", logger: logger)
    }

    /// Makes the failed rows due again and, when there were any, announces them in the same transaction.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func requeueFailedMail(at date: Date) async throws(StoreError) -> Int {
        let requeue = MailSQL.requeueFailed(at: date)
        let announcement = announce(.mail)
        return try await transaction { connection in
            let count = try await connection.query(requeue, logger: logger).count
            if count > 0 { try await connection.query(announcement, logger: logger) }
            return count
        }
    }
}

extension PostgresSchema {
    /// The outbox: one row per message or request, due at `next_attempt_at` (NULL once failed for good).
    static let mailOutbox = Migration(
        version: "v7-mail-outbox",
        statements: [
            """
            CREATE TABLE mail_outbox (
                id text COLLATE "C" CONSTRAINT mail_outbox_pkey PRIMARY KEY,
                content bytea NOT NULL,
                created_at double precision NOT NULL,
                attempts integer NOT NULL DEFAULT 0,
                next_attempt_at double precision,
                last_error text
            )
            """,
            "CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at, id) WHERE next_attempt_at IS NOT NULL",
        ])
}
