import Foundation
import GRDB
import SocialModel
import SocialModelSQL

extension SQLiteSocialStore: NotificationStore {
    /// A user's notifications, newest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func notifications(recipientID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError)
        -> [NetworkNotification]
    {
        let (condition, arguments) = Self.keyset(
            "created_at, id", "<", after: after, leading: [recipientID.rawValue], limit: limit)
        return try await fetch(
            """
            SELECT \(SQLShape.notification) FROM notifications
            WHERE recipient_id = ? AND \(SafetySQL.visible(to: "?1", other: "actor_id", .notifications)) \(condition)
            ORDER BY created_at DESC, id DESC LIMIT ?
            """, arguments
        ) { try $0.notification() }.compactMap { $0 }
    }

    /// The notification with this id.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func notification(id: NotificationID) async throws(StoreError) -> NetworkNotification? {
        try await fetchOne("SELECT \(SQLShape.notification) FROM notifications WHERE id = ?", [id.rawValue]) {
            try $0.notification()
        } ?? nil
    }

    /// Counted from the partial index of unread notifications.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func unreadNotificationCount(recipientID: UserID) async throws(StoreError) -> Int {
        try await fetchOne(Self.unreadCountSQL, [recipientID.rawValue]) { try $0.int() } ?? 0
    }

    static let unreadCountSQL = """
        SELECT COUNT(*) FROM notifications
        WHERE recipient_id = ? AND is_read = 0 AND \(SafetySQL.visible(to: "?1", other: "actor_id", .notifications))
        """

    /// Marks one notification read.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func markNotificationRead(id: NotificationID, recipientID: UserID) async throws(StoreError) -> Bool {
        try await changeCount(
            "UPDATE notifications SET is_read = 1 WHERE id = ? AND recipient_id = ? AND is_read = 0",
            [id.rawValue, recipientID.rawValue]) > 0
    }

    /// Marks all of a user's notifications read.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func markAllNotificationsRead(recipientID: UserID) async throws(StoreError) -> Int {
        try await changeCount(
            "UPDATE notifications SET is_read = 1 WHERE recipient_id = ? AND is_read = 0", [recipientID.rawValue])
    }

    /// Deletes one notification of the recipient.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteNotification(id: NotificationID, recipientID: UserID) async throws(StoreError) -> Bool {
        try await changeCount(
            "DELETE FROM notifications WHERE id = ? AND recipient_id = ?", [id.rawValue, recipientID.rawValue]) > 0
    }

    /// Deletes all of a user's notifications.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteAllNotifications(recipientID: UserID) async throws(StoreError) -> Int {
        try await changeCount("DELETE FROM notifications WHERE recipient_id = ?", [recipientID.rawValue])
    }
}
