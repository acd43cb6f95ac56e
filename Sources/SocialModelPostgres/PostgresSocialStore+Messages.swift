import Foundation
import PostgresNIO
import SocialModel
import SocialModelSQL

extension PostgresSocialStore: MessageStore {
    /// Finds or opens the pair's conversation, stores the message and updates both members, in
    /// one transaction. Opening is `INSERT … ON CONFLICT` on the pair, so two first messages sent
    /// at once end up in one conversation.
    ///
    /// - Throws: `StoreError/missingReference` if either user does not exist.
    public func insertMessage(_ message: Message, recipientID: UserID, photo: Data?) async throws(StoreError)
        -> Message
    {
        try await transaction { connection in
            let pair = [message.senderID.rawValue, recipientID.rawValue].sorted()
            // The participants are not foreign keys (a conversation outlives a deleted account):
            // their rows are checked, and locked against deletion until this commits.
            let existing = try await connection.query(
                "SELECT 1 FROM users WHERE id IN (\(pair[0]), \(pair[1])) FOR KEY SHARE", logger: logger
            ).collect()
            guard existing.count == Set(pair).count else { throw StoreError.missingReference }
            let at = message.createdAt.timeIntervalSinceReferenceDate
            let opened = try await connection.query(
                """
                INSERT INTO conversations (\(unescaped: SQLShape.conversation))
                VALUES (\(message.conversationID.rawValue), \(pair[0]), \(pair[1]), \(at), \(at))
                ON CONFLICT ON CONSTRAINT conversations_pair
                DO UPDATE SET last_message_at = greatest(conversations.last_message_at, EXCLUDED.last_message_at)
                RETURNING id, (xmax = 0)
                """, logger: logger
            ).collect()
            guard let row = opened.first else { throw StoreError.database(message: "no conversation row returned") }
            var columns = PostgresColumns(row)
            let (conversation, isNew) = (try columns.string(), try columns.bool())
            if isNew {
                try await connection.query(
                    """
                    INSERT INTO conversation_members (conversation_id, user_id)
                    VALUES (\(conversation), \(pair[0])), (\(conversation), \(pair[1]))
                    """, logger: logger)
            }
            var stored = message
            stored.conversationID = ConversationID(rawValue: conversation)
            try await connection.query(
                """
                INSERT INTO messages (id, conversation_id, sender_id, text, has_photo, created_at)
                VALUES (\(stored.id.rawValue), \(conversation), \(stored.senderID.rawValue), \(stored.text),
                        \(photo != nil), \(at))
                """, logger: logger)
            if let photo {
                try await connection.query(
                    "INSERT INTO message_photos (message_id, jpeg) VALUES (\(stored.id.rawValue), \(photo.buffer))",
                    logger: logger)
            }
            try await connection.query(
                """
                UPDATE conversation_members
                SET hidden = false,
                    unread_count = unread_count + (CASE WHEN user_id = \(recipientID.rawValue) THEN 1 ELSE 0 END)
                WHERE conversation_id = \(conversation)
                """, logger: logger)
            try await connection.query(
                announce(.message(stored.id, participants: pair.map(UserID.init(rawValue:)))), logger: logger)
            stored.hasPhoto = photo != nil
            stored.readAt = nil
            return stored
        }
    }

    /// The conversation with this id.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func conversation(id: ConversationID) async throws(StoreError) -> Conversation? {
        try await fetchOne(
            "SELECT \(unescaped: SQLShape.conversation) FROM conversations WHERE id = \(id.rawValue)"
        ) { try $0.conversation() }
    }

    /// The pair's conversation.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func conversation(between userID: UserID, and otherID: UserID) async throws(StoreError) -> Conversation? {
        let pair = [userID.rawValue, otherID.rawValue].sorted()
        return try await fetchOne(
            """
            SELECT \(unescaped: SQLShape.conversation) FROM conversations
            WHERE user_a = \(pair[0]) AND user_b = \(pair[1])
            """
        ) { try $0.conversation() }
    }

    /// The conversation summary's columns, a deleted other participant read as `User.deletedAccount(id:)`.
    static let summaryColumns = SQLShape.summaryColumnsKeepingDeletedUsers

    /// The user's visible conversations, latest message first, each with the other user, the
    /// latest message the user can see and the unread count, in one query.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func conversations(userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError)
        -> [ConversationSummary]
    {
        var builder = SQLBuilder()
        let user = builder.bind(userID.rawValue)
        let condition = builder.keyset(after, "c.last_message_at", "c.id")
        builder.sql = """
            SELECT \(Self.summaryColumns)
            FROM conversation_members m
            JOIN conversations c ON c.id = m.conversation_id
            LEFT JOIN users u ON u.id = CASE WHEN c.user_a = \(user) THEN c.user_b ELSE c.user_a END
            LEFT JOIN LATERAL (
                SELECT \(SQLShape.message) FROM messages
                WHERE conversation_id = c.id AND seq > m.cleared_seq ORDER BY created_at DESC, id DESC LIMIT 1
            ) lm ON true
            WHERE m.user_id = \(user) AND NOT m.hidden \(condition)
            ORDER BY c.last_message_at DESC, c.id DESC LIMIT \(builder.bind(max(0, limit)))
            """
        return try await fetch(builder.query) { try $0.conversationSummary() }
    }

    /// The messages the viewer can see, newest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func messages(in conversationID: ConversationID, viewerID: UserID, before: KeysetCursor?, limit: Int)
        async throws(StoreError) -> [Message]
    {
        var builder = SQLBuilder()
        let conversation = builder.bind(conversationID.rawValue)
        let viewer = builder.bind(viewerID.rawValue)
        let condition = builder.keyset(before, "msg.created_at", "msg.id")
        builder.sql = """
            SELECT \(SQLShape.qualified(SQLShape.message, "msg")) FROM conversation_members m
            JOIN messages msg ON msg.conversation_id = m.conversation_id AND msg.seq > m.cleared_seq
            WHERE m.conversation_id = \(conversation) AND m.user_id = \(viewer) \(condition)
            ORDER BY msg.created_at DESC, msg.id DESC LIMIT \(builder.bind(max(0, limit)))
            """
        return try await fetch(builder.query) { try $0.message() }
    }

    /// The photo of a message the viewer can see, with its conversation.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func messagePhoto(id: MessageID, viewerID: UserID) async throws(StoreError) -> MessagePhoto? {
        try await fetchOne(
            """
            SELECT m.conversation_id, p.jpeg FROM message_photos p JOIN messages m ON m.id = p.message_id
            JOIN conversation_members cm ON cm.conversation_id = m.conversation_id AND m.seq > cm.cleared_seq
            WHERE p.message_id = \(id.rawValue) AND cm.user_id = \(viewerID.rawValue)
            """
        ) { row in MessagePhoto(messageID: id, conversationID: try row.id(), jpeg: try row.data()) }
    }

    /// Marks the other's messages read and zeroes the member's unread count, in one transaction;
    /// the member row is locked first so two readers do not both report the same unread messages.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func markConversationRead(_ conversationID: ConversationID, userID: UserID, at date: Date)
        async throws(StoreError) -> Int
    {
        try await transaction { connection in
            let (conversation, user) = (conversationID.rawValue, userID.rawValue)
            let member = try await connection.query(
                """
                SELECT unread_count FROM conversation_members
                WHERE conversation_id = \(conversation) AND user_id = \(user) FOR UPDATE
                """, logger: logger
            ).collect()
            guard let row = member.first else { return 0 }
            var columns = PostgresColumns(row)
            let unread = try columns.int()
            try await connection.query(
                """
                UPDATE messages SET read_at = \(date.timeIntervalSinceReferenceDate)
                WHERE conversation_id = \(conversation) AND sender_id <> \(user) AND read_at IS NULL
                """, logger: logger)
            try await connection.query(
                """
                UPDATE conversation_members SET unread_count = 0 WHERE conversation_id = \(conversation) AND user_id = \(user)
                """, logger: logger)
            return unread
        }
    }

    /// Hides the conversation and its messages so far from one member.
    ///
    /// - Throws: `StoreError` when the store fails.
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
    ///
    /// - Throws: `StoreError` when the store fails.
    public func unreadMessageCount(userID: UserID) async throws(StoreError) -> Int {
        try await fetchOne(
            """
            SELECT coalesce(sum(unread_count), 0)::bigint FROM conversation_members
            WHERE user_id = \(userID.rawValue) AND NOT hidden
            """
        ) { try $0.int() } ?? 0
    }
}
