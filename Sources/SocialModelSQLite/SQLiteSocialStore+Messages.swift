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
            let existing = try db.fetch("SELECT 1 FROM users WHERE id IN (\(pair[0]), \(pair[1]))") { _ in true }
            guard existing.count == Set(pair).count else { throw StoreError.missingReference }
            let at = message.createdAt.timeIntervalSinceReferenceDate
            var stored = message
            if let existing = try db.fetch(MessageSQL.conversation(pair: pair), { try $0.conversation() }).first {
                stored.conversationID = existing.id
            } else {
                try db.cachedStatement(
                    sql: "INSERT INTO conversations (\(SQLShape.conversation)) VALUES (?, ?, ?, ?, ?)"
                ).execute(arguments: [message.conversationID.rawValue, pair[0], pair[1], at, at])
                try db.execute(MessageSQL.openMembers(message.conversationID.rawValue, pair: pair))
            }
            let conversation = stored.conversationID.rawValue
            for statement in MessageSQL.insert(stored, conversation: conversation, photo: photo) {
                try db.execute(statement)
            }
            for statement in MessageSQL.delivered(stored, in: conversation, to: recipientID) {
                try db.execute(statement)
            }
            stored.hasPhoto = photo != nil
            stored.readAt = nil
            return stored
        }
    }

    /// The user's visible conversations, latest message first, each with the other user, the
    /// latest message delivered to the user and the unread count, in one query.
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
            LEFT JOIN messages lm ON lm.id = m.last_message_id
            WHERE m.user_id = ? AND m.hidden = 0 \(condition)
            ORDER BY c.last_message_at DESC, c.id DESC LIMIT ?
            """, arguments
        ) { try $0.conversationSummary() }
    }

    /// The conversation summary's columns, a deleted other participant read as `User.deletedAccount(id:)`.
    static let summaryColumns = SQLShape.summaryColumnsKeepingDeletedUsers

    /// Marks the other's messages read and zeroes the member's unread count, in one transaction.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func markConversationRead(_ conversationID: ConversationID, userID: UserID, at date: Date)
        async throws(StoreError) -> Int
    {
        try await write { db in
            guard let unread = try db.fetch(MessageSQL.unread(conversationID, userID: userID), { try $0.int() }).first
            else { return 0 }
            for statement in MessageSQL.markRead(conversationID, userID: userID, at: date) { try db.execute(statement) }
            return unread
        }
    }
}
