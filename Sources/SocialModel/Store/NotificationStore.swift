import Foundation

/// Persists notifications of likes, comments and follows. They are written by the stores that
/// keep what they tell about (``PostStore``, ``ProfileStore``), in the same transaction.
public protocol NotificationStore: Sendable {
    /// A user's notifications, newest first (ties by id, descending).
    /// - Parameters:
    ///   - recipientID: whose notifications.
    ///   - after: the cursor of the previous page's last notification, or `nil`.
    ///   - limit: the most to return.
    /// - Returns: the notifications.
    /// - Throws: ``StoreError`` when the store fails.
    func notifications(recipientID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError)
        -> [NetworkNotification]
    /// The notification with this id.
    /// - Parameter id: the notification's id.
    /// - Returns: the notification, or `nil`.
    /// - Throws: ``StoreError`` when the store fails.
    func notification(id: NotificationID) async throws(StoreError) -> NetworkNotification?
    /// How many of a user's notifications are unread.
    /// - Parameter recipientID: whose notifications.
    /// - Returns: the count.
    /// - Throws: ``StoreError`` when the store fails.
    func unreadNotificationCount(recipientID: UserID) async throws(StoreError) -> Int
    /// Marks one notification of the recipient read.
    /// - Parameters:
    ///   - id: the notification's id.
    ///   - recipientID: whose it must be.
    /// - Returns: whether it was unread.
    /// - Throws: ``StoreError`` when the store fails.
    func markNotificationRead(id: NotificationID, recipientID: UserID) async throws(StoreError) -> Bool
    /// Marks all of a user's notifications read.
    /// - Parameter recipientID: whose notifications.
    /// - Returns: how many were unread.
    /// - Throws: ``StoreError`` when the store fails.
    func markAllNotificationsRead(recipientID: UserID) async throws(StoreError) -> Int
    /// Deletes one notification of the recipient.
    /// - Parameters:
    ///   - id: the notification's id.
    ///   - recipientID: whose it must be.
    /// - Returns: whether it existed.
    /// - Throws: ``StoreError`` when the store fails.
    func deleteNotification(id: NotificationID, recipientID: UserID) async throws(StoreError) -> Bool
    /// Deletes all of a user's notifications.
    /// - Parameter recipientID: whose notifications.
    /// - Returns: how many there were.
    /// - Throws: ``StoreError`` when the store fails.
    func deleteAllNotifications(recipientID: UserID) async throws(StoreError) -> Int
}
