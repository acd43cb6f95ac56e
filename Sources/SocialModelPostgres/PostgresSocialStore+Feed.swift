import Foundation
import PostgresNIO
import SocialModel

extension PostgresSocialStore: FeedStore {
    /// A user's posts in order, after the cursor.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func posts(by authorID: UserID, viewerID: UserID, order: FeedOrder, after: FeedCursor?, limit: Int)
        async throws(StoreError) -> [PostView]
    {
        var builder = SQLBuilder()
        let viewer = builder.bind(viewerID.rawValue)
        let author = builder.bind(authorID.rawValue)
        Self.buildFeed(&builder, viewer: viewer, authors: "SELECT \(author)::text AS author", order, after, limit)
        return try await fetch(builder.query) { try $0.postView() }
    }

    /// The home feed: the posts of the user and of the people they follow, one query. PostgreSQL
    /// reads `follows_by_follower` for the authors, then each author's posts from
    /// `posts_by_author_date` (or `_likes`) after the cursor, and keeps the top `limit`.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func homeFeed(userID: UserID, order: FeedOrder, after: FeedCursor?, limit: Int) async throws(StoreError)
        -> [PostView]
    {
        var builder = SQLBuilder()
        let viewer = builder.bind(userID.rawValue)
        Self.buildFeed(&builder, viewer: viewer, authors: Self.homeAuthors(viewer), order, after, limit)
        return try await fetch(builder.query) { try $0.postView() }
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
            SELECT \(viewColumns(viewer: viewer)) FROM (
                SELECT q.* FROM (\(authors)) a
                CROSS JOIN LATERAL (
                    SELECT \(keyColumns) FROM posts q WHERE q.author_id = a.author \(condition)
                    ORDER BY \(orderBy("q")) LIMIT \(count)
                ) q
                ORDER BY \(orderBy("q")) LIMIT \(count)
            ) page JOIN posts p ON p.id = page.id \(viewJoins)
            ORDER BY \(orderBy("p"))
            """
    }

    /// How PostgreSQL runs the first page of a user's home feed (`EXPLAIN ANALYZE`), one line per plan node.
    /// - Parameters:
    ///   - userID: whose home feed.
    ///   - order: the feed's order.
    /// - Returns: the plan's lines.
    /// - Throws: `StoreError` when the query fails.
    public func homeFeedQueryPlan(userID: UserID, order: FeedOrder) async throws(StoreError) -> [String] {
        var builder = SQLBuilder()
        let viewer = builder.bind(userID.rawValue)
        Self.buildFeed(&builder, viewer: viewer, authors: Self.homeAuthors(viewer), order, nil, 30)
        builder.sql = "EXPLAIN (ANALYZE, COSTS OFF) " + builder.sql
        return try await fetch(builder.query) { try $0.string() }
    }

    /// The authors of a home feed: the people the viewer follows, and the viewer.
    static func homeAuthors(_ viewer: String) -> String {
        "SELECT followee_id AS author FROM follows WHERE follower_id = \(viewer) UNION SELECT \(viewer)"
    }

    /// Everyone's posts by their seeded rank. The rank is `ExploreOrder.rank(seed:postID:)`,
    /// computed here rather than in SQL so that every store orders exactly alike; the ids are read
    /// from the primary-key index, then the page's posts in one query.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func explore(viewerID: UserID, seed: UInt64, after: ExploreCursor?, limit: Int) async throws(StoreError)
        -> [PostView]
    {
        let ids = try await fetch("SELECT id FROM posts") { try $0.id(IDKind.Post.self) }
        var ranked = ids.map { (rank: ExploreOrder.rank(seed: seed, postID: $0), id: $0) }
        if let after {
            ranked.removeAll { ($0.rank, $0.id.rawValue) <= (after.rank, after.postID.rawValue) }
        }
        let page = ranked.sorted { ($0.rank, $0.id.rawValue) < ($1.rank, $1.id.rawValue) }.prefix(max(0, limit))
        guard !page.isEmpty else { return [] }
        var builder = SQLBuilder()
        let viewer = builder.bind(viewerID.rawValue)
        builder.sql = """
            SELECT \(Self.viewColumns(viewer: viewer)) FROM posts p \(Self.viewJoins)
            WHERE p.id = ANY(\(builder.bind(page.map(\.id.rawValue))))
            """
        let views = try await fetch(builder.query) { try $0.postView() }
        let position = Dictionary(uniqueKeysWithValues: page.enumerated().map { ($1.id, $0) })
        return views.sorted { position[$0.post.id, default: 0] < position[$1.post.id, default: 0] }
    }
}
