import Foundation
import GRDB
import SocialModel
import SocialModelSQL

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

    /// The home feed. In a date order, one range of the user's home timeline, a table triggers
    /// keep with a row for each post in each follower's feed (see `SQLiteSchema`): the page's rows
    /// whatever the size of the network. In a like order, at most three index-only queries, then
    /// one fetch of the page's rows as in every order.
    ///
    /// The like orders' window is everyone's first ``homeFeedWindow`` posts in the feed's order
    /// from the cursor on; a first query finds its far edge, the key of its last post.
    /// The second walks the covering index of everyone's posts from the cursor towards that edge
    /// and stops at the page's last post by a followed author, so a user who follows many others
    /// pays for a few hundred index entries, never more than a window. When the window holds a
    /// full page, that page is exact, since every later post sorts after the whole window.
    /// Otherwise (few followees, or a sparse stretch) each followed author's posts are read from
    /// the per-author index and merged, which is cheap exactly when they are few. With fewer posts
    /// than a window left, the walk has no bound and is the answer.
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
            guard order.key == .likes else {
                let ids = try String.fetchAll(
                    db.cachedStatement(sql: Self.homeTimelineSQL(order: order, paged: paged)),
                    arguments: [userID.rawValue] + cursor + [limit])
                return try Self.views(ids: ids, viewerID: userID, db)
            }
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

    /// A page of the user's home timeline in a date order. Its arguments: the user, the cursor's
    /// key (when `paged`) and the limit.
    static func homeTimelineSQL(order: FeedOrder, paged: Bool) -> String {
        let clauses = feedClauses(order, alias: "t", id: "post_id")
        return """
            SELECT t.post_id FROM home_timeline t CROSS JOIN posts p ON p.id = t.post_id
            WHERE t.user_id = ? AND \(SafetySQL.visible(to: "?1", other: "p.author_id", .posts))
            \(paged ? "AND " + clauses.after : "")
            ORDER BY \(clauses.orderBy) LIMIT ?
            """
    }

    /// The key of the like-order window's last post (its arguments: the cursor's key when
    /// `paged`, then the window size less one); no row when fewer posts than a window remain.
    static func homeFeedWindowEdgeSQL(order: FeedOrder, paged: Bool) -> String {
        let clauses = feedClauses(order, alias: "w")
        return """
            SELECT \(clauses.keys) FROM posts w INDEXED BY posts_by_likes
            \(paged ? "WHERE " + clauses.after : "") ORDER BY \(clauses.orderBy) LIMIT 1 OFFSET ?
            """
    }

    /// A like-order page's post ids, read by a walk down the index of everyone's posts (`walk`)
    /// or from the per-author index. Its arguments: the user twice, the cursor's key (when
    /// `paged`), the window's edge (when `window`) and the limit.
    static func homeFeedSQL(order: FeedOrder, paged: Bool, window: Bool, walk: Bool) -> String {
        let clauses = feedClauses(order, alias: "p")
        let conditions =
            ["p.author_id IN \(followedSQL)"] + (paged ? [clauses.after] : []) + (window ? [clauses.within] : [])
        return """
            SELECT p.id FROM posts p INDEXED BY \(walk ? "posts_by_likes" : "posts_by_author_likes")
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY \(clauses.orderBy) LIMIT ?
            """
    }

    /// The authors of a user's home feed: those followed whom a block or a mute does not hide,
    /// and the user (bound twice, first in the statement).
    static let followedSQL = """
        (SELECT f.followee_id FROM follows f
        WHERE f.follower_id = ? AND \(SafetySQL.visible(to: "?1", other: "f.followee_id", .posts)) UNION ALL SELECT ?)
        """

    /// The key columns, comparisons and ordering of a feed query for `order`: row-value
    /// comparisons, so the next page starts at an index seek rather than an offset. `after` keeps
    /// what sorts after the cursor's key; `within` what sorts no later than the window's edge.
    /// `id` names the post id's column (the home timeline's is `post_id`).
    static func feedClauses(_ order: FeedOrder, alias: String, id: String = "id") -> (
        keys: String, after: String, within: String, orderBy: String
    ) {
        let keys =
            (order.key == .likes ? ["\(alias).like_count"] : []) + ["\(alias).created_at", "\(alias).\(id)"]
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
            var arguments: StatementArguments = [Int64(bitPattern: seed), viewerID.rawValue]
            var condition = ""
            if let after {
                condition = "WHERE (rank, id) > (?, ?)"
                arguments += [after.rank, after.postID.rawValue]
            }
            let ids = try String.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT id FROM (
                            SELECT p.id, explore_rank(?, p.id) AS rank FROM posts p
                            WHERE \(SafetySQL.visible(to: "?2", other: "p.author_id", .posts)))
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
