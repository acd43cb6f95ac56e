import Foundation
import PostgresNIO
import SocialModel
import SocialModelSQL

/// The moderation requirements are written once in SocialModelSQL (`Moderation+SQL.swift`);
/// this file keeps the transaction that counts what it changed, and the schema.
extension PostgresSocialStore: ModerationStore {
    /// Records the action and closes its target's open reports, in one transaction.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recordModeration(_ action: ModerationAction) async throws(StoreError) -> Int {
        let statements = ModerationSQL.record(action)
        return try await transaction { connection in
            var count = 0
            for statement in statements {
                count = try await connection.query(statement.postgres, logger: logger).collect().count
            }
            return count
        }
    }
}

extension PostgresSchema {
    /// Reports (one open per reporter and target: a partial unique index), the audit log (which
    /// outlives the accounts it names), suspensions and the moderator flags.
    static let moderation = Migration(
        version: "v10-moderation",
        statements: [
            """
            CREATE TABLE reports (
                id text COLLATE "C" PRIMARY KEY,
                reporter_id text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                target_kind text NOT NULL,
                target_id text COLLATE "C" NOT NULL,
                reported_user_id text COLLATE "C" NOT NULL,
                reason text NOT NULL,
                note text,
                created_at double precision NOT NULL,
                outcome text,
                resolved_at double precision
            )
            """,
            """
            CREATE UNIQUE INDEX reports_one_open ON reports (reporter_id, target_kind, target_id)
            WHERE outcome IS NULL
            """,
            "CREATE INDEX reports_queue ON reports (created_at, id) WHERE outcome IS NULL",
            "CREATE INDEX reports_by_reporter ON reports (reporter_id, created_at, id)",
            "CREATE INDEX reports_by_target ON reports (target_kind, target_id) WHERE outcome IS NULL",
            """
            CREATE TABLE moderation_actions (
                id text COLLATE "C" PRIMARY KEY,
                moderator_id text COLLATE "C" NOT NULL,
                decision text NOT NULL,
                target_kind text NOT NULL,
                target_id text COLLATE "C" NOT NULL,
                user_id text COLLATE "C" NOT NULL,
                reason text NOT NULL,
                until double precision,
                created_at double precision NOT NULL
            )
            """,
            "CREATE INDEX moderation_actions_by_date ON moderation_actions (created_at, id)",
            """
            CREATE TABLE suspensions (
                user_id text COLLATE "C" PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
                until double precision NOT NULL
            )
            """,
            """
            CREATE TABLE moderators (
                user_id text COLLATE "C" PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE
            )
            """,
        ])
}
