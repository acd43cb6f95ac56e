import Foundation

/// The JSON files of a data export archive, as Swift values (the archive's format is described
/// in <doc:ExportArchiveFormat>). An app reads an archive back by decoding each file with
/// ``DataExportFormat/decoder()``.
public enum DataExportFormat {
    /// The archive's format name, in `manifest.json`.
    public static let name = "analogkit-social-export"
    /// The format's version, in `manifest.json`: a reader refuses versions it does not know.
    public static let version = 1

    /// The encoder the archive's JSON is written with: keys sorted, dates as ISO 8601 text with
    /// fractional seconds, in UTC.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(Self.dateStyle))
        }
        return encoder
    }

    /// The decoder that reads what ``encoder()`` wrote.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = try? Date(text, strategy: Self.dateStyle) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "not an ISO 8601 date with fractional seconds: \(text)")
            }
            return date
        }
        return decoder
    }

    static let dateStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}

/// `manifest.json`: what the archive is, whose, when it was made, and every file in it with the
/// number of items it lists.
public struct DataExportManifest: Sendable, Hashable, Codable {
    /// ``DataExportFormat/name``.
    public var format: String
    /// ``DataExportFormat/version``.
    public var version: Int
    /// Whose data it is.
    public var userID: UserID
    /// When the export was made.
    public var createdAt: Date
    /// How many items of each kind it holds.
    public var counts: DataExportCounts
    /// Every other file in the archive, by path, in the order written.
    public var files: [String]

    /// Creates a manifest.
    public init(userID: UserID, createdAt: Date, counts: DataExportCounts, files: [String]) {
        format = DataExportFormat.name
        version = DataExportFormat.version
        self.userID = userID
        self.createdAt = createdAt
        self.counts = counts
        self.files = files
    }
}

/// How many items of each kind an export holds (`manifest.json`'s `counts`).
public struct DataExportCounts: Sendable, Hashable, Codable {
    /// The user's posts (`posts.json`).
    public var posts = 0
    /// Their photos (`photos/posts/`).
    public var postPhotos = 0
    /// The comments the user wrote (`comments.json`).
    public var comments = 0
    /// The posts the user likes (`likes.json`).
    public var postLikes = 0
    /// The recipes the user likes (`likes.json`).
    public var recipeLikes = 0
    /// The user's followers (`follows.json`).
    public var followers = 0
    /// The people the user follows (`follows.json`).
    public var following = 0
    /// The user's conversations (`messages.json`).
    public var conversations = 0
    /// Their messages, both participants' (`messages.json`).
    public var messages = 0
    /// The messages' photos (`photos/messages/`).
    public var messagePhotos = 0
    /// The recipes the user wrote (`recipes.json`).
    public var recipes = 0
    /// Their photos (`photos/recipes/`).
    public var recipePhotos = 0
    /// The user's notifications (`notifications.json`).
    public var notifications = 0
    /// The users the user blocks (`safety.json`).
    public var blocks = 0
    /// The users the user mutes (`safety.json`).
    public var mutes = 0

    /// No items.
    public init() {}
}

/// Another user as an export names them: id and username only.
public struct DataExportUser: Sendable, Hashable, Codable {
    /// Their id.
    public var id: UserID
    /// Their username (``User/deletedUsername`` for a deleted account).
    public var username: String

    /// Creates a reference.
    public init(id: UserID, username: String) {
        self.id = id
        self.username = username
    }
}

/// A user in a list with the date that put them there (a follow, a block, a mute).
public struct DataExportDatedUser: Sendable, Hashable, Codable {
    /// The user.
    public var user: DataExportUser
    /// Since when.
    public var since: Date

    /// Creates an entry.
    public init(user: DataExportUser, since: Date) {
        self.user = user
        self.since = since
    }
}

/// `profile.json`: the account as stored (with its email address: the archive is its owner's),
/// and the avatar's file.
public struct DataExportProfile: Sendable, Hashable, Codable {
    /// The account.
    public var user: User
    /// The avatar's path in the archive, or `nil`.
    public var avatar: String?

    /// Creates the file's value.
    public init(user: User, avatar: String?) {
        self.user = user
        self.avatar = avatar
    }
}

/// One entry of `posts.json`: the post with its counts, and its photo's path.
public struct DataExportPost: Sendable, Hashable, Codable {
    /// The post.
    public var post: Post
    /// The stored original (the largest size) in the archive, or `nil` if the store had none.
    public var photo: String?

    /// Creates an entry.
    public init(post: Post, photo: String?) {
        self.post = post
        self.photo = photo
    }
}

/// `likes.json`: the posts and recipes the user likes.
public struct DataExportLikes: Sendable, Hashable, Codable {
    /// The posts, with when each was liked, oldest first.
    public var posts: [PostLike]
    /// The recipes, most recently liked first.
    public var recipes: [RecipeID]

    /// Creates the file's value.
    public init(posts: [PostLike], recipes: [RecipeID]) {
        self.posts = posts
        self.recipes = recipes
    }
}

/// `follows.json`: both directions.
public struct DataExportFollows: Sendable, Hashable, Codable {
    /// Who follows the user, most recent first.
    public var followers: [DataExportDatedUser]
    /// Whom the user follows, most recent first.
    public var following: [DataExportDatedUser]

    /// Creates the file's value.
    public init(followers: [DataExportDatedUser], following: [DataExportDatedUser]) {
        self.followers = followers
        self.following = following
    }
}

/// One entry of `messages.json`: a conversation the user takes part in, with every message they
/// can see in it (both participants'), oldest first.
public struct DataExportConversation: Sendable, Hashable, Codable {
    /// The conversation.
    public var conversation: Conversation
    /// The other participant.
    public var with: DataExportUser
    /// Its messages, oldest first.
    public var messages: [DataExportMessage]

    /// Creates an entry.
    public init(conversation: Conversation, with other: DataExportUser, messages: [DataExportMessage]) {
        self.conversation = conversation
        self.with = other
        self.messages = messages
    }
}

/// A message with its photo's path.
public struct DataExportMessage: Sendable, Hashable, Codable {
    /// The message.
    public var message: Message
    /// Its photo in the archive, or `nil`.
    public var photo: String?

    /// Creates an entry.
    public init(message: Message, photo: String?) {
        self.message = message
        self.photo = photo
    }
}

/// One entry of `recipes.json`.
public struct DataExportRecipe: Sendable, Hashable, Codable {
    /// The recipe.
    public var recipe: Recipe
    /// Its photo (the largest stored size) in the archive, or `nil`.
    public var photo: String?

    /// Creates an entry.
    public init(recipe: Recipe, photo: String?) {
        self.recipe = recipe
        self.photo = photo
    }
}

/// `meal-plan.json`: the body profile and the plan made from it (Harris–Benedict, the default).
public struct DataExportMealPlan: Sendable, Hashable, Codable {
    /// The body profile, or `nil` if none was set.
    public var bodyProfile: BodyProfile?
    /// The plan, or `nil` without a profile.
    public var plan: MealPlan?

    /// Creates the file's value.
    public init(bodyProfile: BodyProfile?, plan: MealPlan?) {
        self.bodyProfile = bodyProfile
        self.plan = plan
    }
}

/// `safety.json`: whom the user blocks and mutes.
public struct DataExportSafety: Sendable, Hashable, Codable {
    /// Blocked users, most recent first.
    public var blocks: [DataExportDatedUser]
    /// Muted users, most recent first, and whether each mute hides notifications too.
    public var mutes: [DataExportMute]

    /// Creates the file's value.
    public init(blocks: [DataExportDatedUser], mutes: [DataExportMute]) {
        self.blocks = blocks
        self.mutes = mutes
    }
}

/// A mute as `safety.json` lists it.
public struct DataExportMute: Sendable, Hashable, Codable {
    /// The muted user and since when.
    public var muted: DataExportDatedUser
    /// Whether the mute hides their notifications too.
    public var hidesNotifications: Bool

    /// Creates an entry.
    public init(muted: DataExportDatedUser, hidesNotifications: Bool) {
        self.muted = muted
        self.hidesNotifications = hidesNotifications
    }
}
