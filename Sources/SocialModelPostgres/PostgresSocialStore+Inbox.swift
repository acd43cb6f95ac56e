import Foundation
import PostgresNIO
import SocialModel

extension PostgresSocialStore: NetworkStore {
    // MARK: Notifications

    /// A user's notifications, newest first.
    public func notifications(recipientID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError)
        -> [NetworkNotification]
    {
        var builder = SQLBuilder()
        let recipient = builder.bind(recipientID.rawValue)
        let condition = builder.keyset(after, "created_at", "id")
        builder.sql = """
            SELECT \(NotificationColumns.list) FROM notifications WHERE recipient_id = \(recipient) \(condition)
            ORDER BY created_at DESC, id DESC LIMIT \(builder.bind(max(0, limit)))
            """
        return try await rows(builder.query).map(NotificationColumns.decode).compactMap { $0 }
    }

    /// The notification with this id.
    public func notification(id: NotificationID) async throws(StoreError) -> NetworkNotification? {
        try await rows("SELECT \(unescaped: NotificationColumns.list) FROM notifications WHERE id = \(id.rawValue)")
            .first.flatMap(NotificationColumns.decode)
    }

    /// Counted from the partial index of unread notifications.
    public func unreadNotificationCount(recipientID: UserID) async throws(StoreError) -> Int {
        try await count(
            "SELECT count(*) FROM notifications WHERE recipient_id = \(recipientID.rawValue) AND NOT is_read")
    }

    /// Marks one notification read.
    public func markNotificationRead(id: NotificationID, recipientID: UserID) async throws(StoreError) -> Bool {
        try await !rows(
            """
            UPDATE notifications SET is_read = true
            WHERE id = \(id.rawValue) AND recipient_id = \(recipientID.rawValue) AND NOT is_read RETURNING 1
            """
        ).isEmpty
    }

    /// Marks all of a user's notifications read.
    public func markAllNotificationsRead(recipientID: UserID) async throws(StoreError) -> Int {
        try await rows(
            "UPDATE notifications SET is_read = true WHERE recipient_id = \(recipientID.rawValue) AND NOT is_read RETURNING 1"
        ).count
    }

    /// Deletes one notification of the recipient.
    public func deleteNotification(id: NotificationID, recipientID: UserID) async throws(StoreError) -> Bool {
        try await !rows(
            "DELETE FROM notifications WHERE id = \(id.rawValue) AND recipient_id = \(recipientID.rawValue) RETURNING 1"
        ).isEmpty
    }

    /// Deletes all of a user's notifications.
    public func deleteAllNotifications(recipientID: UserID) async throws(StoreError) -> Int {
        try await rows("DELETE FROM notifications WHERE recipient_id = \(recipientID.rawValue) RETURNING 1").count
    }

    // MARK: Direct messages

    /// Finds or opens the pair's conversation, stores the message and updates both members, in
    /// one transaction. Opening is `INSERT … ON CONFLICT` on the pair, so two first messages sent
    /// at once end up in one conversation.
    public func insertMessage(_ message: Message, recipientID: UserID, photo: Data?) async throws(StoreError)
        -> Message
    {
        try await transaction { connection in
            let pair = [message.senderID.rawValue, recipientID.rawValue].sorted()
            let at = message.createdAt.timeIntervalSinceReferenceDate
            let opened = try await connection.query(
                """
                INSERT INTO conversations (id, user_a, user_b, created_at, last_message_at)
                VALUES (\(message.conversationID.rawValue), \(pair[0]), \(pair[1]), \(at), \(at))
                ON CONFLICT ON CONSTRAINT conversations_pair
                DO UPDATE SET last_message_at = greatest(conversations.last_message_at, EXCLUDED.last_message_at)
                RETURNING id, (xmax = 0)
                """, logger: Self.logger
            ).collect()
            guard let row = opened.first else { throw StoreError.database(message: "no conversation row returned") }
            let (conversation, isNew) = try row.columns((String, Bool).self)
            if isNew {
                try await connection.query(
                    """
                    INSERT INTO conversation_members (conversation_id, user_id)
                    VALUES (\(conversation), \(pair[0])), (\(conversation), \(pair[1]))
                    """, logger: Self.logger)
            }
            var stored = message
            stored.conversationID = ConversationID(rawValue: conversation)
            try await connection.query(
                """
                INSERT INTO messages (id, conversation_id, sender_id, text, has_photo, created_at)
                VALUES (\(stored.id.rawValue), \(conversation), \(stored.senderID.rawValue), \(stored.text),
                        \(photo != nil), \(at))
                """, logger: Self.logger)
            if let photo {
                try await connection.query(
                    "INSERT INTO message_photos (message_id, jpeg) VALUES (\(stored.id.rawValue), \(photo.buffer))",
                    logger: Self.logger)
            }
            try await connection.query(
                """
                UPDATE conversation_members
                SET hidden = false,
                    unread_count = unread_count + (CASE WHEN user_id = \(recipientID.rawValue) THEN 1 ELSE 0 END)
                WHERE conversation_id = \(conversation)
                """, logger: Self.logger)
            try await connection.query(
                announce(.message(stored.id, participants: pair.map(UserID.init(rawValue:)))), logger: Self.logger)
            stored.hasPhoto = photo != nil
            stored.readAt = nil
            return stored
        }
    }

    /// The conversation with this id.
    public func conversation(id: ConversationID) async throws(StoreError) -> Conversation? {
        try await rows("SELECT \(unescaped: ConversationColumns.list) FROM conversations c WHERE c.id = \(id.rawValue)")
            .first.map(ConversationColumns.decode)
    }

    /// The pair's conversation.
    public func conversation(between userID: UserID, and otherID: UserID) async throws(StoreError) -> Conversation? {
        let pair = [userID.rawValue, otherID.rawValue].sorted()
        return try await rows(
            """
            SELECT \(unescaped: ConversationColumns.list) FROM conversations c
            WHERE c.user_a = \(pair[0]) AND c.user_b = \(pair[1])
            """
        ).first.map(ConversationColumns.decode)
    }

    /// The user's visible conversations, latest message first, each with the other user, the
    /// latest message the user can see and the unread count, in one query.
    public func conversations(userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError)
        -> [ConversationSummary]
    {
        var builder = SQLBuilder()
        let user = builder.bind(userID.rawValue)
        let condition = builder.keyset(after, "c.last_message_at", "c.id")
        let lastMessage = MessageColumns.list.split(separator: ", ").map { "lm.\($0)" }.joined(separator: ", ")
        builder.sql = """
            SELECT \(ConversationColumns.list), m.unread_count, \(DatedUserColumns.list), \(lastMessage)
            FROM conversation_members m
            JOIN conversations c ON c.id = m.conversation_id
            JOIN users u ON u.id = CASE WHEN c.user_a = \(user) THEN c.user_b ELSE c.user_a END
            LEFT JOIN LATERAL (
                SELECT \(MessageColumns.list) FROM messages
                WHERE conversation_id = c.id AND seq > m.cleared_seq ORDER BY created_at DESC, id DESC LIMIT 1
            ) lm ON true
            WHERE m.user_id = \(user) AND NOT m.hidden \(condition)
            ORDER BY c.last_message_at DESC, c.id DESC LIMIT \(builder.bind(max(0, limit)))
            """
        return try await rows(builder.query).map(ConversationSummaryColumns.decode)
    }

    /// The messages the viewer can see, newest first.
    public func messages(in conversationID: ConversationID, viewerID: UserID, before: KeysetCursor?, limit: Int)
        async throws(StoreError) -> [Message]
    {
        var builder = SQLBuilder()
        let conversation = builder.bind(conversationID.rawValue)
        let viewer = builder.bind(viewerID.rawValue)
        let condition = builder.keyset(before, "msg.created_at", "msg.id")
        let columns = MessageColumns.list.split(separator: ", ").map { "msg.\($0)" }.joined(separator: ", ")
        builder.sql = """
            SELECT \(columns) FROM conversation_members m
            JOIN messages msg ON msg.conversation_id = m.conversation_id AND msg.seq > m.cleared_seq
            WHERE m.conversation_id = \(conversation) AND m.user_id = \(viewer) \(condition)
            ORDER BY msg.created_at DESC, msg.id DESC LIMIT \(builder.bind(max(0, limit)))
            """
        return try await rows(builder.query).map(MessageColumns.decode)
    }

    /// The photo of a message.
    public func messagePhoto(id: MessageID) async throws(StoreError) -> Data? {
        try await rows("SELECT jpeg FROM message_photos WHERE message_id = \(id.rawValue)").first?.columns(Data.self)
    }

    /// Marks the other's messages read and zeroes the member's unread count, in one transaction;
    /// the member row is locked first so two readers do not both report the same unread messages.
    public func markConversationRead(_ conversationID: ConversationID, userID: UserID, at date: Date)
        async throws(StoreError) -> Int
    {
        try await transaction { connection in
            let (conversation, user) = (conversationID.rawValue, userID.rawValue)
            let member = try await connection.query(
                """
                SELECT unread_count FROM conversation_members
                WHERE conversation_id = \(conversation) AND user_id = \(user) FOR UPDATE
                """, logger: Self.logger
            ).collect()
            guard let row = member.first else { return 0 }
            let unread = try row.columns(Int.self)
            try await connection.query(
                """
                UPDATE messages SET read_at = \(date.timeIntervalSinceReferenceDate)
                WHERE conversation_id = \(conversation) AND sender_id <> \(user) AND read_at IS NULL
                """, logger: Self.logger)
            try await connection.query(
                """
                UPDATE conversation_members SET unread_count = 0 WHERE conversation_id = \(conversation) AND user_id = \(user)
                """, logger: Self.logger)
            return unread
        }
    }

    /// Hides the conversation and its messages so far from one member.
    public func hideConversation(_ conversationID: ConversationID, userID: UserID) async throws(StoreError) -> Bool {
        let conversation = conversationID.rawValue
        return try await !rows(
            """
            UPDATE conversation_members SET hidden = true, unread_count = 0,
                cleared_seq = (SELECT coalesce(max(seq), 0) FROM messages WHERE conversation_id = \(conversation))
            WHERE conversation_id = \(conversation) AND user_id = \(userID.rawValue) RETURNING 1
            """
        ).isEmpty
    }

    /// The sum of the user's visible conversations' unread counts.
    public func unreadMessageCount(userID: UserID) async throws(StoreError) -> Int {
        try await count(
            """
            SELECT coalesce(sum(unread_count), 0)::bigint FROM conversation_members
            WHERE user_id = \(userID.rawValue) AND NOT hidden
            """)
    }
}

/// A conversation summary row: the conversation, the member's unread count, the other user and
/// the latest visible message (all NULL when there is none).
enum ConversationSummaryColumns {
    static func decode(_ row: PostgresRow) throws(StoreError) -> ConversationSummary {
        let (
            id, userA, userB, createdAt, lastMessageAt, unread,
            userID, username, email, name, surname, bio, avatar, userCreatedAt, verifiedAt,
            messageID, conversationID, senderID, text, hasPhoto, messageCreatedAt, readAt
        ) = try row.columns(
            (
                String, String, String, Double, Double, Int,
                String, String, String?, String, String, String, String?, Double, Double?,
                String?, String?, String?, String?, Bool?, Double?, Double?
            ).self)
        let conversation = Conversation(
            id: ConversationID(rawValue: id), participantIDs: [UserID(rawValue: userA), UserID(rawValue: userB)],
            createdAt: Date(timeIntervalSinceReferenceDate: createdAt),
            lastMessageAt: Date(timeIntervalSinceReferenceDate: lastMessageAt))
        let other = User(
            id: UserID(rawValue: userID), username: username, email: email, name: name, surname: surname, bio: bio,
            avatar: avatar, createdAt: Date(timeIntervalSinceReferenceDate: userCreatedAt),
            verifiedAt: verifiedAt.map(Date.init(timeIntervalSinceReferenceDate:)))
        var last: Message?
        if let messageID, let conversationID, let senderID, let text, let hasPhoto, let messageCreatedAt {
            last = Message(
                id: MessageID(rawValue: messageID), conversationID: ConversationID(rawValue: conversationID),
                senderID: UserID(rawValue: senderID), text: text, hasPhoto: hasPhoto,
                createdAt: Date(timeIntervalSinceReferenceDate: messageCreatedAt),
                readAt: readAt.map(Date.init(timeIntervalSinceReferenceDate:)))
        }
        return ConversationSummary(conversation: conversation, otherUser: other, lastMessage: last, unreadCount: unread)
    }
}
