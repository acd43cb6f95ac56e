import Foundation
import SocialModel

extension InMemorySocialStore {
    // MARK: Notifications

    /// A user's notifications, newest first.
    public func notifications(recipientID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError)
        -> [NetworkNotification]
    {
        try withState { state in
            InMemoryOrdering.newestFirst(
                state.network.notifications.values.filter { $0.recipientID == recipientID }, date: \.createdAt,
                id: \.id.rawValue, after: after, limit: limit)
        }
    }

    /// The notification with this id.
    public func notification(id: NotificationID) async throws(StoreError) -> NetworkNotification? {
        try withState { state in state.network.notifications[id] }
    }

    /// How many of a user's notifications are unread.
    public func unreadNotificationCount(recipientID: UserID) async throws(StoreError) -> Int {
        try withState { state in
            state.network.notifications.values.count { $0.recipientID == recipientID && !$0.isRead }
        }
    }

    /// Marks one notification read.
    public func markNotificationRead(id: NotificationID, recipientID: UserID) async throws(StoreError) -> Bool {
        try withState { state in
            guard let notification = state.network.notifications[id], notification.recipientID == recipientID,
                !notification.isRead
            else { return false }
            state.network.notifications[id]?.isRead = true
            return true
        }
    }

    /// Marks all of a user's notifications read.
    public func markAllNotificationsRead(recipientID: UserID) async throws(StoreError) -> Int {
        try withState { state in
            var count = 0
            for (id, notification) in state.network.notifications
            where notification.recipientID == recipientID && !notification.isRead {
                state.network.notifications[id]?.isRead = true
                count += 1
            }
            return count
        }
    }

    /// Deletes one notification of the recipient.
    public func deleteNotification(id: NotificationID, recipientID: UserID) async throws(StoreError) -> Bool {
        try withState { state in
            guard state.network.notifications[id]?.recipientID == recipientID else { return false }
            state.network.notifications[id] = nil
            return true
        }
    }

    /// Deletes all of a user's notifications.
    public func deleteAllNotifications(recipientID: UserID) async throws(StoreError) -> Int {
        try withState { state in
            let before = state.network.notifications.count
            state.network.notifications = state.network.notifications.filter { $0.value.recipientID != recipientID }
            return before - state.network.notifications.count
        }
    }

    // MARK: Direct messages

    /// Finds or opens the pair's conversation and stores the message.
    public func insertMessage(_ message: Message, recipientID: UserID, photo: Data?) async throws(StoreError)
        -> Message
    {
        try withState { state throws(StoreError) in
            try state.requireUser(message.senderID)
            try state.requireUser(recipientID)
            guard state.network.messages[message.id] == nil else { throw .duplicate(.id) }
            var stored = message
            stored.hasPhoto = photo != nil
            stored.readAt = nil
            if let existing = Self.conversation(message.senderID, recipientID, state) {
                stored.conversationID = existing.id
                state.network.conversations[existing.id]?.lastMessageAt = max(existing.lastMessageAt, message.createdAt)
            } else {
                guard state.network.conversations[message.conversationID] == nil else { throw .duplicate(.id) }
                state.network.conversations[message.conversationID] = Conversation(
                    id: message.conversationID, participantIDs: [message.senderID, recipientID],
                    createdAt: message.createdAt, lastMessageAt: message.createdAt)
                state.network.members[message.conversationID] = [
                    message.senderID: NetworkState.Member(), recipientID: NetworkState.Member(),
                ]
            }
            let id = stored.conversationID
            state.network.messages[stored.id] = NetworkState.StoredMessage(message: stored, seq: state.network.nextSeq)
            state.network.nextSeq += 1
            if let photo { state.network.messagePhotos[stored.id] = photo }
            for member in state.network.members[id]?.keys.map({ $0 }) ?? [] {
                state.network.members[id]?[member]?.hidden = false
            }
            state.network.members[id]?[recipientID]?.unreadCount += 1
            return stored
        }
    }

    /// The conversation with this id.
    public func conversation(id: ConversationID) async throws(StoreError) -> Conversation? {
        try withState { state in state.network.conversations[id] }
    }

    /// The pair's conversation.
    public func conversation(between userID: UserID, and otherID: UserID) async throws(StoreError) -> Conversation? {
        try withState { state in Self.conversation(userID, otherID, state) }
    }

    static func conversation(_ userID: UserID, _ otherID: UserID, _ state: State) -> Conversation? {
        let pair = [userID, otherID].sorted { $0.rawValue < $1.rawValue }
        return state.network.conversations.values.first { $0.participantIDs == pair }
    }

    /// The user's visible conversations, latest message first.
    public func conversations(userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError)
        -> [ConversationSummary]
    {
        try withState { state in
            let visible = state.network.conversations.values.filter {
                state.network.members[$0.id]?[userID].map { !$0.hidden } ?? false
            }
            let page = InMemoryOrdering.newestFirst(
                visible, date: \.lastMessageAt, id: \.id.rawValue, after: after, limit: limit)
            return page.compactMap { conversation in
                guard let otherID = conversation.other(than: userID), let other = state.users[otherID],
                    let member = state.network.members[conversation.id]?[userID]
                else { return nil }
                let last = Self.visibleMessages(conversation.id, member, state).max {
                    $0.createdAt != $1.createdAt ? $0.createdAt < $1.createdAt : $0.id.rawValue < $1.id.rawValue
                }
                return ConversationSummary(
                    conversation: conversation, otherUser: other, lastMessage: last, unreadCount: member.unreadCount)
            }
        }
    }

    static func visibleMessages(_ id: ConversationID, _ member: NetworkState.Member, _ state: State) -> [Message] {
        state.network.messages.values.filter { $0.message.conversationID == id && $0.seq > member.clearedSeq }
            .map(\.message)
    }

    /// The messages the viewer can see, newest first.
    public func messages(in conversationID: ConversationID, viewerID: UserID, before: KeysetCursor?, limit: Int)
        async throws(StoreError) -> [Message]
    {
        try withState { state in
            guard let member = state.network.members[conversationID]?[viewerID] else { return [] }
            return InMemoryOrdering.newestFirst(
                Self.visibleMessages(conversationID, member, state), date: \.createdAt, id: \.id.rawValue,
                after: before, limit: limit)
        }
    }

    /// The photo of a message.
    public func messagePhoto(id: MessageID) async throws(StoreError) -> Data? {
        try withState { state in state.network.messagePhotos[id] }
    }

    /// Marks the other's messages read.
    public func markConversationRead(_ conversationID: ConversationID, userID: UserID, at date: Date)
        async throws(StoreError) -> Int
    {
        try withState { state in
            guard let member = state.network.members[conversationID]?[userID] else { return 0 }
            for (id, stored) in state.network.messages
            where stored.message.conversationID == conversationID && stored.message.senderID != userID
                && stored.message.readAt == nil
            {
                state.network.messages[id]?.message.readAt = date
            }
            state.network.members[conversationID]?[userID]?.unreadCount = 0
            return member.unreadCount
        }
    }

    /// Hides the conversation from one member.
    public func hideConversation(_ conversationID: ConversationID, userID: UserID) async throws(StoreError) -> Bool {
        try withState { state in
            guard state.network.members[conversationID]?[userID] != nil else { return false }
            let last =
                state.network.messages.values.filter { $0.message.conversationID == conversationID }.map(\.seq).max()
                ?? 0
            state.network.members[conversationID]?[userID] = NetworkState.Member(
                hidden: true, clearedSeq: last, unreadCount: 0)
            return true
        }
    }

    /// Unread messages across the user's visible conversations.
    public func unreadMessageCount(userID: UserID) async throws(StoreError) -> Int {
        try withState { state in
            state.network.members.values.compactMap { $0[userID] }.filter { !$0.hidden }.reduce(0) {
                $0 + $1.unreadCount
            }
        }
    }
}
