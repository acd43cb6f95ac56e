import Foundation
import GRDB
import SocialModel
import SocialModelSQL

/// The moderation requirements are written once in SocialModelSQL (`Moderation+SQL.swift`);
/// this file keeps the transaction that counts what it changed, and the schema.
extension SQLiteSocialStore: ModerationStore {
    /// Records the action and closes its target's open reports, in one transaction.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recordModeration(_ action: ModerationAction) async throws(StoreError) -> Int {
        let statements = ModerationSQL.record(action)
        return try await write { db in
            try statements.reduce(0) { _, statement in try db.fetch(statement) { _ in 1 }.count }
        }
    }

    /// Reports (one open per reporter and target: a partial unique index), the audit log (which
    /// outlives the accounts it names), suspensions and the moderator flags.
    static let moderationSchema = """
        CREATE TABLE reports (
            id TEXT NOT NULL PRIMARY KEY,
            reporter_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            target_kind TEXT NOT NULL,
            target_id TEXT NOT NULL,
            reported_user_id TEXT NOT NULL,
            reason TEXT NOT NULL,
            note TEXT,
            created_at REAL NOT NULL,
            outcome TEXT,
            resolved_at REAL);
        CREATE UNIQUE INDEX reports_one_open ON reports(reporter_id, target_kind, target_id) WHERE outcome IS NULL;
        CREATE INDEX reports_queue ON reports(created_at, id) WHERE outcome IS NULL;
        CREATE INDEX reports_by_reporter ON reports(reporter_id, created_at, id);
        CREATE INDEX reports_by_target ON reports(target_kind, target_id) WHERE outcome IS NULL;
        CREATE TABLE moderation_actions (
            id TEXT NOT NULL PRIMARY KEY,
            moderator_id TEXT NOT NULL,
            decision TEXT NOT NULL,
            target_kind TEXT NOT NULL,
            target_id TEXT NOT NULL,
            user_id TEXT NOT NULL,
            reason TEXT NOT NULL,
            until REAL,
            created_at REAL NOT NULL);
        CREATE INDEX moderation_actions_by_date ON moderation_actions(created_at, id);
        CREATE TABLE suspensions (
            user_id TEXT NOT NULL PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
            until REAL NOT NULL) WITHOUT ROWID;
        CREATE TABLE moderators (
            user_id TEXT NOT NULL PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE) WITHOUT ROWID;
        """
}
