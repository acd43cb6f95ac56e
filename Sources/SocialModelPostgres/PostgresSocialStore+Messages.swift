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
            // The no-op update returns an existing row; `MessageSQL.delivered` moves its time.
            let opened = try await connection.query(
                """
                INSERT INTO conversations (\(unescaped: SQLShape.conversation))
                VALUES (\(message.conversationID.rawValue), \(pair[0]), \(pair[1]), \(at), \(at))
                ON CONFLICT ON CONSTRAINT conversations_pair
                DO UPDATE SET last_message_at = conversations.last_message_at
                RETURNING id, (xmax = 0)
                """, logger: logger
            ).collect()
            guard let row = opened.first else { throw StoreError.database(message: "no conversation row returned") }
            var columns = PostgresColumns(row)
            let (conversation, isNew) = (try columns.string(), try columns.bool())
            if isNew { try await connection.query(MessageSQL.openMembers(conversation, pair: pair), logger: logger) }
            var stored = message
            stored.conversationID = ConversationID(rawValue: conversation)
            for statement in MessageSQL.insert(stored, conversation: conversation, photo: photo) {
                try await connection.query(statement, logger: logger)
            }
            for statement in MessageSQL.delivered(stored, in: conversation, to: recipientID) {
                try await connection.query(statement, logger: logger)
            }
            try await connection.query(
                announce(.message(stored.id, participants: pair.map(UserID.init(rawValue:)))), logger: logger)
            stored.hasPhoto = photo != nil
            stored.readAt = nil
            return stored
        }
    }

    /// The conversation summary's columns, a deleted other participant read as `User.deletedAccount(id:)`.
    static let summaryColumns = SQLShape.summaryColumnsKeepingDeletedUsers

    /// The user's visible conversations, latest message first, each with the other user, the
    /// latest message delivered to the user and the unread count, in one query.
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
            LEFT JOIN messages lm ON lm.id = m.last_message_id
            WHERE m.user_id = \(user) AND NOT m.hidden \(condition)
            ORDER BY c.last_message_at DESC, c.id DESC LIMIT \(builder.bind(max(0, limit)))
            """
        return try await fetch(builder.query) { try $0.conversationSummary() }
    }

    /// Marks the other's messages read and zeroes the member's unread count, in one transaction;
    /// the member row is locked first so two readers do not both report the same unread messages.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func markConversationRead(_ conversationID: ConversationID, userID: UserID, at date: Date)
        async throws(StoreError) -> Int
    {
        try await transaction { connection in
            let locked: SQLStatement = "\(MessageSQL.unread(conversationID, userID: userID)) FOR UPDATE"
            let member = try await connection.query(locked, logger: logger)
            guard let unread = try Self.decode(member, { try $0.int() }).first else { return 0 }
            for statement in MessageSQL.markRead(conversationID, userID: userID, at: date) {
                try await connection.query(statement, logger: logger)
            }
            return unread
        }
    }
}
