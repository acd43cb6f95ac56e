import Foundation
import PostgresNIO
import SocialModel
import SocialModelSQL

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

    /// The home feed, in one query, or in the like orders two when the first finds too few posts.
    ///
    /// In the date orders a page is one range of the viewer's home timeline (the `home_timeline`
    /// table, written when posts and follows change): twenty index entries, whatever the size of
    /// the network. In the like orders, where a like would move a post in every follower's
    /// timeline, the first query walks `posts_by_likes`, everyone's posts in the feed's order from
    /// the cursor on, keeps those by followed authors (a hash of the people followed, built once)
    /// and stops at the page's last one, looking at most at
    /// ``PostgresStoreConfiguration/homeFeedWindow`` posts. When it fills the page, the page is
    /// exact, since every post it did not look at sorts after it. Otherwise (few people followed,
    /// quiet ones, or the feed's end) each followed author's posts are read from the per-author
    /// index and merged, which is cheap exactly when they are few. This is the SQLite store's plan.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func homeFeed(userID: UserID, order: FeedOrder, after: FeedCursor?, limit: Int) async throws(StoreError)
        -> [PostView]
    {
        try await homeFeed(order.shape, userID: userID, after: after, limit: limit)
    }

    /// The home feed in an order given as a type, whose queries are prepared statements.
    private func homeFeed<Order: FeedOrderShape>(
        _: Order.Type, userID: UserID, after: FeedCursor?, limit: Int
    ) async throws(StoreError) -> [PostView] {
        let first = Self.homeFeedQuery(.user(userID), Order.order, after, limit, window: configuration.homeFeedWindow)
        let page = try await fetch(Prepared<HomeFeedShape<Order, FirstRead>>(first)) { try $0.postView() }
        return try await completed(page, Order.self, userID: userID, after: after, limit: limit)
    }

    /// A first read's page, or when a walk found fewer than `limit` posts, the per-author reads'
    /// page. A home timeline's short page is the feed's end.
    private func completed<Order: FeedOrderShape>(
        _ page: [PostView], _: Order.Type, userID: UserID, after: FeedCursor?, limit: Int
    ) async throws(StoreError) -> [PostView] {
        guard page.count < limit, Order.order.key == .likes else { return page }
        let perAuthor = Self.homeFeedQuery(.user(userID), Order.order, after, limit, window: nil)
        return try await fetch(Prepared<HomeFeedShape<Order, PerAuthor>>(perAuthor)) { try $0.postView() }
    }

    /// Whose home feed a query reads: a user's, or the user of the session whose token hashes to
    /// `tokenHash`, looked up by the same statement (its rows then start with the session and its
    /// user).
    enum HomeFeedViewer {
        case user(UserID)
        case session(tokenHash: Data)
    }

    /// A home feed query: the first read (the home timeline in the date orders, the walk within a
    /// window of `window` posts in the like orders), or (`nil`) the per-author reads, which take a
    /// user. The first page binds a cursor before every post, so every page of an order is one
    /// statement.
    static func homeFeedQuery(
        _ viewer: HomeFeedViewer, _ order: FeedOrder, _ after: FeedCursor?, _ limit: Int, window: Int?
    ) -> SQLBuilder {
        var builder = SQLBuilder()
        let after = after ?? FeedClauses(order).beforeEveryPost
        var session: String?
        let viewerID: String
        switch viewer {
        case .user(let userID):
            viewerID = builder.bind(userID.rawValue)
        case .session(let tokenHash):
            // The first read only: a page it leaves short is completed per author once the user is known.
            session = builder.bind(tokenHash.buffer)
            viewerID = "(SELECT user_id FROM su)"
        }
        if let window = window ?? (session == nil ? nil : 1) {
            if order.key == .date {
                buildHomeTimeline(&builder, viewer: viewerID, order, after, limit, session: session)
            } else {
                buildHomeFeedWalk(&builder, viewer: viewerID, window: window, order, after, limit, session: session)
            }
        } else {
            buildFeed(&builder, viewer: viewerID, authors: homeAuthors(viewerID), order, after, limit)
        }
        return builder
    }

    /// A range of the viewer's home timeline, read from its primary key in the feed's order.
    /// With `session` (the placeholder of a token hash), the session and its user are the
    /// statement's common table `su`, which `viewer` reads, and lead every row.
    static func buildHomeTimeline(
        _ builder: inout SQLBuilder, viewer: String, _ order: FeedOrder, _ after: FeedCursor?, _ limit: Int,
        session: String? = nil
    ) {
        let clauses = FeedClauses(order)
        let condition = clauses.after(after, alias: "t", id: "post_id", &builder)
        let count = builder.bind(max(0, limit))
        builder.sql = clauses.page(
            viewer: viewer, session: session,
            keys: """
                SELECT t.created_at, t.post_id AS id FROM home_timeline t JOIN posts hp ON hp.id = t.post_id
                WHERE t.user_id = \(viewer) AND \(SafetySQL.visible(to: viewer, other: "hp.author_id", .posts)) \(condition)
                ORDER BY \(clauses.orderBy("t", id: "post_id")) LIMIT \(count)
                """)
    }

    /// The walk: the first `window` posts in the feed's order after the cursor, from the index of
    /// everyone's posts, read only as far as the page's last post by a followed author. The
    /// membership test is `(… IN (…)) IS TRUE` so that PostgreSQL keeps it a hashed filter on the
    /// ordered scan; a plain `IN` becomes a join that reads every followed author's posts.
    /// With `session` (the placeholder of a token hash), the session and its user are the
    /// statement's common table `su`, which `viewer` reads, and lead every row.
    static func buildHomeFeedWalk(
        _ builder: inout SQLBuilder, viewer: String, window: Int, _ order: FeedOrder, _ after: FeedCursor?,
        _ limit: Int, session: String? = nil
    ) {
        let clauses = FeedClauses(order)
        let condition = clauses.after(after, alias: "q", &builder)
        let windowSize = builder.bind(max(1, window))
        let count = builder.bind(max(0, limit))
        builder.sql = clauses.page(
            viewer: viewer, session: session,
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

        /// The key columns of table `alias`, whose post id column is `id`.
        func columns(_ alias: String, id: String = "id") -> String {
            qualifiedKeys(alias, id: id).joined(separator: ", ")
        }

        func orderBy(_ alias: String, id: String = "id") -> String {
            qualifiedKeys(alias, id: id).map { "\($0) \(descending ? "DESC" : "ASC")" }.joined(separator: ", ")
        }

        private func qualifiedKeys(_ alias: String, id: String) -> [String] {
            keys.map { "\(alias).\($0 == "id" ? id : $0)" }
        }

        /// A page's posts as their viewer sees them, in order: `keys` selects the page's key
        /// columns (its posts' ids among them), read from indexes; the page's rows are then
        /// fetched by primary key and completed with their authors, first comments and likes.
        /// With `session`, a token hash's placeholder, the session and its user lead every row:
        /// the common table `su`, read once.
        func page(viewer: String, session: String? = nil, keys: String) -> String {
            let page = """
                SELECT \(session == nil ? "" : "su.*, ")\(viewColumns(viewer: viewer)) FROM (
                \(keys)
                ) page JOIN posts p ON p.id = page.id \(viewJoins)\(session == nil ? "" : " CROSS JOIN su")
                ORDER BY \(orderBy("p"))
                """
            guard let session else { return page }
            return "WITH su AS MATERIALIZED (\(SQLShape.sessionWithUser) WHERE s.token_hash = \(session))\n" + page
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
        func after(_ cursor: FeedCursor?, alias: String, id: String = "id", _ builder: inout SQLBuilder) -> String {
            guard let cursor else { return "" }
            var values: [String] = []
            if keys.count == 3 { values.append(builder.bind(cursor.likeCount)) }
            values.append(builder.bind(cursor.createdAt.timeIntervalSinceReferenceDate))
            values.append(builder.bind(cursor.postID.rawValue))
            return "AND (\(columns(alias, id: id))) \(descending ? "<" : ">") (\(values.joined(separator: ", ")))"
        }
    }

    /// How PostgreSQL runs the first page of a user's home feed (`EXPLAIN ANALYZE`), one line per
    /// plan node: the first read (the home timeline in the date orders, the walk within the
    /// window in the like orders), then the per-author reads (which only the like orders run), then
    /// the first read that also looks up a session (``sessionWithHomeFeed(tokenHash:order:after:limit:)``,
    /// here for a token no session has), each after a heading line: `first read:`,
    /// `per-author fallback:` and `first read with the session check:`.
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
        let window = configuration.homeFeedWindow
        let first = Self.homeFeedQuery(.user(userID), order, cursor, 30, window: window)
        let perAuthor = Self.homeFeedQuery(.user(userID), order, cursor, 30, window: nil)
        // No session has this token hash: the plan's shape is what matters, not its rows.
        let session = Self.homeFeedQuery(.session(tokenHash: Data(count: 32)), order, cursor, 30, window: window)
        return try await homeFeedQueryPlan(order.shape, first: first, perAuthor: perAuthor, session: session)
    }

    private func homeFeedQueryPlan<Order: FeedOrderShape>(
        _: Order.Type, first: SQLBuilder, perAuthor: SQLBuilder, session: SQLBuilder
    ) async throws(StoreError) -> [String] {
        ["first read:"] + (try await plan(Prepared<HomeFeedShape<Order, FirstRead>>(first)))
            + ["per-author fallback:"] + (try await plan(Prepared<HomeFeedShape<Order, PerAuthor>>(perAuthor)))
            + ["first read with the session check:"]
            + (try await plan(Prepared<HomeFeedShape<Order, SessionFirstRead>>(session)))
    }

    /// The authors of a home feed: the people the viewer follows whom a block or a mute does not
    /// hide, and the viewer. With
    /// `distinct: false` a viewer who follows themselves is listed twice, which a membership test
    /// ignores; it spares PostgreSQL a hash of the list made only to drop that repeat, before the
    /// test builds its own.
    static func homeAuthors(_ viewer: String, distinct: Bool = true) -> String {
        let union = distinct ? "UNION" : "UNION ALL"
        return """
            SELECT f.followee_id AS author FROM follows f
            WHERE f.follower_id = \(viewer) AND \(SafetySQL.visible(to: viewer, other: "f.followee_id", .posts))
            \(union) SELECT \(viewer)
            """
    }

    /// Everyone's posts by their seeded rank. The rank is `ExploreOrder.rank(seed:postID:)`,
    /// computed here rather than in SQL so that every store orders exactly alike; the ids are read
    /// from the primary-key index, then the page's posts in one query.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func explore(viewerID: UserID, seed: UInt64, after: ExploreCursor?, limit: Int) async throws(StoreError)
        -> [PostView]
    {
        var visible = SQLBuilder()
        let viewerPlaceholder = visible.bind(viewerID.rawValue)
        visible.sql =
            "SELECT p.id FROM posts p WHERE \(SafetySQL.visible(to: viewerPlaceholder, other: "p.author_id", .posts))"
        let ids = try await fetch(visible.query) { try $0.id(IDKind.Post.self) }
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

extension PostgresSocialStore: SessionFeedStore {
    /// A session, its user and their home feed: the session is looked up by the first read's own
    /// statement, so a signed-in home feed request makes one round trip, not two.
    ///
    /// When the first read finds no post it cannot tell a missing session from an empty feed (or
    /// window), and the session is read on its own; a like order's short page is completed per
    /// author, as ``homeFeed(userID:order:after:limit:)`` does.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func sessionWithHomeFeed(tokenHash: Data, order: FeedOrder, after: FeedCursor?, limit: Int)
        async throws(StoreError) -> (session: SessionRecord, user: User, posts: [PostView])?
    {
        try await sessionWithHomeFeed(order.shape, tokenHash: tokenHash, after: after, limit: limit)
    }

    private func sessionWithHomeFeed<Order: FeedOrderShape>(
        _: Order.Type, tokenHash: Data, after: FeedCursor?, limit: Int
    ) async throws(StoreError) -> (session: SessionRecord, user: User, posts: [PostView])? {
        let first = Self.homeFeedQuery(
            .session(tokenHash: tokenHash), Order.order, after, limit, window: configuration.homeFeedWindow)
        // Every row leads with the session and its user; the first row's are decoded, the rest skipped.
        var found: (session: SessionRecord, user: User)?
        let page = try await fetch(Prepared<HomeFeedShape<Order, SessionFirstRead>>(first)) { columns in
            if found == nil {
                found = try columns.sessionWithUser()
            } else {
                columns.skip(SQLShape.sessionWithUserColumns)
            }
            return try columns.postView()
        }
        if found == nil { found = try await sessionWithUser(tokenHash: tokenHash) }
        guard let found else { return nil }
        let posts = try await completed(page, Order.self, userID: found.user.id, after: after, limit: limit)
        return (found.session, found.user, posts)
    }
}
