import Foundation
import GRDB
import SocialModel
import SocialModelSQL

extension SQLiteSocialStore: MessageStore {
    /// Finds or opens the pair's conversation, stores the message and updates both members, in
    /// one transaction.
    ///
    /// - Throws: `StoreError/missingReference` if either user does not exist.
    public func insertMessage(_ message: Message, recipientID: UserID, photo: Data?) async throws(StoreError)
        -> Message
    {
        try await write { db in
            let pair = [message.senderID.rawValue, recipientID.rawValue].sorted()
            // The participants are not foreign keys (a conversation outlives a deleted account), so
            // their existence is checked here.
            let existing = try Int.fetchOne(
                db.cachedStatement(sql: "SELECT COUNT(*) FROM users WHERE id IN (?, ?)"),
                arguments: StatementArguments(pair))
            guard existing == Set(pair).count else { throw StoreError.missingReference }
            let at = message.createdAt.timeIntervalSinceReferenceDate
            var stored = message
            if let existing = try String.fetchOne(
                db.cachedStatement(sql: "SELECT id FROM conversations WHERE user_a = ? AND user_b = ?"),
                arguments: StatementArguments(pair))
            {
                stored.conversationID = ConversationID(rawValue: existing)
                try db.cachedStatement(
                    sql: "UPDATE conversations SET last_message_at = MAX(last_message_at, ?) WHERE id = ?"
                ).execute(arguments: [at, existing])
            } else {
                try db.cachedStatement(
                    sql: "INSERT INTO conversations (\(SQLShape.conversation)) VALUES (?, ?, ?, ?, ?)"
                ).execute(arguments: [message.conversationID.rawValue, pair[0], pair[1], at, at])
                for member in pair {
                    try db.cachedStatement(
                        sql: "INSERT INTO conversation_members (conversation_id, user_id) VALUES (?, ?)"
                    ).execute(arguments: [message.conversationID.rawValue, member])
                }
            }
            let conversation = stored.conversationID.rawValue
            try db.cachedStatement(
                sql:
                    "INSERT INTO messages (id, conversation_id, sender_id, text, has_photo, created_at) VALUES (?, ?, ?, ?, ?, ?)"
            ).execute(arguments: [
                stored.id.rawValue, conversation, stored.senderID.rawValue, stored.text, photo != nil, at,
            ])
            if let photo {
                try db.cachedStatement(sql: "INSERT INTO message_photos (message_id, jpeg) VALUES (?, ?)")
                    .execute(arguments: [stored.id.rawValue, photo])
            }
            try db.cachedStatement(
                sql: """
                    UPDATE conversation_members
                    SET hidden = 0, unread_count = unread_count + (CASE WHEN user_id = ? THEN 1 ELSE 0 END)
                    WHERE conversation_id = ?
                    """
            ).execute(arguments: [recipientID.rawValue, conversation])
            stored.hasPhoto = photo != nil
            stored.readAt = nil
            return stored
        }
    }

    /// The conversation with this id.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func conversation(id: ConversationID) async throws(StoreError) -> Conversation? {
        try await fetchOne("SELECT \(SQLShape.conversation) FROM conversations WHERE id = ?", [id.rawValue]) {
            try $0.conversation()
        }
    }

    /// The pair's conversation.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func conversation(between userID: UserID, and otherID: UserID) async throws(StoreError) -> Conversation? {
        try await fetchOne(
            "SELECT \(SQLShape.conversation) FROM conversations WHERE user_a = ? AND user_b = ?",
            StatementArguments([userID.rawValue, otherID.rawValue].sorted())
        ) { try $0.conversation() }
    }

    /// The user's visible conversations, latest message first, each with the other user, the
    /// latest message the user can see and the unread count, in one query.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func conversations(userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError)
        -> [ConversationSummary]
    {
        let (condition, arguments) = Self.keyset(
            "c.last_message_at, c.id", "<", after: after, leading: [userID.rawValue, userID.rawValue], limit: limit)
        return try await fetch(
            """
            SELECT \(Self.summaryColumns)
            FROM conversation_members m
            JOIN conversations c ON c.id = m.conversation_id
            LEFT JOIN users u ON u.id = CASE WHEN c.user_a = ? THEN c.user_b ELSE c.user_a END
            LEFT JOIN messages lm ON lm.id = (
                SELECT id FROM messages WHERE conversation_id = c.id AND seq > m.cleared_seq
                ORDER BY created_at DESC, id DESC LIMIT 1)
            WHERE m.user_id = ? AND m.hidden = 0 \(condition)
            ORDER BY c.last_message_at DESC, c.id DESC LIMIT ?
            """, arguments
        ) { try $0.conversationSummary() }
    }

    /// The conversation summary's columns, a deleted other participant read as `User.deletedAccount(id:)`.
    static let summaryColumns = SQLShape.summaryColumnsKeepingDeletedUsers

    /// Deletes the conversations of the user bound first that have no member left: both
    /// participants' accounts are gone.
    static let deleteAbandonedConversations = """
        DELETE FROM conversations WHERE (user_a = ?1 OR user_b = ?1)
        AND NOT EXISTS (SELECT 1 FROM conversation_members WHERE conversation_id = conversations.id)
        """

    /// The messages the viewer can see, newest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func messages(in conversationID: ConversationID, viewerID: UserID, before: KeysetCursor?, limit: Int)
        async throws(StoreError) -> [Message]
    {
        let (condition, arguments) = Self.keyset(
            "msg.created_at, msg.id", "<", after: before, leading: [conversationID.rawValue, viewerID.rawValue],
            limit: limit)
        let columns = SQLShape.message.split(separator: ", ").map { "msg.\($0)" }.joined(separator: ", ")
        return try await fetch(
            """
            SELECT \(columns) FROM conversation_members m
            JOIN messages msg ON msg.conversation_id = m.conversation_id AND msg.seq > m.cleared_seq
            WHERE m.conversation_id = ? AND m.user_id = ? \(condition)
            ORDER BY msg.created_at DESC, msg.id DESC LIMIT ?
            """, arguments
        ) { try $0.message() }
    }

    /// The photo of a message the viewer can see, with its conversation.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func messagePhoto(id: MessageID, viewerID: UserID) async throws(StoreError) -> MessagePhoto? {
        try await fetchOne(
            """
            SELECT m.conversation_id, p.jpeg FROM message_photos p JOIN messages m ON m.id = p.message_id
            JOIN conversation_members cm ON cm.conversation_id = m.conversation_id AND m.seq > cm.cleared_seq
            WHERE p.message_id = ? AND cm.user_id = ?
            """, [id.rawValue, viewerID.rawValue]
        ) { MessagePhoto(messageID: id, conversationID: try $0.id(), jpeg: try $0.data()) }
    }

    /// Marks the other's messages read and zeroes the member's unread count, in one transaction.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func markConversationRead(_ conversationID: ConversationID, userID: UserID, at date: Date)
        async throws(StoreError) -> Int
    {
        try await write { db in
            let ids: StatementArguments = [conversationID.rawValue, userID.rawValue]
            guard
                let unread = try Int.fetchOne(
                    db.cachedStatement(
                        sql: "SELECT unread_count FROM conversation_members WHERE conversation_id = ? AND user_id = ?"),
                    arguments: ids)
            else { return 0 }
            try db.cachedStatement(
                sql: "UPDATE messages SET read_at = ? WHERE conversation_id = ? AND sender_id != ? AND read_at IS NULL"
            ).execute(arguments: [date.timeIntervalSinceReferenceDate] + ids)
            try db.cachedStatement(
                sql: "UPDATE conversation_members SET unread_count = 0 WHERE conversation_id = ? AND user_id = ?"
            ).execute(arguments: ids)
            return unread
        }
    }

    /// Hides the conversation and its messages so far from one member.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func hideConversation(_ conversationID: ConversationID, userID: UserID) async throws(StoreError) -> Bool {
        try await changeCount(
            """
            UPDATE conversation_members SET hidden = 1, unread_count = 0,
                cleared_seq = (SELECT IFNULL(MAX(seq), 0) FROM messages WHERE conversation_id = ?1)
            WHERE conversation_id = ?1 AND user_id = ?2
            """, [conversationID.rawValue, userID.rawValue]) > 0
    }

    /// The sum of the user's visible conversations' unread counts.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func unreadMessageCount(userID: UserID) async throws(StoreError) -> Int {
        try await fetchOne(
            "SELECT IFNULL(SUM(unread_count), 0) FROM conversation_members WHERE user_id = ? AND hidden = 0",
            [userID.rawValue]
        ) { try $0.int() } ?? 0
    }
}
