import Foundation
import PostgresNIO
import SocialModel
import SocialModelSQL

extension PostgresSocialStore: NotificationStore {
    /// A user's notifications, newest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func notifications(recipientID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError)
        -> [NetworkNotification]
    {
        var builder = SQLBuilder()
        let recipient = builder.bind(recipientID.rawValue)
        let condition = builder.keyset(after, "created_at", "id")
        builder.sql = """
            SELECT \(SQLShape.notification) FROM notifications
            WHERE recipient_id = \(recipient) AND \(SafetySQL.visible(to: recipient, other: "actor_id", .notifications))
            \(condition)
            ORDER BY created_at DESC, id DESC LIMIT \(builder.bind(max(0, limit)))
            """
        return try await fetch(builder.query) { try $0.notification() }.compactMap { $0 }
    }

    /// The notification with this id.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func notification(id: NotificationID) async throws(StoreError) -> NetworkNotification? {
        try await fetchOne(
            "SELECT \(unescaped: SQLShape.notification) FROM notifications WHERE id = \(id.rawValue)"
        ) { try $0.notification() } ?? nil
    }

    /// Counted from the partial index of unread notifications.
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

    /// Marks one notification read.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func markNotificationRead(id: NotificationID, recipientID: UserID) async throws(StoreError) -> Bool {
        try await !rows(
            """
            UPDATE notifications SET is_read = true
            WHERE id = \(id.rawValue) AND recipient_id = \(recipientID.rawValue) AND NOT is_read RETURNING 1
            """
        ).isEmpty
    }

    /// Marks all of a user's notifications read.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func markAllNotificationsRead(recipientID: UserID) async throws(StoreError) -> Int {
        try await rows(
            "UPDATE notifications SET is_read = true WHERE recipient_id = \(recipientID.rawValue) AND NOT is_read RETURNING 1"
        ).count
    }

    /// Deletes one notification of the recipient.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteNotification(id: NotificationID, recipientID: UserID) async throws(StoreError) -> Bool {
        try await !rows(
            "DELETE FROM notifications WHERE id = \(id.rawValue) AND recipient_id = \(recipientID.rawValue) RETURNING 1"
        ).isEmpty
    }

    /// Deletes all of a user's notifications.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteAllNotifications(recipientID: UserID) async throws(StoreError) -> Int {
        try await rows("DELETE FROM notifications WHERE recipient_id = \(recipientID.rawValue) RETURNING 1").count
    }
}
