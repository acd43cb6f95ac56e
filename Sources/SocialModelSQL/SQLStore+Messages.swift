import Foundation
import SocialModel

// The message requirements, written once for both SQL stores. Sending a message and marking a
// conversation read stay in each store (PostgreSQL locks rows, opens a conversation with an
// upsert and announces the message), and so does the conversation list (a correlated subquery in
// SQLite, LATERAL in PostgreSQL: each is its planner's fast form).

extension MessageStore where Self: SQLBackedStore {
    /// The conversation with this id.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func conversation(id: ConversationID) async throws(StoreError) -> Conversation? {
        try await sql.fetchOne(MessageSQL.conversation(id: id)) { try $0.conversation() }
    }

    /// The pair's conversation.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func conversation(between userID: UserID, and otherID: UserID) async throws(StoreError) -> Conversation? {
        try await sql.fetchOne(MessageSQL.conversation(pair: [userID.rawValue, otherID.rawValue].sorted())) {
            try $0.conversation()
        }
    }

    /// The messages the viewer can see, newest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func messages(in conversationID: ConversationID, viewerID: UserID, before: KeysetCursor?, limit: Int)
        async throws(StoreError) -> [Message]
    {
        try await sql.fetch(MessageSQL.messages(in: conversationID, viewerID: viewerID, before: before, limit: limit)) {
            try $0.heldMessage()
        }
    }

    /// The photo of a message the viewer can see, with its conversation, sender and held flag.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func messagePhoto(id: MessageID, viewerID: UserID) async throws(StoreError) -> MessagePhoto? {
        try await sql.fetchOne(MessageSQL.photo(id: id, viewerID: viewerID)) {
            MessagePhoto(
                messageID: id, conversationID: try $0.id(), senderID: try $0.id(), jpeg: try $0.data(),
                held: try $0.bool())
        }
    }

    /// Delivers a held message whose hold ended to its recipient, in one transaction.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func releaseMessage(id: MessageID) async throws(StoreError) {
        try await sql.transaction(MessageSQL.release(id))
    }

    /// Hides the conversation and its messages so far from one member.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func hideConversation(_ conversationID: ConversationID, userID: UserID) async throws(StoreError) -> Bool {
        try await sql.run(MessageSQL.hide(conversationID, userID: userID)) > 0
    }

    /// The sum of the user's visible conversations' unread counts.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func unreadMessageCount(userID: UserID) async throws(StoreError) -> Int {
        try await sql.fetchOne(MessageSQL.unreadCount(userID: userID)) { try $0.int() } ?? 0
    }
}
