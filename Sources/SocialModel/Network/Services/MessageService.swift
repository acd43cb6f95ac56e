import Foundation

/// Direct messages between two users: text and photo messages, an inbox sorted by latest
/// message, read state, unread counts and per-user hiding, and a live stream of new messages.
public struct MessageService: Sendable {
    let context: NetworkContext

    /// Sends a message from the acting user to another, in their conversation (opened on the
    /// first message). The photo, if any, is normalised and stored without metadata.
    /// - Throws: ``NetworkError/invalid(_:)`` for an empty or long message, ``NetworkError/selfAction``.
    public func send(_ token: SecretToken, to recipientID: UserID, text: String, photo: Data? = nil)
        async throws(NetworkError) -> Message
    {
        let sender = try await context.actor(token)
        guard sender.id != recipientID else { throw .selfAction }
        let text = AccountValidator.normalizedText(text)
        var violations = context.check(
            text, .message, maximumLength: context.policy.messageMaximumLength, maximumLines: .max)
        if text.isEmpty && photo == nil { violations.insert(.init(.message, .tooShort(minimum: 1)), at: 0) }
        guard violations.isEmpty else { throw .invalid(violations) }
        _ = try await context.existingUser(recipientID)
        var jpeg: Data?
        if let photo {
            let processor = BoundedPhotoProcessor(
                sizes: [context.policy.messagePhotoSize], pixelLimit: context.policy.photoPixelLimit)
            do {
                jpeg = try processor.process(photo).jpegs[context.policy.messagePhotoSize]
            } catch let error as PhotoError {
                throw .photo(error)
            } catch {
                throw .filterFailed("\(error)")
            }
        }
        let message = Message(
            id: .random(), conversationID: .random(), senderID: sender.id, text: text, createdAt: context.now)
        let store = context.store
        let stored: Message
        do {
            stored = try await store.insertMessage(message, recipientID: recipientID, photo: jpeg)
        } catch .missingReference {
            throw .notFound(.user)
        } catch {
            throw .storage(error)
        }
        context.events.publish(stored, participants: [sender.id, recipientID])
        return stored
    }

    /// The acting user's conversations they have not hidden, latest message first.
    public func inbox(_ token: SecretToken, after: KeysetCursor? = nil, limit: Int? = nil) async throws(NetworkError)
        -> CursorPage<ConversationSummary, KeysetCursor>
    {
        let user = try await context.actor(token)
        let limit = try context.limit(limit)
        let store = context.store
        var items = try await context.fromStore {
            try await store.conversations(userID: user.id, after: after, limit: limit)
        }
        for index in items.indices { items[index].otherUser = items[index].otherUser.publicView }
        return CursorPage(items: items, next: items.count == limit ? items.last?.cursor : nil)
    }

    /// A conversation's messages the acting user can see, newest first.
    /// - Throws: ``NetworkError/forbidden`` unless the acting user takes part.
    public func messages(_ token: SecretToken, in id: ConversationID, before: KeysetCursor? = nil, limit: Int? = nil)
        async throws(NetworkError) -> CursorPage<Message, KeysetCursor>
    {
        let user = try await participant(token, id)
        let limit = try context.limit(limit)
        let store = context.store
        let items = try await context.fromStore {
            try await store.messages(in: id, viewerID: user.id, before: before, limit: limit)
        }
        return CursorPage(items: items, next: items.count == limit ? items.last?.cursor : nil)
    }

    /// The photo of a message, as JPEG.
    /// - Throws: ``NetworkError/forbidden`` unless the acting user takes part in its conversation.
    public func photo(_ token: SecretToken, of message: Message) async throws(NetworkError) -> Data {
        _ = try await participant(token, message.conversationID)
        let store = context.store
        guard let jpeg = try await context.fromStore({ try await store.messagePhoto(id: message.id) }) else {
            throw .notFound(.photo)
        }
        return jpeg
    }

    /// Marks the other participant's messages read; returns how many were unread.
    @discardableResult
    public func markRead(_ token: SecretToken, _ id: ConversationID) async throws(NetworkError) -> Int {
        let user = try await participant(token, id)
        let store = context.store
        let now = context.now
        return try await context.fromStore { try await store.markConversationRead(id, userID: user.id, at: now) }
    }

    /// Deletes a conversation for the acting user only: it and its messages so far leave their
    /// inbox; the other participant keeps everything. It reappears, with the new messages only,
    /// when either side writes again.
    public func delete(_ token: SecretToken, _ id: ConversationID) async throws(NetworkError) {
        let user = try await participant(token, id)
        let store = context.store
        _ = try await context.fromStore { try await store.hideConversation(id, userID: user.id) }
    }

    /// Unread messages across the acting user's conversations.
    public func unreadCount(_ token: SecretToken) async throws(NetworkError) -> Int {
        let user = try await context.actor(token)
        let store = context.store
        return try await context.fromStore { try await store.unreadMessageCount(userID: user.id) }
    }

    /// New messages in the acting user's conversations, as they are sent, until the stream is dropped.
    public func updates(_ token: SecretToken) async throws(NetworkError) -> AsyncStream<Message> {
        let user = try await context.actor(token)
        return context.events.messages(for: user.id)
    }

    func participant(_ token: SecretToken, _ id: ConversationID) async throws(NetworkError) -> User {
        let user = try await context.actor(token)
        let store = context.store
        guard let conversation = try await context.fromStore({ try await store.conversation(id: id) }) else {
            throw .notFound(.conversation)
        }
        guard conversation.participantIDs.contains(user.id) else { throw .forbidden }
        return user
    }
}
