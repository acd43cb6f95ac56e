import Foundation

/// Direct messages between two users: text and photo messages, an inbox sorted by latest
/// message, read state, unread counts and per-user hiding, and a live stream of new messages,
/// for one signed-in user. Get it from ``NetworkSession/messages``.
public struct MessageService: Sendable {
    let store: any MessageStore & UserStore & SafetyStore & ModerationStore
    let context: NetworkContext
    /// The signed-in user.
    public let actor: User

    /// Sends a message to another user, in their conversation (opened on the first message).
    /// The photo, if any, is normalised and stored without metadata. The network's
    /// ``ContentCheck`` is asked about the text and the processed photo first: a message it holds
    /// is stored with ``Message/held`` set and shown only to its sender until a moderator acts.
    /// - Parameters:
    ///   - recipientID: whom to write to.
    ///   - text: the text (may be empty when a photo is sent).
    ///   - photo: a photo to send, or `nil`.
    /// - Returns: the message as stored.
    /// - Throws: ``NetworkError/invalid(_:)`` for an empty or long message, ``NetworkError/selfAction``,
    ///   ``NetworkError/notFound(_:)`` (also when there is a block between the two users),
    ///   ``NetworkError/photo(_:)``, ``NetworkError/refused(_:_:)`` when the content check refuses
    ///   the text or the photo.
    public func send(recipientID: UserID, text: String, photo: Data? = nil) async throws(NetworkError) -> Message {
        guard actor.id != recipientID else { throw .selfAction }
        let text = try context.checked(
            text, .message, maximumLength: context.policy.messageMaximumLength, maximumLines: .max,
            required: photo == nil)
        _ = try await context.existingUser(recipientID, in: store)
        try await context.requireNoBlock(between: actor.id, and: recipientID, in: store, else: .user)
        var jpeg: Data?
        if let photo {
            let size = context.policy.messagePhotoSize
            jpeg = try await context.bounded(photo, sizes: [size]).jpegs[size]
        }
        let pieces = (text.isEmpty ? [] : [SubmittedContent.message(text)]) + (jpeg.map { [.photo($0)] } ?? [])
        let held = try await context.screened(pieces, by: actor.id)
        var message = Message(
            id: .random(), conversationID: .random(), senderID: actor.id, text: text, createdAt: context.now)
        // A held message is delivered to its sender only; the store keeps the recipient's side.
        message.held = held != nil
        if let held { try await context.hold(.message(message.id), by: actor.id, reason: held, in: store) }
        var stored: Message
        do {
            stored = try await store.insertMessage(message, recipientID: recipientID, photo: jpeg)
        } catch .missingReference {
            throw .notFound(.user)
        } catch {
            throw .storage(error)
        }
        stored.held = message.held
        context.events.publish(stored, participants: [actor.id, recipientID])
        return stored
    }

    /// The conversations the signed-in user has not hidden, latest message first, each with the
    /// latest message delivered to them (a held message reaches only its sender until released).
    /// - Parameters:
    ///   - after: the previous page's ``CursorPage/next``, or `nil` for the first page.
    ///   - limit: the page size, or `nil` for the policy's.
    /// - Returns: a page of conversations.
    /// - Throws: ``NetworkError/invalid(_:)`` for a page size out of range.
    public func inbox(after: KeysetCursor? = nil, limit: Int? = nil) async throws(NetworkError)
        -> CursorPage<ConversationSummary, KeysetCursor>
    {
        let limit = try context.limit(limit)
        var items = try await context.fromStore {
            try await store.conversations(userID: actor.id, after: after, limit: limit)
        }
        for index in items.indices {
            items[index].otherUser = items[index].otherUser.publicView
        }
        return CursorPage(items: items, limit: limit, cursor: \.cursor)
    }

    /// A conversation's messages the signed-in user can see, newest first.
    /// - Parameters:
    ///   - conversationID: the conversation's id.
    ///   - before: the previous page's ``CursorPage/next``, or `nil` for the first page.
    ///   - limit: the page size, or `nil` for the policy's.
    /// - Returns: a page of messages.
    /// - Throws: ``NetworkError/forbidden`` unless the signed-in user takes part, ``NetworkError/notFound(_:)``.
    public func messages(conversationID: ConversationID, before: KeysetCursor? = nil, limit: Int? = nil)
        async throws(NetworkError) -> CursorPage<Message, KeysetCursor>
    {
        try await requireParticipant(conversationID)
        let limit = try context.limit(limit)
        let items = try await context.fromStore {
            try await store.messages(in: conversationID, viewerID: actor.id, before: before, limit: limit)
        }
        let shown = items.filter { HeldContent.shows(held: $0.held, by: $0.senderID, to: actor.id) }
        return CursorPage(items: shown, read: items, limit: limit, cursor: \.cursor)
    }

    /// The photo of a message, as JPEG.
    /// - Parameter messageID: the message's id.
    /// - Returns: the JPEG.
    /// - Throws: ``NetworkError/notFound(_:)`` (``NetworkEntity/photo``) when there is no
    ///   such photo among the messages the signed-in user can see: the message has none, its
    ///   conversation is not theirs, they deleted (hid) it after the message was sent, or a
    ///   content check holds it from them (the same answer, so a hold cannot be told apart).
    public func photo(messageID: MessageID) async throws(NetworkError) -> Data {
        let viewerID = actor.id
        guard
            let photo = try await context.fromStore({
                try await store.messagePhoto(id: messageID, viewerID: viewerID)
            }),
            HeldContent.shows(held: photo.held, by: photo.senderID, to: viewerID)
        else { throw .notFound(.photo) }
        return photo.jpeg
    }

    /// Marks the other participant's messages read.
    /// - Parameter conversationID: the conversation's id.
    /// - Returns: how many were unread.
    /// - Throws: ``NetworkError/forbidden`` unless the signed-in user takes part, ``NetworkError/notFound(_:)``.
    @discardableResult
    public func markRead(conversationID: ConversationID) async throws(NetworkError) -> Int {
        try await requireParticipant(conversationID)
        let now = context.now
        return try await context.fromStore {
            try await store.markConversationRead(conversationID, userID: actor.id, at: now)
        }
    }

    /// Deletes a conversation for the signed-in user only: it and its messages so far leave
    /// their inbox; the other participant keeps everything. It reappears, with the new messages
    /// only, when either side writes again.
    /// - Parameter conversationID: the conversation's id.
    /// - Throws: ``NetworkError/forbidden`` unless the signed-in user takes part, ``NetworkError/notFound(_:)``.
    public func delete(conversationID: ConversationID) async throws(NetworkError) {
        try await requireParticipant(conversationID)
        _ = try await context.fromStore { try await store.hideConversation(conversationID, userID: actor.id) }
    }

    /// Unread messages across the signed-in user's conversations.
    /// - Returns: the count.
    /// - Throws: ``NetworkError/storage(_:)`` when the store fails.
    public func unreadCount() async throws(NetworkError) -> Int {
        try await context.fromStore { try await store.unreadMessageCount(userID: actor.id) }
    }

    /// New messages in the signed-in user's conversations, as they are sent, until the stream is dropped.
    /// - Returns: the stream.
    public func updates() -> AsyncStream<Message> {
        context.events.messages(for: actor.id)
    }

    func requireParticipant(_ id: ConversationID) async throws(NetworkError) {
        guard let conversation = try await context.fromStore({ try await store.conversation(id: id) }) else {
            throw .notFound(.conversation)
        }
        guard conversation.participantIDs.contains(actor.id) else { throw .forbidden }
    }
}
