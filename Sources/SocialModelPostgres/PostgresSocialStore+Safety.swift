import Foundation
import PostgresNIO
import SocialModel
import SocialModelSQL

/// The block and mute requirements are written once, in SocialModelSQL's `SQLStore+Profiles.swift`.
extension PostgresSocialStore: SafetyStore {}

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
