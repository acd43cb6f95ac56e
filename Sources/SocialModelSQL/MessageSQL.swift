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

    package static func openMembers(_ conversation: String, pair: [String]) -> SQLStatement {
        """
        INSERT INTO conversation_members (conversation_id, user_id) \
        VALUES (\(conversation), \(pair[0])), (\(conversation), \(pair[1]))
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

    /// A new message shows the conversation again to both members and counts as unread for the recipient.
    package static func delivered(_ conversation: String, to recipientID: UserID) -> SQLStatement {
        """
        UPDATE conversation_members SET hidden = \(false), \
        unread_count = unread_count + (CASE WHEN user_id = \(recipientID) THEN 1 ELSE 0 END) \
        WHERE conversation_id = \(conversation)
        """
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

    /// The photo of a message the viewer can see, with its conversation.
    package static func photo(id: MessageID, viewerID: UserID) -> SQLStatement {
        """
        SELECT m.conversation_id, p.jpeg FROM message_photos p JOIN messages m ON m.id = p.message_id \
        JOIN conversation_members cm ON cm.conversation_id = m.conversation_id AND m.seq > cm.cleared_seq \
        WHERE p.message_id = \(id) AND cm.user_id = \(viewerID)
        """
    }

    /// The member's unread count (the store locks the row where it can).
    package static func unread(_ id: ConversationID, userID: UserID) -> SQLStatement {
        "SELECT unread_count FROM conversation_members WHERE conversation_id = \(id) AND user_id = \(userID)"
    }

    /// Marks the other's messages read and zeroes the member's unread count.
    package static func markRead(_ id: ConversationID, userID: UserID, at date: Date) -> [SQLStatement] {
        [
            """
            UPDATE messages SET read_at = \(date) \
            WHERE conversation_id = \(id) AND sender_id <> \(userID) AND read_at IS NULL
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
