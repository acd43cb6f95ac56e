import Foundation
import PostgresNIO
import SocialModel
import SocialModelSQL

extension PostgresSocialStore: MailOutboxStore {
    /// Queues a row and announces it (`announce(_:)`, `.mail`) in the same transaction, so the
    /// senders of every instance listening through an event relay wake at its commit.
    ///
    /// - Throws: `StoreError/duplicate(_:)` with `.id` if a row has its id.
    public func enqueueMail(_ mail: OutboxMail) async throws(StoreError) {
        try await queueing([try Self.enqueue(mail)])
    }

    /// Replaces the user's tokens for the purpose and queues the mail, in one transaction.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist, `StoreError/duplicate(_:)`.
    public func replaceTokens(with token: OneTimeTokenRecord, enqueueing mail: OutboxMail) async throws(StoreError) {
        try await queueing(Self.replaceTokens(with: token) + [try Self.enqueue(mail)])
    }

    /// Sets the user's password hash and queues the mail, in one transaction.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist, `StoreError/duplicate(_:)`.
    public func setPasswordHash(_ hash: String, userID: UserID, enqueueing mail: OutboxMail) async throws(StoreError) {
        try await queueing([Self.setPasswordHash(hash, userID: userID), try Self.enqueue(mail)])
    }

    /// Claims the rows due at `now`, oldest due first, in one statement: rows another instance is
    /// claiming at the same moment are skipped (`FOR UPDATE SKIP LOCKED`), so each row goes to one.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func claimDueMail(now: Date, leaseUntil: Date, limit: Int) async throws(StoreError) -> [OutboxMail] {
        let claim: PostgresQuery = """
            UPDATE mail_outbox SET next_attempt_at = \(leaseUntil.timeIntervalSinceReferenceDate)
            WHERE id IN (
                SELECT id FROM mail_outbox WHERE next_attempt_at <= \(now.timeIntervalSinceReferenceDate)
                ORDER BY next_attempt_at, id LIMIT \(max(0, limit)) FOR UPDATE SKIP LOCKED)
            RETURNING id, content, created_at, attempts, next_attempt_at, last_error
            """
        let claimed = try await fetch(claim) { row in
            try OutboxMail(
                storedID: row.string(), content: row.data(), createdAt: row.double(), attempts: row.int(),
                nextAttemptAt: row.optionalDouble(), lastError: row.optionalString())
        }
        return claimed.sorted(by: OutboxMail.claimOrder)
    }

    /// Removes a sent row.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func markMailSent(id: UUID) async throws(StoreError) {
        _ = try await rows("DELETE FROM mail_outbox WHERE id = \(id.uuidString)")
    }

    /// Records a failed attempt.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func rescheduleMail(id: UUID, attempts: Int, nextAttemptAt: Date?, error: String) async throws(StoreError) {
        _ = try await rows(
            """
            UPDATE mail_outbox SET attempts = \(attempts),
                next_attempt_at = \(nextAttemptAt?.timeIntervalSinceReferenceDate), last_error = \(error)
            WHERE id = \(id.uuidString)
            """)
    }

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

    /// The pending and failed counts.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func mailOutboxCounts() async throws(StoreError) -> MailOutboxCounts {
        let counts: PostgresQuery = "SELECT count(next_attempt_at), count(*) - count(next_attempt_at) FROM mail_outbox"
        return try await fetch(counts) { row in MailOutboxCounts(pending: try row.int(), failed: try row.int()) }.first
            ?? .init(pending: 0, failed: 0)
    }

    /// Makes the failed rows due again and, when there were any, announces them in the same transaction.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func requeueFailedMail(at date: Date) async throws(StoreError) -> Int {
        let requeue: PostgresQuery = """
            UPDATE mail_outbox SET next_attempt_at = \(date.timeIntervalSinceReferenceDate), attempts = 0
            WHERE next_attempt_at IS NULL RETURNING id
            """
        let announcement = announce(.mail)
        return try await transaction { connection in
            let count = try await connection.query(requeue, logger: logger).collect().count
            if count > 0 { try await connection.query(announcement, logger: logger) }
            return count
        }
    }

    // MARK: Shared steps

    /// Runs `queries`, which queue mail, and the mail announcement in one transaction: the
    /// announcement is delivered at the commit, and never if the queries roll back.
    func queueing(_ queries: [PostgresQuery]) async throws(StoreError) {
        let queries = queries + [announce(.mail)]
        try await transaction { connection in
            for query in queries { try await connection.query(query, logger: logger) }
        }
    }

    static func enqueue(_ mail: OutboxMail) throws(StoreError) -> PostgresQuery {
        let content = try mail.encodedContent()
        return """
            INSERT INTO mail_outbox (id, content, created_at, attempts, next_attempt_at, last_error)
            VALUES (\(mail.storedID), \(content.buffer), \(mail.createdAt.timeIntervalSinceReferenceDate),
                    \(mail.attempts), \(mail.nextAttemptAt?.timeIntervalSinceReferenceDate), \(mail.lastError))
            """
    }

    /// Replaces the user's tokens of the token's purpose with it (run them in one transaction).
    static func replaceTokens(with token: OneTimeTokenRecord) -> [PostgresQuery] {
        [
            """
            DELETE FROM one_time_tokens
            WHERE user_id = \(token.userID.rawValue) AND purpose = \(token.purpose.rawValue)
            """,
            """
            INSERT INTO one_time_tokens (\(unescaped: SQLShape.token))
            VALUES (\(token.tokenHash.buffer), \(token.userID.rawValue), \(token.purpose.rawValue),
                    \(token.createdAt.timeIntervalSinceReferenceDate), \(token.expiresAt.timeIntervalSinceReferenceDate))
            """,
        ]
    }

    /// Sets or replaces the user's password hash.
    static func setPasswordHash(_ hash: String, userID: UserID) -> PostgresQuery {
        """
        INSERT INTO passwords (user_id, hash) VALUES (\(userID.rawValue), \(hash))
        ON CONFLICT (user_id) DO UPDATE SET hash = EXCLUDED.hash
        """
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
