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

    /// The home feed, in one query, or two when the first finds too few posts.
    ///
    /// The first walks `posts_by_date` (or `posts_by_likes`), everyone's posts in the feed's order
    /// from the cursor on, keeps those by followed authors (a hash of the people followed, built
    /// once) and stops at the page's last one, looking at most at
    /// ``PostgresStoreConfiguration/homeFeedWindow`` posts: a user who follows 200 of 10,000 finds
    /// a page of 20 within about 1,500 index entries. When it fills the page, the page is exact,
    /// since every post it did not look at sorts after it. Otherwise (few people followed, quiet
    /// ones, or the feed's end) each followed author's posts are read from the per-author index
    /// and merged, which is cheap exactly when they are few. This is the SQLite store's plan too.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func homeFeed(userID: UserID, order: FeedOrder, after: FeedCursor?, limit: Int) async throws(StoreError)
        -> [PostView]
    {
        try await homeFeed(order.shape, userID: userID, after: after, limit: limit)
    }

    /// The home feed in an order given as a type, whose two queries are prepared statements.
    private func homeFeed<Order: FeedOrderShape>(
        _: Order.Type, userID: UserID, after: FeedCursor?, limit: Int
    ) async throws(StoreError) -> [PostView] {
        let window = configuration.homeFeedWindow
        let walk = Self.homeFeedQuery(userID: userID, Order.order, after, limit, walk: window)
        let page = try await fetch(Prepared<HomeFeedShape<Order, Walk>>(walk)) { try $0.postView() }
        guard page.count < limit else { return page }
        let perAuthor = Self.homeFeedQuery(userID: userID, Order.order, after, limit, walk: nil)
        return try await fetch(Prepared<HomeFeedShape<Order, PerAuthor>>(perAuthor)) { try $0.postView() }
    }

    /// A home feed query: the walk within a window of `walk` posts, or (`nil`) the per-author
    /// reads. The first page binds a cursor before every post, so every page of an order is one
    /// statement.
    static func homeFeedQuery(userID: UserID, _ order: FeedOrder, _ after: FeedCursor?, _ limit: Int, walk: Int?)
        -> SQLBuilder
    {
        var builder = SQLBuilder()
        let viewer = builder.bind(userID.rawValue)
        let after = after ?? FeedClauses(order).beforeEveryPost
        if let walk {
            buildHomeFeedWalk(&builder, viewer: viewer, window: walk, order, after, limit)
        } else {
            buildFeed(&builder, viewer: viewer, authors: homeAuthors(viewer), order, after, limit)
        }
        return builder
    }

    /// The walk: the first `window` posts in the feed's order after the cursor, from the index of
    /// everyone's posts, read only as far as the page's last post by a followed author. The
    /// membership test is `(… IN (…)) IS TRUE` so that PostgreSQL keeps it a hashed filter on the
    /// ordered scan; a plain `IN` becomes a join that reads every followed author's posts.
    static func buildHomeFeedWalk(
        _ builder: inout SQLBuilder, viewer: String, window: Int, _ order: FeedOrder, _ after: FeedCursor?,
        _ limit: Int
    ) {
        let clauses = FeedClauses(order)
        let condition = clauses.after(after, alias: "q", &builder)
        let windowSize = builder.bind(max(1, window))
        let count = builder.bind(max(0, limit))
        builder.sql = clauses.page(
            viewer: viewer,
            keys: """
                SELECT \(clauses.columns("w")) FROM (
                    SELECT \(clauses.columns("q")), q.author_id FROM posts q
                    WHERE TRUE \(condition) ORDER BY \(clauses.orderBy("q")) LIMIT \(windowSize)
                ) w
                WHERE (w.author_id IN (\(homeAuthors(viewer, distinct: false)))) IS TRUE
                ORDER BY \(clauses.orderBy("w")) LIMIT \(count)
                """)
    }

    /// The per-author query. `authors` yields one `author` column (the people followed and the
    /// viewer, or one author); for each author a LATERAL subquery reads at most `limit` posts after
    /// the cursor from `posts_by_author_date` (or `_likes`), so a page costs one short index range
    /// scan per author whatever the table's size; the top `limit` of those are then completed with
    /// their authors, first comments and the viewer's likes.
    static func buildFeed(
        _ builder: inout SQLBuilder, viewer: String, authors: String, _ order: FeedOrder, _ after: FeedCursor?,
        _ limit: Int
    ) {
        let clauses = FeedClauses(order)
        let condition = clauses.after(after, alias: "q", &builder)
        let count = builder.bind(max(0, limit))
        // The inner scans read only the index's own columns (index-only scans).
        builder.sql = clauses.page(
            viewer: viewer,
            keys: """
                SELECT q.* FROM (\(authors)) a
                CROSS JOIN LATERAL (
                    SELECT \(clauses.columns("q")) FROM posts q WHERE q.author_id = a.author \(condition)
                    ORDER BY \(clauses.orderBy("q")) LIMIT \(count)
                ) q
                ORDER BY \(clauses.orderBy("q")) LIMIT \(count)
                """)
    }

    /// The key columns of a feed's order, its cursor condition and its ordering: row-value
    /// comparisons, so the next page starts at an index seek rather than an offset.
    struct FeedClauses {
        let keys: [String]
        let descending: Bool

        init(_ order: FeedOrder) {
            keys = order.key == .likes ? ["like_count", "created_at", "id"] : ["created_at", "id"]
            descending = order.direction == .descending
        }

        func columns(_ alias: String) -> String { keys.map { "\(alias).\($0)" }.joined(separator: ", ") }

        func orderBy(_ alias: String) -> String {
            keys.map { "\(alias).\($0) \(descending ? "DESC" : "ASC")" }.joined(separator: ", ")
        }

        /// A page's posts as their viewer sees them, in order: `keys` selects the page's key
        /// columns (its posts' ids among them), read from indexes; the page's rows are then
        /// fetched by primary key and completed with their authors, first comments and likes.
        func page(viewer: String, keys: String) -> String {
            """
            SELECT \(viewColumns(viewer: viewer)) FROM (
            \(keys)
            ) page JOIN posts p ON p.id = page.id \(viewJoins)
            ORDER BY \(orderBy("p"))
            """
        }

        /// A cursor that every post sorts after: the largest key for a descending order, the
        /// smallest for an ascending one (dates are finite, so infinity is beyond them all).
        var beforeEveryPost: FeedCursor {
            FeedCursor(
                likeCount: descending ? Int.max : Int.min,
                createdAt: Date(timeIntervalSinceReferenceDate: descending ? .infinity : -.infinity),
                postID: PostID(rawValue: ""))
        }

        /// `AND (keys) < (cursor)` (`>` ascending), with the cursor bound, or nothing without one.
        func after(_ cursor: FeedCursor?, alias: String, _ builder: inout SQLBuilder) -> String {
            guard let cursor else { return "" }
            var values: [String] = []
            if keys.count == 3 { values.append(builder.bind(cursor.likeCount)) }
            values.append(builder.bind(cursor.createdAt.timeIntervalSinceReferenceDate))
            values.append(builder.bind(cursor.postID.rawValue))
            return "AND (\(columns(alias))) \(descending ? "<" : ">") (\(values.joined(separator: ", ")))"
        }
    }

    /// How PostgreSQL runs the first page of a user's home feed (`EXPLAIN ANALYZE`), one line per
    /// plan node: the walk within the window, then the per-author reads, each after a heading line.
    /// These are the plans the pages run with: the generic plans of the prepared statements.
    /// - Parameters:
    ///   - userID: whose home feed.
    ///   - order: the feed's order.
    ///   - paged: whether the page follows a cursor (a later page) rather than being the first.
    /// - Returns: the plan's lines.
    /// - Throws: `StoreError` when the query fails.
    public func homeFeedQueryPlan(userID: UserID, order: FeedOrder, paged: Bool = false) async throws(StoreError)
        -> [String]
    {
        let cursor =
            paged
            ? FeedCursor(
                likeCount: Int(Int32.max), createdAt: Date(timeIntervalSinceReferenceDate: 4e9),
                postID: PostID(rawValue: "pst_~")) : nil
        let walk = Self.homeFeedQuery(userID: userID, order, cursor, 30, walk: configuration.homeFeedWindow)
        let perAuthor = Self.homeFeedQuery(userID: userID, order, cursor, 30, walk: nil)
        return try await homeFeedQueryPlan(order.shape, walk: walk, perAuthor: perAuthor)
    }

    private func homeFeedQueryPlan<Order: FeedOrderShape>(_: Order.Type, walk: SQLBuilder, perAuthor: SQLBuilder)
        async throws(StoreError) -> [String]
    {
        ["walk within the window:"] + (try await plan(Prepared<HomeFeedShape<Order, Walk>>(walk)))
            + ["per-author fallback:"] + (try await plan(Prepared<HomeFeedShape<Order, PerAuthor>>(perAuthor)))
    }

    /// The authors of a home feed: the people the viewer follows, and the viewer. With
    /// `distinct: false` a viewer who follows themselves is listed twice, which a membership test
    /// ignores; it spares PostgreSQL a hash of the list made only to drop that repeat, before the
    /// test builds its own.
    static func homeAuthors(_ viewer: String, distinct: Bool = true) -> String {
        let union = distinct ? "UNION" : "UNION ALL"
        return "SELECT followee_id AS author FROM follows WHERE follower_id = \(viewer) \(union) SELECT \(viewer)"
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
