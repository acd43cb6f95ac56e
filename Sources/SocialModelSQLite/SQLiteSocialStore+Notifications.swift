import Foundation
import GRDB
import SocialModel
import SocialModelSQL

extension SQLiteSocialStore: NotificationStore {
    /// Counted from the partial index of unread notifications (its predicate, `is_read = 0`, is
    /// SQLite's own: the shared statements are in `SQLStore+Recipes.swift`).
    ///
    /// - Throws: `StoreError` when the store fails.
    public func unreadNotificationCount(recipientID: UserID) async throws(StoreError) -> Int {
        try await fetchOne(Self.unreadCountSQL, [recipientID.rawValue]) { try $0.int() } ?? 0
    }

    static let unreadCountSQL = """
        SELECT COUNT(*) FROM notifications
        WHERE recipient_id = ? AND is_read = 0 AND \(SafetySQL.visible(to: "?1", other: "actor_id", .notifications))
        """
}
