import Foundation
import GRDB
import SocialModel

extension SQLiteSocialStore {
    /// SQLite's `EXPLAIN QUERY PLAN` of the home feed's two queries for a user (the windowed one,
    /// then the per-author fallback), one line per step, to check that they read indexes rather
    /// than scanning tables (benchmarks print it).
    ///
    /// - Throws: `StoreError/database(message:)` if SQLite cannot prepare or run the `EXPLAIN`.
    public func homeFeedQueryPlan(userID: UserID, order: FeedOrder, paged: Bool) async throws(StoreError) -> [String] {
        var cursor: StatementArguments = []
        if paged {
            cursor = Self.feedArguments(
                FeedCursor(likeCount: Int.max, createdAt: .distantFuture, postID: PostID(rawValue: "~")), order)
        }
        let user = userID.rawValue
        let windowed = try await queryPlan(
            Self.homeFeedSQL(order: order, paged: paged, windowed: true),
            cursor + [homeFeedWindow, user, user, 30])
        let perAuthor = try await queryPlan(
            Self.homeFeedSQL(order: order, paged: paged, windowed: false), [user, user] + cursor + [30])
        return ["windowed query:"] + windowed + ["per-author query:"] + perAuthor
    }

    /// SQLite's `EXPLAIN QUERY PLAN` of the unread notification count.
    ///
    /// - Throws: `StoreError/database(message:)` if SQLite cannot prepare or run the `EXPLAIN`.
    public func unreadNotificationCountQueryPlan(recipientID: UserID) async throws(StoreError) -> [String] {
        try await queryPlan(Self.unreadCountSQL, [recipientID.rawValue])
    }

    private func queryPlan(_ sql: String, _ arguments: StatementArguments) async throws(StoreError) -> [String] {
        try await read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] }
        }
    }
}
