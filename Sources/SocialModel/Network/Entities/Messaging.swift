import Foundation

/// A direct-message conversation between two users.
public struct Conversation: Sendable, Hashable, Codable, Identifiable {
    /// The conversation's opaque id.
    public var id: ConversationID
    /// The two participants, ordered by id so a pair has one spelling.
    public var participantIDs: [UserID]
    /// When the first message was written.
    public var createdAt: Date
    /// When the latest message was written.
    public var lastMessageAt: Date

    /// Creates a conversation value; the participants are put in id order.
    public init(id: ConversationID, participantIDs: [UserID], createdAt: Date, lastMessageAt: Date) {
        self.id = id
        self.participantIDs = participantIDs.sorted { $0.rawValue < $1.rawValue }
        self.createdAt = createdAt
        self.lastMessageAt = lastMessageAt
    }

    /// The participant who is not `userID`.
    public func other(than userID: UserID) -> UserID? {
        participantIDs.first { $0 != userID }
    }
}

/// A direct message: text, a photo, or both.
public struct Message: Sendable, Hashable, Codable, Identifiable {
    /// The message's opaque id.
    public var id: MessageID
    /// The conversation it belongs to.
    public var conversationID: ConversationID
    /// Who wrote it.
    public var senderID: UserID
    /// Its text (may be empty when a photo is sent).
    public var text: String
    /// Whether a processed photo is stored with it.
    public var hasPhoto: Bool
    /// When it was sent.
    public var createdAt: Date
    /// When the recipient read it; `nil` while unread.
    public var readAt: Date?
    /// Whether the network's ``ContentCheck`` holds it for a moderator: only its author is shown
    /// it until a moderator releases or removes it. Set by the network; ignored when storing.
    public var held: Bool = false

    /// Creates a message value.
    public init(
        id: MessageID, conversationID: ConversationID, senderID: UserID, text: String, hasPhoto: Bool = false,
        createdAt: Date, readAt: Date? = nil
    ) {
        self.id = id
        self.conversationID = conversationID
        self.senderID = senderID
        self.text = text
        self.hasPhoto = hasPhoto
        self.createdAt = createdAt
        self.readAt = readAt
    }

    /// The cursor that continues a list after this message.
    public var cursor: KeysetCursor { KeysetCursor(date: createdAt, id: id.rawValue) }
}

/// A conversation as one participant's inbox lists it.
public struct ConversationSummary: Sendable, Hashable, Codable {
    /// The conversation.
    public var conversation: Conversation
    /// The other participant; ``User/deletedAccount(id:)`` if their account was deleted (the
    /// conversation stays with the viewer, their messages in it too).
    public var otherUser: User
    /// The latest message the viewer can see.
    public var lastMessage: Message?
    /// Messages from the other participant the viewer has not read.
    public var unreadCount: Int

    /// Creates a summary.
    public init(conversation: Conversation, otherUser: User, lastMessage: Message?, unreadCount: Int) {
        self.conversation = conversation
        self.otherUser = otherUser
        self.lastMessage = lastMessage
        self.unreadCount = unreadCount
    }

    /// The cursor that continues an inbox after this conversation.
    public var cursor: KeysetCursor {
        KeysetCursor(date: conversation.lastMessageAt, id: conversation.id.rawValue)
    }
}

/// The photo of a direct message: a JPEG without metadata, with the conversation it was sent in
/// (so that only its participants are shown it).
public struct MessagePhoto: Sendable, Hashable, Codable {
    /// The message it was sent with.
    public var messageID: MessageID
    /// The conversation of that message.
    public var conversationID: ConversationID
    /// Who sent that message.
    public var senderID: UserID
    /// The encoded JPEG.
    public var jpeg: Data
    /// Whether the network's ``ContentCheck`` holds that message (``Message/held``): only its
    /// sender is shown the photo then.
    public var held: Bool

    /// Creates a photo value.
    public init(messageID: MessageID, conversationID: ConversationID, senderID: UserID, jpeg: Data, held: Bool = false)
    {
        self.messageID = messageID
        self.conversationID = conversationID
        self.senderID = senderID
        self.jpeg = jpeg
        self.held = held
    }
}
