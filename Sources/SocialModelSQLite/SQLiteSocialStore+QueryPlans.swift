import Foundation
import GRDB
import SocialModel

extension SQLiteSocialStore {
    /// SQLite's `EXPLAIN QUERY PLAN` of the home feed's queries for a user, one line per step,
    /// to check that they read indexes rather than scanning tables (benchmarks print it): in a
    /// date order the home timeline's range, headed `home timeline:`; in a like order the
    /// window's edge, the walk down everyone's posts within it and the per-author fallback.
    ///
    /// - Throws: `StoreError/database(message:)` if SQLite cannot prepare or run the `EXPLAIN`.
    public func homeFeedQueryPlan(userID: UserID, order: FeedOrder, paged: Bool) async throws(StoreError) -> [String] {
        var cursor: StatementArguments = []
        if paged {
            cursor = Self.feedArguments(
                FeedCursor(likeCount: Int.max, createdAt: .distantFuture, postID: PostID(rawValue: "~")), order)
        }
        guard order.key == .likes else {
            return ["home timeline:"]
                + (try await queryPlan(
                    Self.homeTimelineSQL(order: order, paged: paged), [userID.rawValue] + cursor + [30]))
        }
        let edge = Self.feedArguments(
            FeedCursor(likeCount: 0, createdAt: .distantPast, postID: PostID(rawValue: "")), order)
        let followed: StatementArguments = [userID.rawValue, userID.rawValue]
        var lines = ["window edge:"]
        lines += try await queryPlan(
            Self.homeFeedWindowEdgeSQL(order: order, paged: paged), cursor + [homeFeedWindow - 1])
        for (title, window, walk) in [
            ("walk within the window:", true, true), ("per-author fallback, no window:", false, false),
        ] {
            lines.append(title)
            lines += try await queryPlan(
                Self.homeFeedSQL(order: order, paged: paged, window: window, walk: walk),
                followed + cursor + (window ? edge : []) + [30])
        }
        return lines
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
