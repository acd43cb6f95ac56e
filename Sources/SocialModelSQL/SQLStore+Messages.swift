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

    /// Delivers a held message whose hold ended to its recipient as if it was sent at `date`, in
    /// one transaction that also announces it (as `insertMessage` announces a message), and
    /// returns it as stored now.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func releaseMessage(id: MessageID, at date: Date) async throws(StoreError) -> Message? {
        guard let pair = try await sql.fetchOne(MessageSQL.message(id), { try $0.pair() }) else { return nil }
        let release = MessageSQL.release(id, at: date, seq: sql.nextSeq(of: "messages"))
        try await sql.transaction(sql.announcing(.message(id, participants: pair.participants), after: release))
        return try await sql.fetchOne(MessageSQL.message(id)) { try $0.heldMessage() }
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

extension SQLColumns {
    /// A row of ``MessageSQL/message(_:)``: the message and its conversation's participants.
    mutating func pair() throws -> (message: Message, participants: [UserID]) {
        (try heldMessage(), [try id(), try id()])
    }
}
