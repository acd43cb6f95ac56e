/// What an ``Identifier`` names; its prefix makes ids of different entities tell apart at a glance.
public protocol IdentifierKind: Sendable {
    /// A short tag written before the random part, such as `usr`.
    static var prefix: String { get }
}

/// An opaque, unguessable id: a kind prefix and 128 random bits in hex, such as
/// `usr_5f0c2a…`. Ids never reveal order or count, so one user's id says nothing about another's.
public struct Identifier<Kind: IdentifierKind>: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The stored text of the id.
    public let rawValue: String

    /// Wraps stored text. No check is made: an id that names nothing is simply not found.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A new id with 128 bits from the system's cryptographically secure generator.
    public static func random() -> Identifier {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        return Identifier(rawValue: Kind.prefix + "_" + hex(high) + hex(low))
    }

    /// The stored text.
    public var description: String { rawValue }

    /// Decodes the id from a single string.
    ///
    /// - Throws: `DecodingError` if the value is not a single string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the id as a single string.
    ///
    /// - Throws: `EncodingError` if the encoder cannot take a single string here.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// The kinds of ids SocialModel hands out.
public enum IDKind {
    /// A user account.
    public enum User: IdentifierKind {
        /// `usr`.
        public static let prefix = "usr"
    }
    /// A photo post.
    public enum Post: IdentifierKind {
        /// `pst`.
        public static let prefix = "pst"
    }
    /// A comment on a post.
    public enum Comment: IdentifierKind {
        /// `cmt`.
        public static let prefix = "cmt"
    }
    /// A notification.
    public enum Notification: IdentifierKind {
        /// `ntf`.
        public static let prefix = "ntf"
    }
    /// A direct-message conversation between two users.
    public enum Conversation: IdentifierKind {
        /// `cnv`.
        public static let prefix = "cnv"
    }
    /// A direct message.
    public enum Message: IdentifierKind {
        /// `msg`.
        public static let prefix = "msg"
    }
    /// A recipe.
    public enum Recipe: IdentifierKind {
        /// `rcp`.
        public static let prefix = "rcp"
    }
}

/// Identifies a user.
public typealias UserID = Identifier<IDKind.User>
/// Identifies a post.
public typealias PostID = Identifier<IDKind.Post>
/// Identifies a comment.
public typealias CommentID = Identifier<IDKind.Comment>
/// Identifies a notification.
public typealias NotificationID = Identifier<IDKind.Notification>
/// Identifies a conversation.
public typealias ConversationID = Identifier<IDKind.Conversation>
/// Identifies a direct message.
public typealias MessageID = Identifier<IDKind.Message>
/// Identifies a recipe.
public typealias RecipeID = Identifier<IDKind.Recipe>
