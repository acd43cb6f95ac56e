import Foundation
import PostgresNIO
import SocialModel

extension PostgresSocialStore {
    // MARK: Profiles

    /// Replaces the avatar sizes and the user's avatar key in one transaction.
    public func setAvatar(userID: UserID, key: String?, photos: [AvatarPhoto]) async throws(StoreError) {
        try await transaction { connection in
            let updated = try await connection.query(
                "UPDATE users SET avatar = \(key) WHERE id = \(userID.rawValue) RETURNING 1", logger: Self.logger
            ).collect()
            guard !updated.isEmpty else { throw StoreError.notFound(entity: "user") }
            try await connection.query(
                "DELETE FROM avatar_photos WHERE user_id = \(userID.rawValue)", logger: Self.logger)
            for photo in photos {
                try await connection.query(
                    """
                    INSERT INTO avatar_photos (user_id, size, jpeg) VALUES (\(userID.rawValue), \(photo.size), \(photo.jpeg.buffer))
                    """, logger: Self.logger)
            }
        }
    }

    /// One stored size of a user's avatar.
    public func avatarPhoto(userID: UserID, size: Int) async throws(StoreError) -> AvatarPhoto? {
        try await rows("SELECT jpeg FROM avatar_photos WHERE user_id = \(userID.rawValue) AND size = \(size)")
            .first.map { row throws(StoreError) in
                AvatarPhoto(userID: userID, size: size, jpeg: try row.columns(Data.self))
            }
    }

    /// Counts read from indexes in one round trip: follows both ways, posts and their likes.
    public func profileCounts(userID: UserID) async throws(StoreError) -> ProfileCounts {
        let id = userID.rawValue
        guard
            let row = try await rows(
                """
                SELECT (SELECT count(*) FROM follows WHERE followee_id = \(id)),
                       (SELECT count(*) FROM follows WHERE follower_id = \(id)),
                       count(*), coalesce(sum(like_count), 0)::bigint
                FROM posts WHERE author_id = \(id)
                """
            ).first
        else { return ProfileCounts() }
        let (followers, following, posts, likes) = try row.columns((Int, Int, Int, Int).self)
        return ProfileCounts(followers: followers, following: following, posts: posts, likesReceived: likes)
    }

    /// Usernames in the key range [prefix, prefix + DEL), read from the unique index in byte order.
    public func searchUsers(prefix: String, after: String?, limit: Int) async throws(StoreError) -> [User] {
        try await rows(
            """
            SELECT \(unescaped: UserColumns.list) FROM users
            WHERE username_key >= \(prefix) AND username_key > \(after ?? "") AND username_key < \(prefix + "\u{7F}")
            ORDER BY username_key LIMIT \(max(0, limit))
            """
        ).map(UserColumns.decode)
    }

    // MARK: Follows

    /// Follows or unfollows, with its notification, in one transaction.
    public func setFollow(
        followerID: UserID, followeeID: UserID, following: Bool, at date: Date, notification: NetworkNotification?
    ) async throws(StoreError) -> Bool {
        let (follower, followee) = (followerID.rawValue, followeeID.rawValue)
        return try await toggle(
            following,
            add: """
                INSERT INTO follows (follower_id, followee_id, created_at)
                VALUES (\(follower), \(followee), \(date.timeIntervalSinceReferenceDate))
                ON CONFLICT DO NOTHING RETURNING 1
                """,
            remove: "DELETE FROM follows WHERE follower_id = \(follower) AND followee_id = \(followee) RETURNING 1",
            forget: """
                DELETE FROM notifications WHERE actor_id = \(follower) AND kind = 'follow' AND recipient_id = \(followee)
                """,
            notification: notification)
    }

    /// Adds (`add`, an `INSERT … ON CONFLICT DO NOTHING RETURNING 1`) or removes (`remove`, a
    /// `DELETE … RETURNING 1`, then `forget` for the notification it caused) one link, in one
    /// transaction; a new link stores and announces `notification`. Returns whether anything changed.
    func toggle(
        _ on: Bool, add: PostgresQuery, remove: PostgresQuery, forget: PostgresQuery,
        notification: NetworkNotification?
    ) async throws(StoreError) -> Bool {
        try await transaction { connection in
            guard on else {
                let removed = try await connection.query(remove, logger: Self.logger).collect()
                try await connection.query(forget, logger: Self.logger)
                return !removed.isEmpty
            }
            guard try await !connection.query(add, logger: Self.logger).collect().isEmpty else { return false }
            if let notification {
                try await connection.query(NotificationColumns.insert(notification), logger: Self.logger)
                try await connection.query(announce(.notification(notification.id)), logger: Self.logger)
            }
            return true
        }
    }

    /// Whether one user follows another.
    public func isFollowing(followerID: UserID, followeeID: UserID) async throws(StoreError) -> Bool {
        try await !rows(
            "SELECT 1 FROM follows WHERE follower_id = \(followerID.rawValue) AND followee_id = \(followeeID.rawValue)"
        ).isEmpty
    }

    /// A user's followers, most recent first.
    public func followers(of userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser] {
        try await datedUsers(
            table: "follows", key: "followee_id", other: "follower_id", id: userID.rawValue, after: after, limit: limit)
    }

    /// The people a user follows, most recent first.
    public func followees(of userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser] {
        try await datedUsers(
            table: "follows", key: "follower_id", other: "followee_id", id: userID.rawValue, after: after, limit: limit)
    }

    /// Users linked to `id` through `table` (follows, likes), newest link first, from the index
    /// on (`key`, created_at, `other`). Table and column names are fixed strings of this file.
    func datedUsers(table: String, key: String, other: String, id: String, after: KeysetCursor?, limit: Int)
        async throws(StoreError) -> [DatedUser]
    {
        var builder = SQLBuilder()
        let idPlaceholder = builder.bind(id)
        let condition = builder.keyset(after, "l.created_at", "l.\(other)")
        builder.sql = """
            SELECT \(DatedUserColumns.list), l.created_at FROM \(table) l JOIN users u ON u.id = l.\(other)
            WHERE l.\(key) = \(idPlaceholder) \(condition)
            ORDER BY l.created_at DESC, l.\(other) DESC LIMIT \(builder.bind(max(0, limit)))
            """
        return try await rows(builder.query).map(DatedUserColumns.decode)
    }

    // MARK: Posts

    /// Adds a post and its photos in one transaction.
    public func insertPost(_ post: Post, photos: [PostPhoto]) async throws(StoreError) {
        try await transaction { connection in
            try await connection.query(
                """
                INSERT INTO posts (id, author_id, caption, filter, width, height, created_at)
                VALUES (\(post.id.rawValue), \(post.authorID.rawValue), \(post.caption), \(post.filter), \(post.width),
                        \(post.height), \(post.createdAt.timeIntervalSinceReferenceDate))
                """, logger: Self.logger)
            for photo in photos {
                try await connection.query(
                    "INSERT INTO post_photos (post_id, size, jpeg) VALUES (\(post.id.rawValue), \(photo.size), \(photo.jpeg.buffer))",
                    logger: Self.logger)
            }
        }
    }

    /// The post with this id.
    public func post(id: PostID) async throws(StoreError) -> Post? {
        try await rows("SELECT \(unescaped: PostColumns.list) FROM posts p WHERE p.id = \(id.rawValue)")
            .first.map(PostColumns.decode)
    }

    /// The post as a viewer sees it.
    public func postView(id: PostID, viewerID: UserID) async throws(StoreError) -> PostView? {
        var builder = SQLBuilder()
        let viewer = builder.bind(viewerID.rawValue)
        builder.sql = """
            SELECT \(PostViewColumns.list(viewer: viewer)) FROM posts p \(PostViewColumns.joins)
            WHERE p.id = \(builder.bind(id.rawValue))
            """
        return try await rows(builder.query).first.map(PostViewColumns.decode)
    }

    /// A user's posts in order, after the cursor.
    public func posts(by authorID: UserID, viewerID: UserID, order: FeedOrder, after: FeedCursor?, limit: Int)
        async throws(StoreError) -> [PostView]
    {
        var builder = SQLBuilder()
        let viewer = builder.bind(viewerID.rawValue)
        let author = builder.bind(authorID.rawValue)
        return try await feed(
            builder: &builder, viewer: viewer, authors: "SELECT \(author)::text AS author", order, after, limit)
    }

    /// Deletes a post; photos, likes, comments and notifications go by cascade.
    public func deletePost(id: PostID) async throws(StoreError) -> Bool {
        try await !rows("DELETE FROM posts WHERE id = \(id.rawValue) RETURNING 1").isEmpty
    }

    /// One stored size of a post's photo.
    public func postPhoto(postID: PostID, size: Int) async throws(StoreError) -> PostPhoto? {
        try await rows("SELECT jpeg FROM post_photos WHERE post_id = \(postID.rawValue) AND size = \(size)")
            .first.map { row throws(StoreError) in
                PostPhoto(postID: postID, size: size, jpeg: try row.columns(Data.self))
            }
    }

    // MARK: Likes and comments

    /// Likes or unlikes, with its notification, in one transaction; the count follows through the trigger.
    public func setPostLike(
        postID: PostID, userID: UserID, liked: Bool, at date: Date, notification: NetworkNotification?
    ) async throws(StoreError) -> Bool {
        let (post, user) = (postID.rawValue, userID.rawValue)
        return try await toggle(
            liked,
            add: """
                INSERT INTO post_likes (post_id, user_id, created_at)
                VALUES (\(post), \(user), \(date.timeIntervalSinceReferenceDate))
                ON CONFLICT DO NOTHING RETURNING 1
                """,
            remove: "DELETE FROM post_likes WHERE post_id = \(post) AND user_id = \(user) RETURNING 1",
            forget: "DELETE FROM notifications WHERE actor_id = \(user) AND kind = 'like' AND post_id = \(post)",
            notification: notification)
    }

    /// The people who like a post, most recent first.
    public func likers(of postID: PostID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser] {
        try await datedUsers(
            table: "post_likes", key: "post_id", other: "user_id", id: postID.rawValue, after: after, limit: limit)
    }

    /// Adds a comment with its notification, in one transaction.
    public func insertComment(_ comment: PostComment, notification: NetworkNotification?) async throws(StoreError) {
        try await transaction { connection in
            try await connection.query(
                """
                INSERT INTO comments (\(unescaped: CommentColumns.list))
                VALUES (\(comment.id.rawValue), \(comment.postID.rawValue), \(comment.authorID.rawValue), \(comment.text),
                        \(comment.createdAt.timeIntervalSinceReferenceDate))
                """, logger: Self.logger)
            if let notification {
                try await connection.query(NotificationColumns.insert(notification), logger: Self.logger)
                try await connection.query(announce(.notification(notification.id)), logger: Self.logger)
            }
        }
    }

    /// The comment with this id.
    public func comment(id: CommentID) async throws(StoreError) -> PostComment? {
        try await rows("SELECT \(unescaped: CommentColumns.list) FROM comments WHERE id = \(id.rawValue)")
            .first.map(CommentColumns.decode)
    }

    /// A post's comments, oldest first.
    public func comments(on postID: PostID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [PostComment]
    {
        var builder = SQLBuilder()
        let post = builder.bind(postID.rawValue)
        let condition = builder.keyset(after, "created_at", "id", ascending: true)
        builder.sql = """
            SELECT \(CommentColumns.list) FROM comments WHERE post_id = \(post) \(condition)
            ORDER BY created_at, id LIMIT \(builder.bind(max(0, limit)))
            """
        return try await rows(builder.query).map(CommentColumns.decode)
    }

    /// Deletes a comment; its notification goes by cascade.
    public func deleteComment(id: CommentID) async throws(StoreError) -> Bool {
        try await !rows("DELETE FROM comments WHERE id = \(id.rawValue) RETURNING 1").isEmpty
    }

    // MARK: Feeds

    /// The home feed: the posts of the user and of the people they follow, one query. PostgreSQL
    /// reads `follows_by_follower` for the authors, then each author's posts from
    /// `posts_by_author_date` (or `_likes`) after the cursor, and keeps the top `limit`.
    public func homeFeed(userID: UserID, order: FeedOrder, after: FeedCursor?, limit: Int) async throws(StoreError)
        -> [PostView]
    {
        var builder = SQLBuilder()
        let viewer = builder.bind(userID.rawValue)
        return try await feed(builder: &builder, viewer: viewer, authors: Self.homeAuthors(viewer), order, after, limit)
    }

    /// A page of posts whose author matches `authors`, in `order` after the cursor, as views.
    func feed(
        builder: inout SQLBuilder, viewer: String, authors: String, _ order: FeedOrder, _ after: FeedCursor?,
        _ limit: Int
    ) async throws(StoreError) -> [PostView] {
        Self.buildFeed(&builder, viewer: viewer, authors: authors, order, after, limit)
        return try await rows(builder.query).map(PostViewColumns.decode)
    }

    /// The feed query. `authors` yields one `author` column (the people followed and the viewer,
    /// or one author); for each author a LATERAL subquery reads at most `limit` posts after the
    /// cursor from `posts_by_author_date` (or `_likes`), so a page costs one short index range
    /// scan per author whatever the table's size; the top `limit` of those are then completed with
    /// their authors, first comments and the viewer's likes.
    static func buildFeed(
        _ builder: inout SQLBuilder, viewer: String, authors: String, _ order: FeedOrder, _ after: FeedCursor?,
        _ limit: Int
    ) {
        let keys = order.key == .likes ? ["like_count", "created_at", "id"] : ["created_at", "id"]
        let descending = order.direction == .descending
        var condition = ""
        if let after {
            var values: [String] = []
            if order.key == .likes { values.append(builder.bind(after.likeCount)) }
            values.append(builder.bind(after.createdAt.timeIntervalSinceReferenceDate))
            values.append(builder.bind(after.postID.rawValue))
            let columns = keys.map { "q.\($0)" }.joined(separator: ", ")
            condition = "AND (\(columns)) \(descending ? "<" : ">") (\(values.joined(separator: ", ")))"
        }
        let direction = descending ? "DESC" : "ASC"
        let orderBy = { (alias: String) in keys.map { "\(alias).\($0) \(direction)" }.joined(separator: ", ") }
        let count = builder.bind(max(0, limit))
        // The inner scans read only the index's own columns (index-only scans); the page's 30
        // rows are then fetched by primary key.
        let keyColumns = keys.map { "q.\($0)" }.joined(separator: ", ")
        builder.sql = """
            SELECT \(PostViewColumns.list(viewer: viewer)) FROM (
                SELECT q.* FROM (\(authors)) a
                CROSS JOIN LATERAL (
                    SELECT \(keyColumns) FROM posts q WHERE q.author_id = a.author \(condition)
                    ORDER BY \(orderBy("q")) LIMIT \(count)
                ) q
                ORDER BY \(orderBy("q")) LIMIT \(count)
            ) page JOIN posts p ON p.id = page.id \(PostViewColumns.joins)
            ORDER BY \(orderBy("p"))
            """
    }

    /// How PostgreSQL runs the first page of a user's home feed (`EXPLAIN ANALYZE`), one line per plan node.
    public func homeFeedQueryPlan(userID: UserID, order: FeedOrder) async throws(StoreError) -> [String] {
        var builder = SQLBuilder()
        let viewer = builder.bind(userID.rawValue)
        Self.buildFeed(&builder, viewer: viewer, authors: Self.homeAuthors(viewer), order, nil, 30)
        builder.sql = "EXPLAIN (ANALYZE, COSTS OFF) " + builder.sql
        return try await rows(builder.query).map { row throws(StoreError) in try row.columns(String.self) }
    }

    /// The authors of a home feed: the people the viewer follows, and the viewer.
    static func homeAuthors(_ viewer: String) -> String {
        "SELECT followee_id AS author FROM follows WHERE follower_id = \(viewer) UNION SELECT \(viewer)"
    }

    /// Everyone's posts by their seeded rank. The rank is ``ExploreOrder/rank(seed:postID:)``,
    /// computed here rather than in SQL so that every store orders exactly alike; the ids are read
    /// from the primary-key index, then the page's posts in one query.
    public func explore(viewerID: UserID, seed: UInt64, after: ExploreCursor?, limit: Int) async throws(StoreError)
        -> [PostView]
    {
        let ids = try await rows("SELECT id FROM posts").map { row throws(StoreError) in
            PostID(rawValue: try row.columns(String.self))
        }
        var ranked = ids.map { (rank: ExploreOrder.rank(seed: seed, postID: $0), id: $0) }
        if let after {
            ranked.removeAll { ($0.rank, $0.id.rawValue) <= (after.rank, after.postID.rawValue) }
        }
        let page = ranked.sorted { ($0.rank, $0.id.rawValue) < ($1.rank, $1.id.rawValue) }.prefix(max(0, limit))
        guard !page.isEmpty else { return [] }
        var builder = SQLBuilder()
        let viewer = builder.bind(viewerID.rawValue)
        builder.sql = """
            SELECT \(PostViewColumns.list(viewer: viewer)) FROM posts p \(PostViewColumns.joins)
            WHERE p.id = ANY(\(builder.bind(page.map(\.id.rawValue))))
            """
        let views = try await rows(builder.query).map(PostViewColumns.decode)
        let position = Dictionary(uniqueKeysWithValues: page.enumerated().map { ($1.id, $0) })
        return views.sorted { position[$0.post.id, default: 0] < position[$1.post.id, default: 0] }
    }
}
