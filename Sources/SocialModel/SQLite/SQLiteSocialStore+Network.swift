import Foundation
import GRDB

extension SQLiteSocialStore {
    // MARK: Profiles

    /// Replaces the avatar sizes and the user's avatar key in one transaction.
    public func setAvatar(userID: UserID, key: String?, photos: [AvatarPhoto]) async throws(StoreError) {
        try await write { db in
            try db.execute(sql: "UPDATE users SET avatar = ? WHERE id = ?", arguments: [key, userID.rawValue])
            guard db.changesCount == 1 else { throw StoreError.notFound(entity: "user") }
            try db.execute(sql: "DELETE FROM avatar_photos WHERE user_id = ?", arguments: [userID.rawValue])
            for photo in photos {
                try db.execute(
                    sql: "INSERT INTO avatar_photos (user_id, size, jpeg) VALUES (?, ?, ?)",
                    arguments: [userID.rawValue, photo.size, photo.jpeg])
            }
        }
    }

    /// One stored size of a user's avatar.
    public func avatarPhoto(userID: UserID, size: Int) async throws(StoreError) -> AvatarPhoto? {
        try await read { db in
            try Data.fetchOne(
                db, sql: "SELECT jpeg FROM avatar_photos WHERE user_id = ? AND size = ?",
                arguments: [userID.rawValue, size]
            ).map { AvatarPhoto(userID: userID, size: size, jpeg: $0) }
        }
    }

    /// Counts read from indexes: follows both ways, posts and the sum of their like counts.
    public func profileCounts(userID: UserID) async throws(StoreError) -> ProfileCounts {
        try await read { db in
            let id = userID.rawValue
            let followers =
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM follows WHERE followee_id = ?", arguments: [id]) ?? 0
            let following =
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM follows WHERE follower_id = ?", arguments: [id]) ?? 0
            let row = try Row.fetchOne(
                db, sql: "SELECT COUNT(*) AS posts, IFNULL(SUM(like_count), 0) AS likes FROM posts WHERE author_id = ?",
                arguments: [id])
            return ProfileCounts(
                followers: followers, following: following, posts: row?["posts"] ?? 0,
                likesReceived: row?["likes"] ?? 0)
        }
    }

    /// Usernames in the key range [prefix, prefix + DEL): usernames are ASCII below DEL, so the
    /// range is exactly the prefix match, read from the unique index.
    public func searchUsers(prefix: String, after: String?, limit: Int) async throws(StoreError) -> [User] {
        try await read { db in
            try UserRow.fetchAll(
                db,
                sql: """
                    SELECT * FROM users WHERE username_key >= ? AND username_key > ? AND username_key < ?
                    ORDER BY username_key LIMIT ?
                    """,
                arguments: [prefix, after ?? "", prefix + "\u{7F}", max(0, limit)]
            ).map(\.user)
        }
    }

    // MARK: Follows

    /// Follows or unfollows, with its notification.
    public func setFollow(
        followerID: UserID, followeeID: UserID, following: Bool, at date: Date, notification: NetworkNotification?
    ) async throws(StoreError) -> Bool {
        try await write { db in
            let ids = [followerID.rawValue, followeeID.rawValue]
            if !following {
                try db.execute(
                    sql: "DELETE FROM follows WHERE follower_id = ? AND followee_id = ?", arguments: .init(ids))
                let changed = db.changesCount > 0
                try db.execute(
                    sql: "DELETE FROM notifications WHERE actor_id = ? AND kind = 'follow' AND recipient_id = ?",
                    arguments: .init(ids))
                return changed
            }
            try db.execute(
                sql: "INSERT OR IGNORE INTO follows (follower_id, followee_id, created_at) VALUES (?, ?, ?)",
                arguments: [followerID.rawValue, followeeID.rawValue, date.timeIntervalSinceReferenceDate])
            guard db.changesCount > 0 else { return false }
            if let notification { try NetworkRows.insert(notification, db) }
            return true
        }
    }

    /// Whether one user follows another.
    public func isFollowing(followerID: UserID, followeeID: UserID) async throws(StoreError) -> Bool {
        try await read { db in
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM follows WHERE follower_id = ? AND followee_id = ?)",
                arguments: [followerID.rawValue, followeeID.rawValue]) ?? false
        }
    }

    /// A user's followers, most recent first.
    public func followers(of userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser] {
        try await followList(column: "followee_id", other: "follower_id", userID: userID, after: after, limit: limit)
    }

    /// The people a user follows, most recent first.
    public func followees(of userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser] {
        try await followList(column: "follower_id", other: "followee_id", userID: userID, after: after, limit: limit)
    }

    private func followList(column: String, other: String, userID: UserID, after: KeysetCursor?, limit: Int)
        async throws(StoreError) -> [DatedUser]
    {
        try await read { db in
            let (condition, arguments) = NetworkRows.keyset(
                "created_at, \(other)", "<", after: after, leading: [userID.rawValue], limit: limit)
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT \(other) AS user_id, created_at AS at FROM follows WHERE \(column) = ? \(condition)
                    ORDER BY created_at DESC, \(other) DESC LIMIT ?
                    """, arguments: arguments)
            return try NetworkRows.datedUsers(rows, db)
        }
    }

    // MARK: Posts

    /// Adds a post and its photos.
    public func insertPost(_ post: Post, photos: [PostPhoto]) async throws(StoreError) {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO posts (id, author_id, caption, filter, width, height, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    post.id.rawValue, post.authorID.rawValue, post.caption, post.filter, post.width, post.height,
                    post.createdAt.timeIntervalSinceReferenceDate,
                ])
            for photo in photos {
                try db.execute(
                    sql: "INSERT INTO post_photos (post_id, size, jpeg) VALUES (?, ?, ?)",
                    arguments: [post.id.rawValue, photo.size, photo.jpeg])
            }
        }
    }

    /// The post with this id.
    public func post(id: PostID) async throws(StoreError) -> Post? {
        try await read { db in try Self.fetchPost(id, db) }
    }

    /// The post as a viewer sees it.
    public func postView(id: PostID, viewerID: UserID) async throws(StoreError) -> PostView? {
        try await read { db in
            try NetworkRows.views(ids: [id.rawValue], viewerID: viewerID, db).first
        }
    }

    /// A user's posts in order, after the cursor.
    public func posts(by authorID: UserID, viewerID: UserID, order: FeedOrder, after: FeedCursor?, limit: Int)
        async throws(StoreError) -> [PostView]
    {
        try await read { db in
            let clauses = NetworkRows.feedClauses(order, alias: "p")
            var arguments: StatementArguments = [authorID.rawValue]
            var condition = ""
            if let after {
                condition = "AND " + clauses.after
                arguments += NetworkRows.feedArguments(after, order)
            }
            arguments += [max(0, limit)]
            let ids = try String.fetchAll(
                db,
                sql: "SELECT p.id FROM posts p WHERE p.author_id = ? \(condition) ORDER BY \(clauses.orderBy) LIMIT ?",
                arguments: arguments)
            return try NetworkRows.views(ids: ids, viewerID: viewerID, db)
        }
    }

    /// Deletes a post; photos, likes, comments and notifications go by cascade.
    public func deletePost(id: PostID) async throws(StoreError) -> Bool {
        try await changeCount("DELETE FROM posts WHERE id = ?", [id.rawValue]) > 0
    }

    /// One stored size of a post's photo.
    public func postPhoto(postID: PostID, size: Int) async throws(StoreError) -> PostPhoto? {
        try await read { db in
            try Data.fetchOne(
                db, sql: "SELECT jpeg FROM post_photos WHERE post_id = ? AND size = ?",
                arguments: [postID.rawValue, size]
            ).map { PostPhoto(postID: postID, size: size, jpeg: $0) }
        }
    }

    static func fetchPost(_ id: PostID, _ db: Database) throws -> Post? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT \(NetworkRows.postColumns) FROM posts WHERE id = ?"),
            arguments: [id.rawValue]
        ).map(NetworkRows.post)
    }

    // MARK: Likes and comments

    /// Likes or unlikes; the count follows through triggers.
    public func setPostLike(
        postID: PostID, userID: UserID, liked: Bool, at date: Date, notification: NetworkNotification?
    ) async throws(StoreError) -> Bool {
        try await write { db in
            let ids = [postID.rawValue, userID.rawValue]
            if !liked {
                try db.execute(sql: "DELETE FROM post_likes WHERE post_id = ? AND user_id = ?", arguments: .init(ids))
                let changed = db.changesCount > 0
                try db.execute(
                    sql: "DELETE FROM notifications WHERE actor_id = ? AND kind = 'like' AND post_id = ?",
                    arguments: [userID.rawValue, postID.rawValue])
                return changed
            }
            try db.execute(
                sql: "INSERT OR IGNORE INTO post_likes (post_id, user_id, created_at) VALUES (?, ?, ?)",
                arguments: [postID.rawValue, userID.rawValue, date.timeIntervalSinceReferenceDate])
            guard db.changesCount > 0 else { return false }
            if let notification { try NetworkRows.insert(notification, db) }
            return true
        }
    }

    /// The people who like a post, most recent first.
    public func likers(of postID: PostID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser] {
        try await read { db in
            let (condition, arguments) = NetworkRows.keyset(
                "created_at, user_id", "<", after: after, leading: [postID.rawValue], limit: limit)
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT user_id, created_at AS at FROM post_likes WHERE post_id = ? \(condition)
                    ORDER BY created_at DESC, user_id DESC LIMIT ?
                    """, arguments: arguments)
            return try NetworkRows.datedUsers(rows, db)
        }
    }

    /// Adds a comment with its notification.
    public func insertComment(_ comment: PostComment, notification: NetworkNotification?) async throws(StoreError) {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO comments (id, post_id, author_id, text, created_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [
                    comment.id.rawValue, comment.postID.rawValue, comment.authorID.rawValue, comment.text,
                    comment.createdAt.timeIntervalSinceReferenceDate,
                ])
            if let notification { try NetworkRows.insert(notification, db) }
        }
    }

    /// The comment with this id.
    public func comment(id: CommentID) async throws(StoreError) -> PostComment? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM comments WHERE id = ?", arguments: [id.rawValue])
                .map(NetworkRows.comment)
        }
    }

    /// A post's comments, oldest first.
    public func comments(on postID: PostID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [PostComment]
    {
        try await read { db in
            let (condition, arguments) = NetworkRows.keyset(
                "created_at, id", ">", after: after, leading: [postID.rawValue], limit: limit)
            return try Row.fetchAll(
                db,
                sql: "SELECT * FROM comments WHERE post_id = ? \(condition) ORDER BY created_at, id LIMIT ?",
                arguments: arguments
            ).map(NetworkRows.comment)
        }
    }

    /// Deletes a comment; its notification goes by cascade.
    public func deleteComment(id: CommentID) async throws(StoreError) -> Bool {
        try await changeCount("DELETE FROM comments WHERE id = ?", [id.rawValue]) > 0
    }

    // MARK: Feeds

    /// The home feed, in at most two index-only queries and one fetch of the page's rows.
    ///
    /// First a window of the newest (in the feed's order) ``homeFeedWindow`` posts of everyone is
    /// read from a covering index from the cursor on, keeping those by followed authors: when
    /// the window holds a full page, that page is exact, since every later post sorts after the
    /// whole window. That serves people who follow many others in constant time per page,
    /// however deep. Otherwise (few followees, or a sparse stretch) each followed author's posts
    /// are read from the per-author index and merged, which is cheap exactly when they are few.
    public func homeFeed(userID: UserID, order: FeedOrder, after: FeedCursor?, limit: Int) async throws(StoreError)
        -> [PostView]
    {
        try await read { db in
            let limit = max(0, limit)
            var arguments: StatementArguments = []
            if let after { arguments += NetworkRows.feedArguments(after, order) }
            let window: StatementArguments = [Self.homeFeedWindow, userID.rawValue, userID.rawValue, limit]
            var ids = try String.fetchAll(
                db.cachedStatement(sql: Self.homeFeedSQL(order: order, paged: after != nil, windowed: true)),
                arguments: arguments + window)
            if ids.count < limit {
                ids = try String.fetchAll(
                    db.cachedStatement(sql: Self.homeFeedSQL(order: order, paged: after != nil, windowed: false)),
                    arguments: [userID.rawValue, userID.rawValue] + arguments + [limit])
            }
            return try NetworkRows.views(ids: ids, viewerID: userID, db)
        }
    }

    /// How many posts the first home feed query looks at before falling back to per-author reads.
    static let homeFeedWindow = 4000

    /// The home feed's id query. Windowed, its arguments are the cursor's key (when `paged`), the
    /// window size, the user twice and the limit; per author, the user twice, the cursor's key
    /// and the limit.
    static func homeFeedSQL(order: FeedOrder, paged: Bool, windowed: Bool) -> String {
        let inner = NetworkRows.feedClauses(order, alias: "w")
        let outer = NetworkRows.feedClauses(order, alias: "p")
        let followed = "(SELECT followee_id FROM follows WHERE follower_id = ? UNION ALL SELECT ?)"
        let index = order.key == .likes ? "posts_by_likes" : "posts_by_date"
        guard windowed else {
            return """
                SELECT p.id FROM posts p WHERE p.author_id IN \(followed) \(paged ? "AND " + outer.after : "")
                ORDER BY \(outer.orderBy) LIMIT ?
                """
        }
        return """
            SELECT p.id FROM (
                SELECT w.id, w.author_id, \(order.key == .likes ? "w.like_count, " : "")w.created_at
                FROM posts w INDEXED BY \(index)
                \(paged ? "WHERE " + inner.after : "") ORDER BY \(inner.orderBy) LIMIT ?
            ) p
            WHERE p.author_id IN \(followed) ORDER BY \(outer.orderBy) LIMIT ?
            """
    }

    /// Everyone's posts by their seeded rank (computed by the `explore_rank` SQL function).
    public func explore(viewerID: UserID, seed: UInt64, after: ExploreCursor?, limit: Int) async throws(StoreError)
        -> [PostView]
    {
        try await read { db in
            let seedValue = Int64(bitPattern: seed)
            var arguments: StatementArguments = [seedValue]
            var condition = ""
            if let after {
                condition = "WHERE (rank, id) > (?, ?)"
                arguments += [after.rank, after.postID.rawValue]
            }
            arguments += [max(0, limit)]
            let ids = try String.fetchAll(
                db,
                sql: """
                    SELECT id FROM (SELECT id, explore_rank(?, id) AS rank FROM posts)
                    \(condition) ORDER BY rank, id LIMIT ?
                    """, arguments: arguments)
            return try NetworkRows.views(ids: ids, viewerID: viewerID, db)
        }
    }

    /// The `explore_rank(seed, id)` SQL function, installed on every connection.
    static let exploreRankFunction = DatabaseFunction("explore_rank", argumentCount: 2, pure: true) { values in
        guard let seed = Int64.fromDatabaseValue(values[0]), let id = String.fromDatabaseValue(values[1]) else {
            return nil
        }
        return ExploreOrder.rank(seed: UInt64(bitPattern: seed), rawID: id)
    }
}
