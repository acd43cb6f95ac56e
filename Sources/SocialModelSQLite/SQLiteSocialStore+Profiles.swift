import Foundation
import GRDB
import SocialModel
import SocialModelSQL

extension SQLiteSocialStore: ProfileStore {
    /// Replaces the avatar sizes and the user's avatar key in one transaction.
    ///
    /// - Throws: `StoreError/notFound(entity:)` if the user does not exist.
    public func setAvatar(userID: UserID, key: String?, photos: [AvatarPhoto]) async throws(StoreError) {
        try await write { db in
            try db.cachedStatement(sql: "UPDATE users SET avatar = ? WHERE id = ?").execute(arguments: [
                key, userID.rawValue,
            ])
            guard db.changesCount == 1 else { throw StoreError.notFound(entity: "user") }
            try db.cachedStatement(sql: "DELETE FROM avatar_photos WHERE user_id = ?").execute(arguments: [
                userID.rawValue
            ])
            for photo in photos {
                try db.cachedStatement(sql: "INSERT INTO avatar_photos (user_id, size, jpeg) VALUES (?, ?, ?)")
                    .execute(arguments: [userID.rawValue, photo.size, photo.jpeg])
            }
        }
    }

    /// One stored size of a user's avatar.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func avatarPhoto(userID: UserID, size: Int) async throws(StoreError) -> AvatarPhoto? {
        try await fetchOne("SELECT jpeg FROM avatar_photos WHERE user_id = ? AND size = ?", [userID.rawValue, size]) {
            AvatarPhoto(userID: userID, size: size, jpeg: try $0.data())
        }
    }

    /// Counts read from indexes in one statement: follows both ways, posts and the sum of their likes.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func profileCounts(userID: UserID) async throws(StoreError) -> ProfileCounts {
        let id = userID.rawValue
        return try await fetchOne(
            """
            SELECT (SELECT COUNT(*) FROM follows WHERE followee_id = ?1), (SELECT COUNT(*) FROM follows WHERE follower_id = ?1),
                COUNT(*), IFNULL(SUM(like_count), 0)
            FROM posts WHERE author_id = ?1
            """, [id]
        ) {
            ProfileCounts(
                followers: try $0.int(), following: try $0.int(), posts: try $0.int(), likesReceived: try $0.int())
        }
            ?? ProfileCounts()
    }

    /// Usernames in the key range [prefix, prefix + DEL): usernames are ASCII below DEL, so the
    /// range is exactly the prefix match, read from the unique index.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func searchUsers(prefix: String, after: String?, limit: Int) async throws(StoreError) -> [User] {
        try await fetch(
            """
            SELECT \(SQLShape.user) FROM users WHERE username_key >= ? AND username_key > ? AND username_key < ?
            ORDER BY username_key LIMIT ?
            """, [prefix, after ?? "", prefix + "\u{7F}", max(0, limit)]
        ) { try $0.user() }
    }

    /// Follows or unfollows, with its notification, in one transaction.
    ///
    /// - Throws: `StoreError/missingReference` if either user does not exist.
    public func setFollow(
        followerID: UserID, followeeID: UserID, following: Bool, at date: Date, notification: NetworkNotification?
    ) async throws(StoreError) -> Bool {
        let ids: StatementArguments = [followerID.rawValue, followeeID.rawValue]
        return try await toggle(
            following,
            add: (
                "INSERT OR IGNORE INTO follows (follower_id, followee_id, created_at) VALUES (?, ?, ?)",
                ids + [date.timeIntervalSinceReferenceDate]
            ),
            remove: ("DELETE FROM follows WHERE follower_id = ? AND followee_id = ?", ids), notification: notification)
    }

    /// Whether one user follows another.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func isFollowing(followerID: UserID, followeeID: UserID) async throws(StoreError) -> Bool {
        try await fetchOne(
            "SELECT EXISTS (SELECT 1 FROM follows WHERE follower_id = ? AND followee_id = ?)",
            [followerID.rawValue, followeeID.rawValue]
        ) { try $0.bool() } ?? false
    }

    /// Which of the candidates follow a user, in one query (the candidates as one JSON argument,
    /// so the statement stays the same, cached one whatever their number).
    ///
    /// - Throws: `StoreError` when the store fails.
    public func followers(of followeeID: UserID, among candidates: [UserID]) async throws(StoreError) -> Set<UserID> {
        guard !candidates.isEmpty else { return [] }
        let list = candidates.map(\.rawValue)
        return try await read { db in
            Set(
                try SQLiteRow.fetchAll(
                    db,
                    """
                    SELECT follower_id FROM follows
                    WHERE followee_id = ? AND follower_id IN (SELECT value FROM json_each(?))
                    """, [followeeID.rawValue, try SQLiteRow.json(list)]
                ) { UserID(rawValue: try $0.string()) })
        }
    }

    /// A user's followers, most recent first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func followers(of userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser] {
        try await datedUsers(
            table: "follows", key: "followee_id", other: "follower_id", id: userID.rawValue, after: after, limit: limit)
    }

    /// The people a user follows, most recent first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func followees(of userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser] {
        try await datedUsers(
            table: "follows", key: "follower_id", other: "followee_id", id: userID.rawValue, after: after, limit: limit)
    }

    /// Users linked to `id` through `table` (follows, likes), newest link first, from the index on
    /// (`key`, created_at, `other`). Table and column names are fixed strings of this module.
    func datedUsers(table: String, key: String, other: String, id: String, after: KeysetCursor?, limit: Int)
        async throws(StoreError) -> [DatedUser]
    {
        try await datedUsers(table: table, key: key, other: other, id: id, after: after, limit: limit) {
            try $0.datedUser()
        }
    }

    /// ``datedUsers(table:key:other:id:after:limit:)`` with `extra` columns of the link after the
    /// date, read by `decode`.
    func datedUsers<T: Sendable>(
        table: String, key: String, other: String, id: String, after: KeysetCursor?, limit: Int, extra: String = "",
        _ decode: @escaping @Sendable (inout SQLiteRow) throws -> T
    ) async throws(StoreError) -> [T] {
        let (condition, arguments) = Self.keyset(
            "l.created_at, l.\(other)", "<", after: after, leading: [id], limit: limit)
        let columns = SQLShape.user.split(separator: ", ").map { "u.\($0)" }.joined(separator: ", ")
        return try await fetch(
            """
            SELECT \(columns), l.created_at\(extra.isEmpty ? "" : ", " + extra) FROM \(table) l
            JOIN users u ON u.id = l.\(other)
            WHERE l.\(key) = ? \(condition) ORDER BY l.created_at DESC, l.\(other) DESC LIMIT ?
            """, arguments, decode)
    }
}
