import Foundation
import GRDB

extension SQLiteSocialStore: NetworkStore {
    // MARK: Notifications

    /// A user's notifications, newest first.
    public func notifications(recipientID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError)
        -> [NetworkNotification]
    {
        try await read { db in
            let (condition, arguments) = NetworkRows.keyset(
                "created_at, id", "<", after: after, leading: [recipientID.rawValue], limit: limit)
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT \(NetworkRows.notificationColumns) FROM notifications WHERE recipient_id = ? \(condition)
                    ORDER BY created_at DESC, id DESC LIMIT ?
                    """, arguments: arguments
            ).compactMap(NetworkRows.notification)
        }
    }

    /// The notification with this id.
    public func notification(id: NotificationID) async throws(StoreError) -> NetworkNotification? {
        try await read { db in
            try Row.fetchOne(
                db, sql: "SELECT \(NetworkRows.notificationColumns) FROM notifications WHERE id = ?",
                arguments: [id.rawValue]
            ).flatMap(NetworkRows.notification)
        }
    }

    /// Counted from the partial index of unread notifications.
    public func unreadNotificationCount(recipientID: UserID) async throws(StoreError) -> Int {
        try await read { db in
            try Int.fetchOne(db.cachedStatement(sql: Self.unreadCountSQL), arguments: [recipientID.rawValue]) ?? 0
        }
    }

    static let unreadCountSQL = "SELECT COUNT(*) FROM notifications WHERE recipient_id = ? AND is_read = 0"

    /// Marks one notification read.
    public func markNotificationRead(id: NotificationID, recipientID: UserID) async throws(StoreError) -> Bool {
        try await changeCount(
            "UPDATE notifications SET is_read = 1 WHERE id = ? AND recipient_id = ? AND is_read = 0",
            [id.rawValue, recipientID.rawValue]) > 0
    }

    /// Marks all of a user's notifications read.
    public func markAllNotificationsRead(recipientID: UserID) async throws(StoreError) -> Int {
        try await changeCount(
            "UPDATE notifications SET is_read = 1 WHERE recipient_id = ? AND is_read = 0", [recipientID.rawValue])
    }

    /// Deletes one notification of the recipient.
    public func deleteNotification(id: NotificationID, recipientID: UserID) async throws(StoreError) -> Bool {
        try await changeCount(
            "DELETE FROM notifications WHERE id = ? AND recipient_id = ?", [id.rawValue, recipientID.rawValue]) > 0
    }

    /// Deletes all of a user's notifications.
    public func deleteAllNotifications(recipientID: UserID) async throws(StoreError) -> Int {
        try await changeCount("DELETE FROM notifications WHERE recipient_id = ?", [recipientID.rawValue])
    }

    // MARK: Direct messages

    /// Finds or opens the pair's conversation, stores the message and updates both members.
    public func insertMessage(_ message: Message, recipientID: UserID, photo: Data?) async throws(StoreError)
        -> Message
    {
        try await write { db in
            let pair = [message.senderID.rawValue, recipientID.rawValue].sorted()
            let at = message.createdAt.timeIntervalSinceReferenceDate
            var stored = message
            if let existing = try String.fetchOne(
                db, sql: "SELECT id FROM conversations WHERE user_a = ? AND user_b = ?", arguments: .init(pair))
            {
                stored.conversationID = ConversationID(rawValue: existing)
                try db.execute(
                    sql: "UPDATE conversations SET last_message_at = MAX(last_message_at, ?) WHERE id = ?",
                    arguments: [at, existing])
            } else {
                try db.execute(
                    sql: """
                        INSERT INTO conversations (id, user_a, user_b, created_at, last_message_at)
                        VALUES (?, ?, ?, ?, ?)
                        """, arguments: [message.conversationID.rawValue, pair[0], pair[1], at, at])
                for member in pair {
                    try db.execute(
                        sql: "INSERT INTO conversation_members (conversation_id, user_id) VALUES (?, ?)",
                        arguments: [message.conversationID.rawValue, member])
                }
            }
            let conversation = stored.conversationID.rawValue
            try db.execute(
                sql: """
                    INSERT INTO messages (id, conversation_id, sender_id, text, has_photo, created_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [stored.id.rawValue, conversation, stored.senderID.rawValue, stored.text, photo != nil, at])
            if let photo {
                try db.execute(
                    sql: "INSERT INTO message_photos (message_id, jpeg) VALUES (?, ?)",
                    arguments: [stored.id.rawValue, photo])
            }
            try db.execute(
                sql: "UPDATE conversation_members SET hidden = 0 WHERE conversation_id = ?", arguments: [conversation])
            try db.execute(
                sql: """
                    UPDATE conversation_members SET unread_count = unread_count + 1
                    WHERE conversation_id = ? AND user_id = ?
                    """, arguments: [conversation, recipientID.rawValue])
            stored.hasPhoto = photo != nil
            stored.readAt = nil
            return stored
        }
    }

    /// The conversation with this id.
    public func conversation(id: ConversationID) async throws(StoreError) -> Conversation? {
        try await read { db in
            try Row.fetchOne(
                db, sql: "SELECT \(NetworkRows.conversationColumns) FROM conversations WHERE id = ?",
                arguments: [id.rawValue]
            ).map(NetworkRows.conversation)
        }
    }

    /// The pair's conversation.
    public func conversation(between userID: UserID, and otherID: UserID) async throws(StoreError) -> Conversation? {
        try await read { db in
            try Row.fetchOne(
                db,
                sql: "SELECT \(NetworkRows.conversationColumns) FROM conversations WHERE user_a = ? AND user_b = ?",
                arguments: .init([userID.rawValue, otherID.rawValue].sorted())
            ).map(NetworkRows.conversation)
        }
    }

    /// The user's visible conversations, latest message first, each with its unread count and
    /// the latest message the user can see.
    public func conversations(userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError)
        -> [ConversationSummary]
    {
        try await read { db in
            let (condition, arguments) = NetworkRows.keyset(
                "c.last_message_at, c.id", "<", after: after, leading: [userID.rawValue], limit: limit)
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT c.id, c.user_a, c.user_b, c.created_at, c.last_message_at, m.cleared_seq, m.unread_count
                    FROM conversation_members m JOIN conversations c ON c.id = m.conversation_id
                    WHERE m.user_id = ? AND m.hidden = 0 \(condition)
                    ORDER BY c.last_message_at DESC, c.id DESC LIMIT ?
                    """, arguments: arguments)
            return try rows.compactMap { row in
                let conversation = NetworkRows.conversation(row)
                guard let otherID = conversation.other(than: userID),
                    let other = try UserRow.fetchOne(db, key: otherID.rawValue)
                else { return nil }
                let last = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT \(NetworkRows.messageColumns) FROM messages WHERE conversation_id = ? AND seq > ?
                        ORDER BY created_at DESC, id DESC LIMIT 1
                        """, arguments: [conversation.id.rawValue, row["cleared_seq"] as Int64]
                ).map(NetworkRows.message)
                return ConversationSummary(
                    conversation: conversation, otherUser: other.user, lastMessage: last,
                    unreadCount: row["unread_count"])
            }
        }
    }

    /// The messages the viewer can see, newest first.
    public func messages(in conversationID: ConversationID, viewerID: UserID, before: KeysetCursor?, limit: Int)
        async throws(StoreError) -> [Message]
    {
        try await read { db in
            guard
                let cleared = try Int64.fetchOne(
                    db, sql: "SELECT cleared_seq FROM conversation_members WHERE conversation_id = ? AND user_id = ?",
                    arguments: [conversationID.rawValue, viewerID.rawValue])
            else { return [] }
            let (condition, arguments) = NetworkRows.keyset(
                "created_at, id", "<", after: before, leading: [conversationID.rawValue, cleared], limit: limit)
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT \(NetworkRows.messageColumns) FROM messages WHERE conversation_id = ? AND seq > ? \(condition)
                    ORDER BY created_at DESC, id DESC LIMIT ?
                    """, arguments: arguments
            ).map(NetworkRows.message)
        }
    }

    /// The photo of a message.
    public func messagePhoto(id: MessageID) async throws(StoreError) -> Data? {
        try await read { db in
            try Data.fetchOne(db, sql: "SELECT jpeg FROM message_photos WHERE message_id = ?", arguments: [id.rawValue])
        }
    }

    /// Marks the other's messages read and zeroes the member's unread count.
    public func markConversationRead(_ conversationID: ConversationID, userID: UserID, at date: Date)
        async throws(StoreError) -> Int
    {
        try await write { db in
            let ids = [conversationID.rawValue, userID.rawValue]
            guard
                let unread = try Int.fetchOne(
                    db, sql: "SELECT unread_count FROM conversation_members WHERE conversation_id = ? AND user_id = ?",
                    arguments: .init(ids))
            else { return 0 }
            try db.execute(
                sql: """
                    UPDATE messages SET read_at = ?
                    WHERE conversation_id = ? AND sender_id != ? AND read_at IS NULL
                    """, arguments: [date.timeIntervalSinceReferenceDate] + .init(ids))
            try db.execute(
                sql: "UPDATE conversation_members SET unread_count = 0 WHERE conversation_id = ? AND user_id = ?",
                arguments: .init(ids))
            return unread
        }
    }

    /// Hides the conversation and its messages so far from one member.
    public func hideConversation(_ conversationID: ConversationID, userID: UserID) async throws(StoreError) -> Bool {
        try await write { db in
            try db.execute(
                sql: """
                    UPDATE conversation_members SET hidden = 1, unread_count = 0,
                        cleared_seq = (SELECT IFNULL(MAX(seq), 0) FROM messages WHERE conversation_id = ?1)
                    WHERE conversation_id = ?1 AND user_id = ?2
                    """, arguments: [conversationID.rawValue, userID.rawValue])
            return db.changesCount > 0
        }
    }

    /// The sum of the user's visible conversations' unread counts.
    public func unreadMessageCount(userID: UserID) async throws(StoreError) -> Int {
        try await read { db in
            try Int.fetchOne(
                db,
                sql: "SELECT IFNULL(SUM(unread_count), 0) FROM conversation_members WHERE user_id = ? AND hidden = 0",
                arguments: [userID.rawValue]
            ) ?? 0
        }
    }
}
