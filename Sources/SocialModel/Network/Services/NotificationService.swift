/// Notifications of likes, comments and follows: list, unread count, mark read, delete, and a
/// live stream of new ones, for one signed-in user. Get it from ``NetworkSession/notifications``.
public struct NotificationService: Sendable {
    let store: any NotificationStore
    let context: NetworkContext
    /// The signed-in user.
    public let actor: User

    /// The signed-in user's notifications, newest first, without those from users who have a
    /// block with them or whom they mute with notifications (the unread count leaves them out too).
    /// - Parameters:
    ///   - after: the previous page's ``CursorPage/next``, or `nil` for the first page.
    ///   - limit: the page size, or `nil` for the policy's.
    /// - Returns: a page of notifications.
    /// - Throws: ``NetworkError/invalid(_:)`` for a page size out of range.
    public func list(after: KeysetCursor? = nil, limit: Int? = nil) async throws(NetworkError)
        -> CursorPage<NetworkNotification, KeysetCursor>
    {
        let limit = try context.limit(limit)
        let items = try await context.fromStore {
            try await store.notifications(recipientID: actor.id, after: after, limit: limit)
        }
        return CursorPage(items: items, limit: limit, cursor: \.cursor)
    }

    /// How many of the signed-in user's notifications are unread.
    /// - Returns: the count.
    /// - Throws: ``NetworkError/storage(_:)`` when the store fails.
    public func unreadCount() async throws(NetworkError) -> Int {
        try await context.fromStore { try await store.unreadNotificationCount(recipientID: actor.id) }
    }

    /// Marks one notification read.
    /// - Parameter notificationID: the notification's id.
    /// - Throws: ``NetworkError/forbidden`` for someone else's, ``NetworkError/notFound(_:)``.
    public func markRead(notificationID: NotificationID) async throws(NetworkError) {
        try await requireOwned(notificationID)
        _ = try await context.fromStore {
            try await store.markNotificationRead(id: notificationID, recipientID: actor.id)
        }
    }

    /// Marks all of the signed-in user's notifications read.
    /// - Returns: how many were unread.
    /// - Throws: ``NetworkError/storage(_:)`` when the store fails.
    @discardableResult
    public func markAllRead() async throws(NetworkError) -> Int {
        try await context.fromStore { try await store.markAllNotificationsRead(recipientID: actor.id) }
    }

    /// Deletes one notification.
    /// - Parameter notificationID: the notification's id.
    /// - Throws: ``NetworkError/forbidden`` for someone else's, ``NetworkError/notFound(_:)``.
    public func delete(notificationID: NotificationID) async throws(NetworkError) {
        try await requireOwned(notificationID)
        _ = try await context.fromStore {
            try await store.deleteNotification(id: notificationID, recipientID: actor.id)
        }
    }

    /// Deletes all of the signed-in user's notifications.
    /// - Returns: how many there were.
    /// - Throws: ``NetworkError/storage(_:)`` when the store fails.
    @discardableResult
    public func deleteAll() async throws(NetworkError) -> Int {
        try await context.fromStore { try await store.deleteAllNotifications(recipientID: actor.id) }
    }

    /// New notifications for the signed-in user, as they happen, until the stream is dropped.
    /// - Returns: the stream.
    public func updates() -> AsyncStream<NetworkNotification> {
        context.events.notifications(for: actor.id)
    }

    func requireOwned(_ id: NotificationID) async throws(NetworkError) {
        guard let notification = try await context.fromStore({ try await store.notification(id: id) }) else {
            throw .notFound(.notification)
        }
        guard notification.recipientID == actor.id else { throw .forbidden }
    }
}
