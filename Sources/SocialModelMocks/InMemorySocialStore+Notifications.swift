import Foundation
import SocialModel

extension InMemorySocialStore: NotificationStore {
    /// A user's notifications, newest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func notifications(recipientID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError)
        -> [NetworkNotification]
    {
        try withState { state in
            InMemoryPaging.keyset(
                state.notifications.values.filter { $0.recipientID == recipientID }, date: \.createdAt,
                id: \.id.rawValue, after: after, limit: limit)
        }
    }

    /// The notification with this id.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func notification(id: NotificationID) async throws(StoreError) -> NetworkNotification? {
        try withState { state in state.notifications[id] }
    }

    /// How many of a user's notifications are unread.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func unreadNotificationCount(recipientID: UserID) async throws(StoreError) -> Int {
        try withState { state in state.notifications.values.count { $0.recipientID == recipientID && !$0.isRead } }
    }

    /// Marks one notification read.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func markNotificationRead(id: NotificationID, recipientID: UserID) async throws(StoreError) -> Bool {
        try withState { state in
            guard let notification = state.notifications[id], notification.recipientID == recipientID,
                !notification.isRead
            else { return false }
            state.notifications[id]?.isRead = true
            return true
        }
    }

    /// Marks all of a user's notifications read.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func markAllNotificationsRead(recipientID: UserID) async throws(StoreError) -> Int {
        try withState { state in
            let unread = state.notifications.values.filter { $0.recipientID == recipientID && !$0.isRead }
            for notification in unread { state.notifications[notification.id]?.isRead = true }
            return unread.count
        }
    }

    /// Deletes one notification of the recipient.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteNotification(id: NotificationID, recipientID: UserID) async throws(StoreError) -> Bool {
        try withState { state in
            guard state.notifications[id]?.recipientID == recipientID else { return false }
            state.notifications[id] = nil
            return true
        }
    }

    /// Deletes all of a user's notifications.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteAllNotifications(recipientID: UserID) async throws(StoreError) -> Int {
        try withState { state in
            let before = state.notifications.count
            state.notifications = state.notifications.filter { $0.value.recipientID != recipientID }
            return before - state.notifications.count
        }
    }
}
