import Foundation
import SocialModel

extension InMemorySocialStore: MessageStore {
    /// Finds or opens the pair's conversation and stores the message.
    ///
    /// - Throws: `StoreError/missingReference` if either user does not exist.
    public func insertMessage(_ message: Message, recipientID: UserID, photo: Data?) async throws(StoreError)
        -> Message
    {
        try withState { state throws(StoreError) in
            try state.requireUser(message.senderID)
            try state.requireUser(recipientID)
            guard state.messages[message.id] == nil else { throw .duplicate(.id) }
            var stored = message
            stored.hasPhoto = photo != nil
            stored.readAt = nil
            if let existing = Self.conversation(message.senderID, recipientID, state) {
                stored.conversationID = existing.id
                state.conversations[existing.id]?.lastMessageAt = max(existing.lastMessageAt, message.createdAt)
            } else {
                guard state.conversations[message.conversationID] == nil else { throw .duplicate(.id) }
                state.conversations[message.conversationID] = Conversation(
                    id: message.conversationID, participantIDs: [message.senderID, recipientID],
                    createdAt: message.createdAt, lastMessageAt: message.createdAt)
                state.members[message.conversationID] = [message.senderID: State.Member(), recipientID: State.Member()]
            }
            let id = stored.conversationID
            state.messages[stored.id] = State.StoredMessage(message: stored, seq: state.nextSeq)
            state.nextSeq += 1
            if let photo { state.messagePhotos[stored.id] = photo }
            for member in state.members[id]?.keys.map({ $0 }) ?? [] {
                state.members[id]?[member]?.hidden = false
            }
            state.members[id]?[recipientID]?.unreadCount += 1
            return stored
        }
    }

    /// The conversation with this id.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func conversation(id: ConversationID) async throws(StoreError) -> Conversation? {
        try withState { state in state.conversations[id] }
    }

    /// The pair's conversation.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func conversation(between userID: UserID, and otherID: UserID) async throws(StoreError) -> Conversation? {
        try withState { state in Self.conversation(userID, otherID, state) }
    }

    static func conversation(_ userID: UserID, _ otherID: UserID, _ state: State) -> Conversation? {
        let pair = [userID, otherID].sorted { $0.rawValue < $1.rawValue }
        return state.conversations.values.first { $0.participantIDs == pair }
    }

    /// The user's visible conversations, latest message first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func conversations(userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError)
        -> [ConversationSummary]
    {
        try withState { state in
            let visible = state.conversations.values.filter {
                state.members[$0.id]?[userID].map { !$0.hidden } ?? false
            }
            let page = InMemoryPaging.keyset(
                visible, date: \.lastMessageAt, id: \.id.rawValue, after: after, limit: limit)
            return page.compactMap { conversation in
                guard let otherID = conversation.other(than: userID),
                    let member = state.members[conversation.id]?[userID]
                else { return nil }
                let other = state.users[otherID] ?? .deletedAccount(id: otherID)
                let last = InMemoryPaging.keyset(
                    Self.visibleMessages(conversation.id, member, state), date: \.createdAt, id: \.id.rawValue,
                    after: nil, limit: 1
                ).first
                return ConversationSummary(
                    conversation: conversation, otherUser: other, lastMessage: last, unreadCount: member.unreadCount)
            }
        }
    }

    static func visibleMessages(_ id: ConversationID, _ member: State.Member, _ state: State) -> [Message] {
        state.messages.values.filter { $0.message.conversationID == id && $0.seq > member.clearedSeq }.map(\.message)
    }

    /// The messages the viewer can see, newest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func messages(in conversationID: ConversationID, viewerID: UserID, before: KeysetCursor?, limit: Int)
        async throws(StoreError) -> [Message]
    {
        try withState { state in
            guard let member = state.members[conversationID]?[viewerID] else { return [] }
            return InMemoryPaging.keyset(
                Self.visibleMessages(conversationID, member, state), date: \.createdAt, id: \.id.rawValue,
                after: before, limit: limit)
        }
    }

    /// The photo of a message the viewer can see, with its conversation.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func messagePhoto(id: MessageID, viewerID: UserID) async throws(StoreError) -> MessagePhoto? {
        try withState { state in
            guard let jpeg = state.messagePhotos[id], let stored = state.messages[id],
                let member = state.members[stored.message.conversationID]?[viewerID],
                stored.seq > member.clearedSeq
            else { return nil }
            return MessagePhoto(messageID: id, conversationID: stored.message.conversationID, jpeg: jpeg)
        }
    }

    /// Marks the other's messages read.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func markConversationRead(_ conversationID: ConversationID, userID: UserID, at date: Date)
        async throws(StoreError) -> Int
    {
        try withState { state in
            guard let member = state.members[conversationID]?[userID] else { return 0 }
            for (id, stored) in state.messages
            where stored.message.conversationID == conversationID && stored.message.senderID != userID
                && stored.message.readAt == nil
            {
                state.messages[id]?.message.readAt = date
            }
            state.members[conversationID]?[userID]?.unreadCount = 0
            return member.unreadCount
        }
    }

    /// Hides the conversation from one member.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func hideConversation(_ conversationID: ConversationID, userID: UserID) async throws(StoreError) -> Bool {
        try withState { state in
            guard state.members[conversationID]?[userID] != nil else { return false }
            let last =
                state.messages.values.filter { $0.message.conversationID == conversationID }.map(\.seq).max() ?? 0
            state.members[conversationID]?[userID] = State.Member(hidden: true, clearedSeq: last, unreadCount: 0)
            return true
        }
    }

    /// Unread messages across the user's visible conversations.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func unreadMessageCount(userID: UserID) async throws(StoreError) -> Int {
        try withState { state in
            state.members.values.compactMap { $0[userID] }.filter { !$0.hidden }.reduce(0) { $0 + $1.unreadCount }
        }
    }
}
