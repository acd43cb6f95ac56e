import Foundation
import SocialModel

/// The message statements, written once for both SQL stores (the conversation list keeps each
/// store's own join for its latest message). A conversation's pair is stored sorted.
package enum MessageSQL {
    /// The pair's conversation (`pair` sorted).
    package static func conversation(pair: [String]) -> SQLStatement {
        "SELECT \(raw: SQLShape.conversation) FROM conversations WHERE user_a = \(pair[0]) AND user_b = \(pair[1])"
    }

    package static func conversation(id: ConversationID) -> SQLStatement {
        "SELECT \(raw: SQLShape.conversation) FROM conversations WHERE id = \(id)"
    }

    /// A new conversation's member rows, hidden from both until ``delivered(_:in:to:)`` shows it
    /// to whom the first message reaches (a held one reaches only its sender).
    package static func openMembers(_ conversation: String, pair: [String]) -> SQLStatement {
        """
        INSERT INTO conversation_members (conversation_id, user_id, hidden) \
        VALUES (\(conversation), \(pair[0]), \(true)), (\(conversation), \(pair[1]), \(true))
        """
    }

    /// Stores a message, and its photo if any.
    package static func insert(_ message: Message, conversation: String, photo: Data?) -> [SQLStatement] {
        [
            """
            INSERT INTO messages (id, conversation_id, sender_id, text, has_photo, created_at) VALUES (\(message.id), \
            \(conversation), \(message.senderID), \(message.text), \(photo != nil), \(message.createdAt))
            """
        ] + (photo.map { ["INSERT INTO message_photos (message_id, jpeg) VALUES (\(message.id), \($0))"] } ?? [])
    }

    /// A new message makes the conversation's latest time its own, shows the conversation again
    /// to both members and counts as unread for the recipient. A held message (``Message/held``)
    /// only shows it to its sender: the recipient's list, order and unread count stay as if it was
    /// not sent, until its hold ends without removal (``release(_:)``).
    package static func delivered(_ message: Message, in conversation: String, to recipientID: UserID)
        -> [SQLStatement]
    {
        guard !message.held else {
            return [
                """
                UPDATE conversation_members SET hidden = \(false) \
                WHERE conversation_id = \(conversation) AND user_id = \(message.senderID)
                """
            ]
        }
        return [
            """
            UPDATE conversations SET last_message_at = CASE WHEN last_message_at < \(message.createdAt) \
            THEN \(message.createdAt) ELSE last_message_at END WHERE id = \(conversation)
            """,
            """
            UPDATE conversation_members SET hidden = \(false), \
            unread_count = unread_count + (CASE WHEN user_id = \(recipientID) THEN 1 ELSE 0 END) \
            WHERE conversation_id = \(conversation)
            """,
        ]
    }

    /// Delivers a message whose hold ended: what ``delivered(_:in:to:)`` left out for the
    /// recipient, unless they hid the conversation after it was sent.
    package static func release(_ id: MessageID) -> [SQLStatement] {
        [
            """
            UPDATE conversations SET last_message_at = (SELECT CASE WHEN conversations.last_message_at < m.created_at \
            THEN m.created_at ELSE conversations.last_message_at END FROM messages m WHERE m.id = \(id)) \
            WHERE id = (SELECT conversation_id FROM messages WHERE id = \(id))
            """,
            """
            UPDATE conversation_members SET hidden = \(false), unread_count = unread_count + 1 \
            WHERE conversation_id = (SELECT conversation_id FROM messages WHERE id = \(id)) \
            AND user_id <> (SELECT sender_id FROM messages WHERE id = \(id)) \
            AND cleared_seq < (SELECT seq FROM messages WHERE id = \(id))
            """,
        ]
    }

    /// The messages the viewer can see (after the member's cleared point), newest first, with
    /// their held flags.
    package static func messages(in id: ConversationID, viewerID: UserID, before: KeysetCursor?, limit: Int)
        -> SQLStatement
    {
        """
        SELECT \(raw: SQLShape.qualified(SQLShape.message, "msg")), \(raw: HeldContentSQL.held(.message, "msg.id")) \
        FROM conversation_members m \
        JOIN messages msg ON msg.conversation_id = m.conversation_id AND msg.seq > m.cleared_seq \
        WHERE m.conversation_id = \(id) AND m.user_id = \(viewerID) \(Keyset.before(before, "msg.created_at", "msg.id")) \
        ORDER BY msg.created_at DESC, msg.id DESC LIMIT \(max(0, limit))
        """
    }

    /// The photo of a message the viewer can see, with its conversation, sender and held flag.
    package static func photo(id: MessageID, viewerID: UserID) -> SQLStatement {
        """
        SELECT m.conversation_id, m.sender_id, p.jpeg, \(raw: HeldContentSQL.held(.message, "m.id")) \
        FROM message_photos p JOIN messages m ON m.id = p.message_id \
        JOIN conversation_members cm ON cm.conversation_id = m.conversation_id AND m.seq > cm.cleared_seq \
        WHERE p.message_id = \(id) AND cm.user_id = \(viewerID)
        """
    }

    /// The member's unread count (the store locks the row where it can).
    package static func unread(_ id: ConversationID, userID: UserID) -> SQLStatement {
        "SELECT unread_count FROM conversation_members WHERE conversation_id = \(id) AND user_id = \(userID)"
    }

    /// Marks the other's messages read and zeroes the member's unread count; a held message was
    /// not delivered, so it is not read (its sender is not told so).
    package static func markRead(_ id: ConversationID, userID: UserID, at date: Date) -> [SQLStatement] {
        [
            """
            UPDATE messages SET read_at = \(date) \
            WHERE conversation_id = \(id) AND sender_id <> \(userID) AND read_at IS NULL \
            AND NOT \(raw: HeldContentSQL.held(.message, "messages.id"))
            """,
            "UPDATE conversation_members SET unread_count = 0 WHERE conversation_id = \(id) AND user_id = \(userID)",
        ]
    }

    /// Hides the conversation and its messages so far from one member.
    package static func hide(_ id: ConversationID, userID: UserID) -> SQLStatement {
        """
        UPDATE conversation_members SET hidden = \(true), unread_count = 0, \
        cleared_seq = (SELECT coalesce(max(seq), 0) FROM messages WHERE conversation_id = \(id)) \
        WHERE conversation_id = \(id) AND user_id = \(userID) RETURNING 1
        """
    }

    /// The sum of the user's visible conversations' unread counts.
    package static func unreadCount(userID: UserID) -> SQLStatement {
        """
        SELECT CAST(coalesce(sum(unread_count), 0) AS bigint) FROM conversation_members \
        WHERE user_id = \(userID) AND hidden = \(false)
        """
    }
}
