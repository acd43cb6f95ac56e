/// Notifications of likes, comments and follows: list, unread count, mark read, delete, and a
/// live stream of new ones.
public struct NotificationService: Sendable {
    let context: NetworkContext

    /// The acting user's notifications, newest first.
    public func list(_ token: SecretToken, after: KeysetCursor? = nil, limit: Int? = nil) async throws(NetworkError)
        -> CursorPage<NetworkNotification, KeysetCursor>
    {
        let user = try await context.actor(token)
        let limit = try context.limit(limit)
        let store = context.store
        let items = try await context.fromStore {
            try await store.notifications(recipientID: user.id, after: after, limit: limit)
        }
        return CursorPage(items: items, next: items.count == limit ? items.last?.cursor : nil)
    }

    /// How many of the acting user's notifications are unread.
    public func unreadCount(_ token: SecretToken) async throws(NetworkError) -> Int {
        let user = try await context.actor(token)
        let store = context.store
        return try await context.fromStore { try await store.unreadNotificationCount(recipientID: user.id) }
    }

    /// Marks one notification read.
    /// - Throws: ``NetworkError/forbidden`` for someone else's, ``NetworkError/notFound(_:)``.
    public func markRead(_ token: SecretToken, _ id: NotificationID) async throws(NetworkError) {
        let user = try await owned(token, id)
        let store = context.store
        _ = try await context.fromStore { try await store.markNotificationRead(id: id, recipientID: user.id) }
    }

    /// Marks all of the acting user's notifications read; returns how many were unread.
    @discardableResult
    public func markAllRead(_ token: SecretToken) async throws(NetworkError) -> Int {
        let user = try await context.actor(token)
        let store = context.store
        return try await context.fromStore { try await store.markAllNotificationsRead(recipientID: user.id) }
    }

    /// Deletes one notification.
    /// - Throws: ``NetworkError/forbidden`` for someone else's, ``NetworkError/notFound(_:)``.
    public func delete(_ token: SecretToken, _ id: NotificationID) async throws(NetworkError) {
        let user = try await owned(token, id)
        let store = context.store
        _ = try await context.fromStore { try await store.deleteNotification(id: id, recipientID: user.id) }
    }

    /// Deletes all of the acting user's notifications; returns how many there were.
    @discardableResult
    public func deleteAll(_ token: SecretToken) async throws(NetworkError) -> Int {
        let user = try await context.actor(token)
        let store = context.store
        return try await context.fromStore { try await store.deleteAllNotifications(recipientID: user.id) }
    }

    /// New notifications for the acting user, as they happen, until the stream is dropped.
    public func updates(_ token: SecretToken) async throws(NetworkError) -> AsyncStream<NetworkNotification> {
        let user = try await context.actor(token)
        return context.events.notifications(for: user.id)
    }

    func owned(_ token: SecretToken, _ id: NotificationID) async throws(NetworkError) -> User {
        let user = try await context.actor(token)
        let store = context.store
        guard let notification = try await context.fromStore({ try await store.notification(id: id) }) else {
            throw .notFound(.notification)
        }
        guard notification.recipientID == user.id else { throw .forbidden }
        return user
    }
}
