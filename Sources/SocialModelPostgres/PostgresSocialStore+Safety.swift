import Foundation
import PostgresNIO
import SocialModel
import SocialModelSQL

extension PostgresSocialStore: SafetyStore {
    /// Blocks or unblocks; the follows a block ends are the service's to end.
    ///
    /// - Throws: `StoreError/missingReference` if either user does not exist.
    public func setBlock(blockerID: UserID, blockedID: UserID, blocking: Bool, at date: Date) async throws(StoreError)
        -> Bool
    {
        let (blocker, blocked, link) = (blockerID.rawValue, blockedID.rawValue, LinkSQL.blocks)
        return try await toggle(
            blocking, add: link.add(blocker, blocked, at: date), remove: link.remove(blocker, blocked),
            notification: nil)
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

    /// The candidates with a block either way, in one query (the candidates as one array).
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
}

extension PostgresSchema {
    /// Blocks and mutes, keyed by their owner, indexed for the other direction and the owner's
    /// list; a deleted user's go with them, both ways.
    static let blocksAndMutes = Migration(
        version: "v9-blocks-and-mutes",
        statements: [
            """
            CREATE TABLE user_blocks (
                blocker_id text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                blocked_id text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                created_at double precision NOT NULL,
                PRIMARY KEY (blocker_id, blocked_id)
            )
            """,
            "CREATE INDEX user_blocks_by_blocked ON user_blocks (blocked_id, blocker_id)",
            "CREATE INDEX user_blocks_by_date ON user_blocks (blocker_id, created_at, blocked_id)",
            """
            CREATE TABLE user_mutes (
                muter_id text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                muted_id text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                notifications boolean NOT NULL,
                created_at double precision NOT NULL,
                PRIMARY KEY (muter_id, muted_id)
            )
            """,
            "CREATE INDEX user_mutes_by_muted ON user_mutes (muted_id)",
            "CREATE INDEX user_mutes_by_date ON user_mutes (muter_id, created_at, muted_id)",
        ])
}
