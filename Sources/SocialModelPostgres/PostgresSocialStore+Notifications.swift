import Foundation
import PostgresNIO
import SocialModel
import SocialModelSQL

extension PostgresSocialStore: NotificationStore {
    /// Counted from the partial index of unread notifications (its predicate, `NOT is_read`, is
    /// PostgreSQL's own: the shared statements are in `SQLStore+Recipes.swift`).
    ///
    /// - Throws: `StoreError` when the store fails.
    public func unreadNotificationCount(recipientID: UserID) async throws(StoreError) -> Int {
        try await fetchOne(
            """
            SELECT count(*) FROM notifications WHERE recipient_id = \(recipientID.rawValue) AND NOT is_read
            AND \(unescaped: SafetySQL.visible(to: "$1", other: "actor_id", .notifications))
            """
        ) { try $0.int() } ?? 0
    }
}
