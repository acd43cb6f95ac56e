import Foundation
import GRDB
import SocialModel
import SocialModelSQL

extension SQLiteSocialStore: SafetyStore {
    /// Blocks or unblocks; the follows a block ends are the service's to end.
    ///
    /// - Throws: `StoreError/missingReference` if either user does not exist.
    public func setBlock(blockerID: UserID, blockedID: UserID, blocking: Bool, at date: Date) async throws(StoreError)
        -> Bool
    {
        let (a, b, link) = (blockerID.rawValue, blockedID.rawValue, LinkSQL.blocks)
        return try await toggle(
            blocking, add: link.add(a, b, at: date), remove: link.remove(a, b), notification: nil)
    }

    /// Mutes (or changes a mute's reach) with one upsert, or unmutes.
    ///
    /// - Throws: `StoreError/missingReference` if either user does not exist.
    public func setMute(muterID: UserID, mutedID: UserID, hidingNotifications mute: Bool?, at date: Date)
        async throws(StoreError) -> Bool
    {
        let statement = ProfileSQL.mute(muterID, mutedID, notifications: mute ?? false, at: date)
        return try await toggle(
            mute != nil, add: statement, remove: LinkSQL.mutes.remove(muterID.rawValue, mutedID.rawValue),
            notification: nil)
    }

    /// The candidates with a block either way, in one query.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func blocked(with userID: UserID, among candidates: [UserID]) async throws(StoreError) -> Set<UserID> {
        guard !candidates.isEmpty else { return [] }
        let statement = ProfileSQL.blocked(with: userID, among: candidates.map(\.rawValue))
        return Set(try await fetch(statement) { UserID(rawValue: try $0.string()) })
    }

    /// The people a user blocks, most recent first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func blocks(by userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser] {
        try await fetch(LinkSQL.blocks.users(of: userID.rawValue, after: after, limit: limit)) { try $0.datedUser() }
    }

    /// The people a user mutes, most recent first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func mutes(by userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [Mute] {
        try await fetch(LinkSQL.mutes.users(of: userID.rawValue, after: after, limit: limit, extra: "l.notifications"))
        {
            Mute(user: try $0.user(), date: try $0.date(), hidesNotifications: try $0.bool())
        }
    }

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
