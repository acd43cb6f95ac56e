import Foundation
import SocialModel
import SocialModelAPI

extension SocialClientSession {
    /// Sends a text message to a user, opening the conversation on the first message.
    /// - Parameters:
    ///   - recipientID: whom to write to.
    ///   - text: the text.
    /// - Returns: the message as stored.
    /// - Throws: ``SocialClientError/api(_:)`` with `invalid`, `self-action` or `not-found`.
    public func sendMessage(to recipientID: UserID, text: String) async throws(SocialClientError) -> Message {
        try await json(
            Message.self, "POST", ["users", recipientID.rawValue, "messages"], body: MessageRequest(text: text),
            expect: 201)
    }

    /// Sends a photo message to a user.
    /// - Parameters:
    ///   - recipientID: whom to write to.
    ///   - photo: the photo's bytes.
    ///   - text: a text to go with it.
    /// - Returns: the message as stored.
    /// - Throws: ``SocialClientError/api(_:)`` with `photo-unusable`, `body-too-large`, `self-action` or `not-found`.
    public func sendMessage(to recipientID: UserID, photo: Data, text: String = "") async throws(SocialClientError)
        -> Message
    {
        let answer = try await transport.send(
            "POST", ["users", recipientID.rawValue, "messages"], query: [URLQueryItem(name: "text", value: text)],
            token: token, body: photo, contentType: "application/octet-stream", expect: [201])
        return try transport.decoded(Message.self, from: answer.data)
    }

    /// The user's conversations, latest message first.
    /// - Parameters:
    ///   - after: the previous page's `next`.
    ///   - limit: the page size.
    /// - Returns: a page of conversations.
    /// - Throws: ``SocialClientError/api(_:)`` with `invalid` for a page size out of range.
    public func conversations(after: KeysetCursor? = nil, limit: Int? = nil) async throws(SocialClientError)
        -> CursorPage<ConversationSummary, KeysetCursor>
    {
        try await json(
            CursorPage<ConversationSummary, KeysetCursor>.self, "GET", ["conversations"],
            query: pageQuery(after: after, limit: limit))
    }

    /// Unread messages across the user's conversations.
    /// - Returns: the count.
    /// - Throws: ``SocialClientError/api(_:)`` with `unauthorized`.
    public func unreadMessageCount() async throws(SocialClientError) -> Int {
        try await json(CountResponse.self, "GET", ["conversations", "unread-count"]).count
    }

    /// A conversation's messages, newest first.
    /// - Parameters:
    ///   - conversationID: the conversation.
    ///   - after: the previous page's `next`.
    ///   - limit: the page size.
    /// - Returns: a page of messages.
    /// - Throws: ``SocialClientError/api(_:)`` with `forbidden` unless the user takes part, `not-found`.
    public func messages(conversationID: ConversationID, after: KeysetCursor? = nil, limit: Int? = nil)
        async throws(SocialClientError) -> CursorPage<Message, KeysetCursor>
    {
        try await json(
            CursorPage<Message, KeysetCursor>.self, "GET", ["conversations", conversationID.rawValue, "messages"],
            query: pageQuery(after: after, limit: limit))
    }

    /// Marks the other participant's messages read.
    /// - Parameter conversationID: the conversation.
    /// - Returns: how many were unread.
    /// - Throws: ``SocialClientError/api(_:)`` with `forbidden` or `not-found`.
    @discardableResult
    public func markRead(conversationID: ConversationID) async throws(SocialClientError) -> Int {
        try await json(CountResponse.self, "POST", ["conversations", conversationID.rawValue, "read"]).count
    }

    /// Hides a conversation for this user only; it reappears with new messages.
    /// - Parameter conversationID: the conversation.
    /// - Throws: ``SocialClientError/api(_:)`` with `forbidden` or `not-found`.
    public func deleteConversation(conversationID: ConversationID) async throws(SocialClientError) {
        try await noContent("DELETE", ["conversations", conversationID.rawValue])
    }

    /// A message's photo, as JPEG.
    /// - Parameter messageID: the message.
    /// - Returns: the JPEG and its `ETag`.
    /// - Throws: ``SocialClientError/api(_:)`` with `forbidden` unless the user takes part, `not-found`.
    public func messagePhoto(messageID: MessageID) async throws(SocialClientError) -> (jpeg: Data, etag: String?) {
        let answer = try await transport.send("GET", ["messages", messageID.rawValue, "photo"], token: token)
        return (answer.data, answer.response.value(forHTTPHeaderField: "ETag"))
    }
}
