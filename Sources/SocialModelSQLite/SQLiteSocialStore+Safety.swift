import Foundation
import GRDB
import SocialModel
import SocialModelSQL

/// The block and mute requirements are written once, in SocialModelSQL's `SQLStore+Profiles.swift`.
extension SQLiteSocialStore: SafetyStore {
    /// Blocks and mutes, each keyed by its owner and indexed for the other direction and for
    /// the owner's list.
    static let safetySchema = """
        CREATE TABLE \(SafetySQL.blocks) (
            blocker_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            blocked_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            created_at REAL NOT NULL,
            PRIMARY KEY (blocker_id, blocked_id)) WITHOUT ROWID;
        CREATE INDEX user_blocks_by_blocked ON \(SafetySQL.blocks)(blocked_id, blocker_id);
        CREATE INDEX user_blocks_by_date ON \(SafetySQL.blocks)(blocker_id, created_at, blocked_id);
        CREATE TABLE \(SafetySQL.mutes) (
            muter_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            muted_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            notifications INTEGER NOT NULL,
            created_at REAL NOT NULL,
            PRIMARY KEY (muter_id, muted_id)) WITHOUT ROWID;
        CREATE INDEX user_mutes_by_muted ON \(SafetySQL.mutes)(muted_id);
        CREATE INDEX user_mutes_by_date ON \(SafetySQL.mutes)(muter_id, created_at, muted_id);
        """
}
