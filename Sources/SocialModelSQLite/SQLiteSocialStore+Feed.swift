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

    /// The home feed, in at most two index-only queries and one fetch of the page's rows.
    ///
    /// First a window of the newest (in the feed's order) ``homeFeedWindow`` posts of everyone is
    /// read from a covering index from the cursor on, keeping those by followed authors: when
    /// the window holds a full page, that page is exact, since every later post sorts after the
    /// whole window. That serves people who follow many others in constant time per page,
    /// however deep. Otherwise (few followees, or a sparse stretch) each followed author's posts
    /// are read from the per-author index and merged, which is cheap exactly when they are few.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func homeFeed(userID: UserID, order: FeedOrder, after: FeedCursor?, limit: Int) async throws(StoreError)
        -> [PostView]
    {
        let windowSize = homeFeedWindow
        return try await read { db in
            let limit = max(0, limit)
            var arguments: StatementArguments = []
            if let after { arguments += Self.feedArguments(after, order) }
            let window: StatementArguments = [windowSize, userID.rawValue, userID.rawValue, limit]
            var ids = try String.fetchAll(
                db.cachedStatement(sql: Self.homeFeedSQL(order: order, paged: after != nil, windowed: true)),
                arguments: arguments + window)
            if ids.count < limit {
                ids = try String.fetchAll(
                    db.cachedStatement(sql: Self.homeFeedSQL(order: order, paged: after != nil, windowed: false)),
                    arguments: [userID.rawValue, userID.rawValue] + arguments + [limit])
            }
            return try Self.views(ids: ids, viewerID: userID, db)
        }
    }

    /// The home feed's id query. Windowed, its arguments are the cursor's key (when `paged`), the
    /// window size, the user twice and the limit; per author, the user twice, the cursor's key
    /// and the limit.
    static func homeFeedSQL(order: FeedOrder, paged: Bool, windowed: Bool) -> String {
        let inner = feedClauses(order, alias: "w")
        let outer = feedClauses(order, alias: "p")
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

    /// The comparison and ordering of a feed query for `order`: a row-value comparison against the
    /// cursor's key, so the next page starts at an index seek rather than an offset.
    static func feedClauses(_ order: FeedOrder, alias: String) -> (after: String, orderBy: String) {
        let keys =
            order.key == .likes
            ? ["\(alias).like_count", "\(alias).created_at", "\(alias).id"] : ["\(alias).created_at", "\(alias).id"]
        let descending = order.direction == .descending
        let placeholders = keys.map { _ in "?" }.joined(separator: ", ")
        let after = "(\(keys.joined(separator: ", "))) \(descending ? "<" : ">") (\(placeholders))"
        let orderBy = keys.map { "\($0) \(descending ? "DESC" : "ASC")" }.joined(separator: ", ")
        return (after, orderBy)
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
