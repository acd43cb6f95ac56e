import Foundation

/// Persists direct messages between two users: conversations, messages, their photos, read
/// state and per-user hiding.
///
/// Deleting a user deletes only their side of their conversations (their read state and hiding):
/// a conversation, and every message in it (theirs too), stays with the other participant, who
/// is shown as ``User/deletedAccount(id:)`` in ``conversations(userID:after:limit:)``; it is
/// deleted when its second participant's account is. Nothing can be sent to a deleted user.
public protocol MessageStore: Sendable {
    /// Stores a message from `message.senderID` to `recipientID`, in their conversation: the
    /// existing one, or a new one with id `message.conversationID`. The conversation becomes
    /// visible again to both, takes the message's time as its latest, and the message counts as
    /// unread for the recipient. A held message (``Message/held``) changes only the sender's
    /// side: to the recipient, their conversations and unread count are as if it was not sent,
    /// until ``releaseMessage(id:at:)``.
    /// - Parameters:
    ///   - message: the message.
    ///   - recipientID: who it is for.
    ///   - photo: its processed photo (JPEG), or `nil`.
    /// - Returns: the message as stored (with the conversation's real id).
    /// - Throws: ``StoreError/missingReference`` if either user does not exist (a deleted one too,
    ///   even where the conversation remains).
    func insertMessage(_ message: Message, recipientID: UserID, photo: Data?) async throws(StoreError) -> Message
    /// The conversation with this id.
    /// - Parameter id: the conversation's id.
    /// - Returns: the conversation, or `nil`.
    /// - Throws: ``StoreError`` when the store fails.
    func conversation(id: ConversationID) async throws(StoreError) -> Conversation?
    /// The conversation between two users, if they have one.
    /// - Parameters:
    ///   - userID: one participant.
    ///   - otherID: the other.
    /// - Returns: the conversation, or `nil`.
    /// - Throws: ``StoreError`` when the store fails.
    func conversation(between userID: UserID, and otherID: UserID) async throws(StoreError) -> Conversation?
    /// The conversations a user has not hidden, latest message first (ties by id, descending),
    /// each with the latest message delivered to the user since they last hid it (a held message
    /// reaches only its sender until it is released).
    /// - Parameters:
    ///   - userID: whose inbox.
    ///   - after: the cursor of the previous page's last conversation, or `nil`.
    ///   - limit: the most to return.
    /// - Returns: the summaries.
    /// - Throws: ``StoreError`` when the store fails.
    func conversations(userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError)
        -> [ConversationSummary]
    /// The messages of a conversation `viewerID` can see (those after they last hid it), newest
    /// first (ties by id, descending).
    /// - Parameters:
    ///   - conversationID: the conversation's id.
    ///   - viewerID: who reads.
    ///   - before: the cursor of the previous page's last message, or `nil`.
    ///   - limit: the most to return.
    /// - Returns: the messages.
    /// - Throws: ``StoreError`` when the store fails.
    func messages(in conversationID: ConversationID, viewerID: UserID, before: KeysetCursor?, limit: Int)
        async throws(StoreError) -> [Message]
    /// The photo of a message `viewerID` can see, with the conversation it belongs to, its sender
    /// and whether it is held (``MessagePhoto/held``, as ``Message/held``): the same
    /// messages as ``messages(in:viewerID:before:limit:)`` (the viewer takes part in the
    /// conversation and the message came after they last hid it).
    /// - Parameters:
    ///   - id: the message's id.
    ///   - viewerID: who asks for it.
    /// - Returns: the photo, or `nil` when the message has none, or is not one the viewer can see.
    /// - Throws: ``StoreError`` when the store fails.
    func messagePhoto(id: MessageID, viewerID: UserID) async throws(StoreError) -> MessagePhoto?
    /// Delivers a held message whose hold ended without removal to its recipient as if it was
    /// sent at `date`, as ``insertMessage(_:recipientID:photo:)`` delivers one that is not held:
    /// dated `date`, after every message so far (so it reaches a recipient who hid the
    /// conversation while it was held), it becomes the conversation's latest, shown again to the
    /// recipient and counted unread. A store that tells other processes of new messages tells
    /// them of this one too.
    /// - Parameters:
    ///   - id: the message's id.
    ///   - date: when it is released.
    /// - Returns: the message as stored now, or `nil` if there is no such message.
    /// - Throws: ``StoreError`` when the store fails.
    func releaseMessage(id: MessageID, at date: Date) async throws(StoreError) -> Message?
    /// Marks the other participant's messages read for `userID`; held messages stay unread.
    /// - Parameters:
    ///   - conversationID: the conversation's id.
    ///   - userID: who read them.
    ///   - date: when.
    /// - Returns: how many were unread.
    /// - Throws: ``StoreError`` when the store fails.
    func markConversationRead(_ conversationID: ConversationID, userID: UserID, at date: Date)
        async throws(StoreError) -> Int
    /// Hides a conversation and its messages so far from `userID` only, until either side writes again.
    /// - Parameters:
    ///   - conversationID: the conversation's id.
    ///   - userID: who hides it.
    /// - Returns: whether the user takes part in it.
    /// - Throws: ``StoreError`` when the store fails.
    func hideConversation(_ conversationID: ConversationID, userID: UserID) async throws(StoreError) -> Bool
    /// Unread messages across all of a user's visible conversations.
    /// - Parameter userID: whose messages.
    /// - Returns: the count.
    /// - Throws: ``StoreError`` when the store fails.
    func unreadMessageCount(userID: UserID) async throws(StoreError) -> Int
}
