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
    /// to both members, becomes their latest message (``latest(_:)``) and counts as unread for the
    /// recipient. A held message (``Message/held``) reaches only its sender: the recipient's list,
    /// order, latest message and unread count stay as if it was not sent, until its hold ends
    /// without removal (``release(_:at:seq:)``).
    package static func delivered(_ message: Message, in conversation: String, to recipientID: UserID)
        -> [SQLStatement]
    {
        guard !message.held else {
            return [
                """
                UPDATE conversation_members SET hidden = \(false), \(latest(message.id)) \
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
            UPDATE conversation_members SET hidden = \(false), \(latest(message.id)), \
            unread_count = unread_count + (CASE WHEN user_id = \(recipientID) THEN 1 ELSE 0 END) \
            WHERE conversation_id = \(conversation)
            """,
        ]
    }

    /// Sets a member row's latest delivered message (`last_message_id`, what its conversation
    /// list shows) to `id` unless the one it has comes later in the list's order (a message
    /// committed after a later one does not replace it).
    static func latest(_ id: MessageID) -> SQLStatement {
        """
        last_message_id = (SELECT lm.id FROM messages lm WHERE lm.id = \(id) \
        OR lm.id = conversation_members.last_message_id ORDER BY lm.created_at DESC, lm.id DESC LIMIT 1)
        """
    }

    /// Delivers a message whose hold ended as if it was sent at `date`: what
    /// ``delivered(_:in:to:)`` left out for the recipient, after it is dated `date` and numbered
    /// `seq` (the store's next `seq`, ``SQLExecutor/nextSeq(of:)``).
    package static func release(_ id: MessageID, at date: Date, seq: String) -> [SQLStatement] {
        let conversation: SQLStatement = "(SELECT conversation_id FROM messages WHERE id = \(id))"
        return [
            // Moved after every message so far, so a recipient who hid the conversation while it
            // was held (`cleared_seq` counts it) is delivered it rather than never shown it; and
            // dated now, as what they are delivered is new to them and lists keep date order.
            "UPDATE messages SET seq = \(raw: seq), created_at = \(date) WHERE id = \(id)",
            """
            UPDATE conversations SET last_message_at = CASE WHEN last_message_at < \(date) \
            THEN \(date) ELSE last_message_at END WHERE id = \(conversation)
            """,
            """
            UPDATE conversation_members SET hidden = \(false), \(latest(id)), unread_count = unread_count + 1 \
            WHERE conversation_id = \(conversation) AND user_id <> (SELECT sender_id FROM messages WHERE id = \(id))
            """,
        ]
    }

    /// A message with its held flag, and its conversation's pair.
    package static func message(_ id: MessageID) -> SQLStatement {
        """
        SELECT \(raw: SQLShape.qualified(SQLShape.message, "m")), \(raw: HeldContentSQL.held(.message, "m.id")), \
        c.user_a, c.user_b FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE m.id = \(id)
        """
    }

    /// Adds each member row's latest delivered message (``latest(_:)``), filled from the
    /// messages after the member last hid the conversation: no released version held a
    /// message, so each of those was delivered.
    /// - Parameter text: the id column type (`TEXT`, or `text COLLATE "C"`).
    /// - Returns: the statements, in order.
    package static func latestSchema(text: String) -> [String] {
        [
            "ALTER TABLE conversation_members ADD COLUMN last_message_id \(text)",
            """
            UPDATE conversation_members SET last_message_id = (SELECT msg.id FROM messages msg \
            WHERE msg.conversation_id = conversation_members.conversation_id AND msg.seq > conversation_members.cleared_seq \
            ORDER BY msg.created_at DESC, msg.id DESC LIMIT 1)
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
        UPDATE conversation_members SET hidden = \(true), unread_count = 0, last_message_id = NULL, \
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
