import Foundation

/// A person's account and public profile.
public struct User: Sendable, Hashable, Codable, Identifiable {
    /// The account's opaque id.
    public var id: UserID
    /// The public handle, as the person typed it (case kept); unique regardless of case.
    public var username: String
    /// The normalised email address, or `nil` for an account made through a provider that gave none.
    public var email: String?
    /// The given name (may be empty).
    public var name: String
    /// The family name (may be empty).
    public var surname: String
    /// A short self-description; may span a few lines.
    public var bio: String
    /// Where the avatar image is kept (a storage key the app resolves), if one was set.
    public var avatar: String?
    /// When the account was made.
    public var createdAt: Date
    /// When the email address was verified; `nil` until then.
    public var verifiedAt: Date?

    /// Creates a user value.
    public init(
        id: UserID, username: String, email: String?, name: String = "", surname: String = "", bio: String = "",
        avatar: String? = nil, createdAt: Date, verifiedAt: Date? = nil
    ) {
        self.id = id
        self.username = username
        self.email = email
        self.name = name
        self.surname = surname
        self.bio = bio
        self.avatar = avatar
        self.createdAt = createdAt
        self.verifiedAt = verifiedAt
    }

    /// The case-folded username that uniqueness is checked on.
    public var usernameKey: String { User.usernameKey(for: username) }

    /// Whether the email address has been verified (always true for provider-made accounts).
    public var isVerified: Bool { verifiedAt != nil }

    /// The key a username is unique on: usernames are ASCII, so lower-casing folds case exactly
    /// (the rule is ``TextEntities/usernameKey(_:)``, which mentions are resolved by too).
    public static func usernameKey(for username: String) -> String {
        TextEntities.usernameKey(username)
    }
}

extension User {
    /// The username shown for an account that was deleted: not a valid username (usernames are
    /// ASCII letters, digits, `.` and `_`), so no account can have it.
    public static let deletedUsername = "[deleted]"

    /// How a user whose account was deleted appears where what they shared with others remains
    /// (the other participant's conversation with them, and the messages they sent in it): their
    /// former id, ``deletedUsername``, no email, empty name, surname and bio, no avatar, and
    /// `createdAt` at the reference date (2001-01-01 00:00:00 UTC).
    /// - Parameter id: the deleted account's id.
    /// - Returns: the stand-in.
    public static func deletedAccount(id: UserID) -> User {
        User(id: id, username: deletedUsername, email: nil, createdAt: Date(timeIntervalSinceReferenceDate: 0))
    }

    /// Whether this is the stand-in for a deleted account (``deletedAccount(id:)``).
    public var isDeletedAccount: Bool { username == Self.deletedUsername }
}
