import Foundation
import GRDB
import SocialModel

extension SQLiteSocialStore: FeedStore {
    /// A user's posts in order, after the cursor.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func posts(by authorID: UserID, viewerID: UserID, order: FeedOrder, after: FeedCursor?, limit: Int)
        async throws(StoreError) -> [PostView]
    {
        try await read { db in
            let clauses = Self.feedClauses(order, alias: "p")
            var arguments: StatementArguments = [authorID.rawValue]
            var condition = ""
            if let after {
                condition = "AND " + clauses.after
                arguments += Self.feedArguments(after, order)
            }
            let ids = try String.fetchAll(
                db.cachedStatement(
                    sql:
                        "SELECT p.id FROM posts p WHERE p.author_id = ? \(condition) ORDER BY \(clauses.orderBy) LIMIT ?"
                ),
                arguments: arguments + [max(0, limit)])
            return try Self.views(ids: ids, viewerID: viewerID, db)
        }
    }

    /// The home feed, in at most three index-only queries and one fetch of the page's rows.
    ///
    /// The window is the newest (in the feed's order) ``homeFeedWindow`` posts of everyone from
    /// the cursor on; a first query finds its far edge, the key of its last post. The second walks
    /// the covering index of everyone's posts from the cursor towards that edge and stops at the
    /// page's last post by a followed author, so a user who follows many others pays for a few
    /// hundred index entries, never more than a window. When the window holds a full page, that
    /// page is exact, since every later post sorts after the whole window. Otherwise (few
    /// followees, or a sparse stretch) each followed author's posts are read from the per-author
    /// index and merged, which is cheap exactly when they are few. With fewer posts than a window
    /// left, the walk has no bound and is the answer.
    ///
    /// A walk within the window measured faster than per-author reads within it for a user who
    /// follows 200 of 10,000 (`social-feed-bench`), so the per-author index serves only the
    /// fallback.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func homeFeed(userID: UserID, order: FeedOrder, after: FeedCursor?, limit: Int) async throws(StoreError)
        -> [PostView]
    {
        let windowSize = homeFeedWindow
        return try await read { db in
            let limit = max(0, limit)
            let paged = after != nil
            var cursor: StatementArguments = []
            if let after { cursor += Self.feedArguments(after, order) }
            let followed: StatementArguments = [userID.rawValue, userID.rawValue]
            let edge = try Row.fetchOne(
                db.cachedStatement(sql: Self.homeFeedWindowEdgeSQL(order: order, paged: paged)),
                arguments: cursor + [windowSize - 1]
            ).map { StatementArguments($0.databaseValues) }
            var ids = try String.fetchAll(
                db.cachedStatement(
                    sql: Self.homeFeedSQL(order: order, paged: paged, window: edge != nil, walk: true)),
                arguments: followed + cursor + (edge ?? []) + [limit])
            if ids.count < limit, edge != nil {
                ids = try String.fetchAll(
                    db.cachedStatement(sql: Self.homeFeedSQL(order: order, paged: paged, window: false, walk: false)),
                    arguments: followed + cursor + [limit])
            }
            return try Self.views(ids: ids, viewerID: userID, db)
        }
    }

    /// The key of the window's last post (its arguments: the cursor's key when `paged`, then the
    /// window size less one); no row when fewer posts than a window remain.
    static func homeFeedWindowEdgeSQL(order: FeedOrder, paged: Bool) -> String {
        let clauses = feedClauses(order, alias: "w")
        return """
            SELECT \(clauses.keys) FROM posts w INDEXED BY \(feedIndex(order, perAuthor: false))
            \(paged ? "WHERE " + clauses.after : "") ORDER BY \(clauses.orderBy) LIMIT 1 OFFSET ?
            """
    }

    /// The page's post ids, read by a walk down the index of everyone's posts (`walk`) or from the
    /// per-author index. Its arguments: the user twice, the cursor's key (when `paged`), the
    /// window's edge (when `window`) and the limit.
    static func homeFeedSQL(order: FeedOrder, paged: Bool, window: Bool, walk: Bool) -> String {
        let clauses = feedClauses(order, alias: "p")
        let conditions =
            ["p.author_id IN \(followedSQL)"] + (paged ? [clauses.after] : []) + (window ? [clauses.within] : [])
        return """
            SELECT p.id FROM posts p INDEXED BY \(feedIndex(order, perAuthor: !walk))
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY \(clauses.orderBy) LIMIT ?
            """
    }

    /// The authors of a user's home feed: those followed, and the user (bound twice).
    static let followedSQL = "(SELECT followee_id FROM follows WHERE follower_id = ? UNION ALL SELECT ?)"

    /// The covering index that holds posts in the feed's order, everyone's or each author's.
    static func feedIndex(_ order: FeedOrder, perAuthor: Bool) -> String {
        (perAuthor ? "posts_by_author_" : "posts_by_") + (order.key == .likes ? "likes" : "date")
    }

    /// The key columns, comparisons and ordering of a feed query for `order`: row-value
    /// comparisons, so the next page starts at an index seek rather than an offset. `after` keeps
    /// what sorts after the cursor's key; `within` what sorts no later than the window's edge.
    static func feedClauses(_ order: FeedOrder, alias: String) -> (
        keys: String, after: String, within: String, orderBy: String
    ) {
        let keys =
            order.key == .likes
            ? ["\(alias).like_count", "\(alias).created_at", "\(alias).id"] : ["\(alias).created_at", "\(alias).id"]
        let descending = order.direction == .descending
        let tuple = "(\(keys.joined(separator: ", ")))"
        let placeholders = "(" + keys.map { _ in "?" }.joined(separator: ", ") + ")"
        let after = "\(tuple) \(descending ? "<" : ">") \(placeholders)"
        let within = "\(tuple) \(descending ? ">=" : "<=") \(placeholders)"
        let orderBy = keys.map { "\($0) \(descending ? "DESC" : "ASC")" }.joined(separator: ", ")
        return (keys.joined(separator: ", "), after, within, orderBy)
    }

    static func feedArguments(_ cursor: FeedCursor, _ order: FeedOrder) -> StatementArguments {
        let tail: StatementArguments = [cursor.createdAt.timeIntervalSinceReferenceDate, cursor.postID.rawValue]
        return order.key == .likes ? [cursor.likeCount] + tail : tail
    }

    /// Everyone's posts by their seeded rank (computed by the `explore_rank` SQL function).
    ///
    /// - Throws: `StoreError` when the store fails.
    public func explore(viewerID: UserID, seed: UInt64, after: ExploreCursor?, limit: Int) async throws(StoreError)
        -> [PostView]
    {
        try await read { db in
            var arguments: StatementArguments = [Int64(bitPattern: seed)]
            var condition = ""
            if let after {
                condition = "WHERE (rank, id) > (?, ?)"
                arguments += [after.rank, after.postID.rawValue]
            }
            let ids = try String.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT id FROM (SELECT id, explore_rank(?, id) AS rank FROM posts)
                        \(condition) ORDER BY rank, id LIMIT ?
                        """), arguments: arguments + [max(0, limit)])
            return try Self.views(ids: ids, viewerID: viewerID, db)
        }
    }

    /// The `explore_rank(seed, id)` SQL function, installed on every connection.
    static let exploreRankFunction = DatabaseFunction("explore_rank", argumentCount: 2, pure: true) { values in
        guard let seed = Int64.fromDatabaseValue(values[0]), let id = String.fromDatabaseValue(values[1]) else {
            return nil
        }
        return ExploreOrder.rank(seed: UInt64(bitPattern: seed), postID: PostID(rawValue: id))
    }
}
