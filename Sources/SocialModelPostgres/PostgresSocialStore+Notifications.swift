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
        try await fetch(NotificationSQL.list(recipientID: recipientID, after: after, limit: limit)) {
            try $0.notification()
        }.compactMap { $0 }
    }

    /// The notification with this id.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func notification(id: NotificationID) async throws(StoreError) -> NetworkNotification? {
        try await fetchOne(NotificationSQL.notification(id: id)) { try $0.notification() } ?? nil
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
        try await rowCount(NotificationSQL.markRead(id: id, recipientID: recipientID)) > 0
    }

    /// Marks all of a user's notifications read.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func markAllNotificationsRead(recipientID: UserID) async throws(StoreError) -> Int {
        try await rowCount(NotificationSQL.markRead(id: nil, recipientID: recipientID))
    }

    /// Deletes one notification of the recipient.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteNotification(id: NotificationID, recipientID: UserID) async throws(StoreError) -> Bool {
        try await rowCount(NotificationSQL.delete(id: id, recipientID: recipientID)) > 0
    }

    /// Deletes all of a user's notifications.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteAllNotifications(recipientID: UserID) async throws(StoreError) -> Int {
        try await rowCount(NotificationSQL.delete(id: nil, recipientID: recipientID))
    }
}
