import Foundation

/// The numbers a profile shows.
public struct ProfileCounts: Sendable, Hashable, Codable {
    /// People who follow the user.
    public var followers: Int
    /// People the user follows.
    public var following: Int
    /// Posts the user has published.
    public var posts: Int
    /// Likes on all of the user's posts together.
    public var likesReceived: Int

    /// Creates counts.
    public init(followers: Int = 0, following: Int = 0, posts: Int = 0, likesReceived: Int = 0) {
        self.followers = followers
        self.following = following
        self.posts = posts
        self.likesReceived = likesReceived
    }
}

/// A user's public profile as another user (or they themselves) sees it.
public struct Profile: Sendable, Hashable, Codable {
    /// The account (email left out unless the viewer is the user).
    public var user: User
    /// Followers, following, posts and likes received.
    public var counts: ProfileCounts
    /// Whether the viewer follows this user.
    public var followedByViewer: Bool

    /// Creates a profile.
    public init(user: User, counts: ProfileCounts, followedByViewer: Bool) {
        self.user = user
        self.counts = counts
        self.followedByViewer = followedByViewer
    }
}

/// One size of a user's avatar: a square JPEG without metadata.
public struct AvatarPhoto: Sendable, Hashable, Codable {
    /// Whose avatar it is.
    public var userID: UserID
    /// The side in pixels.
    public var size: Int
    /// The encoded JPEG.
    public var jpeg: Data

    /// Creates an avatar value.
    public init(userID: UserID, size: Int, jpeg: Data) {
        self.userID = userID
        self.size = size
        self.jpeg = jpeg
    }
}

/// A user in a list with the date that put them there: a follower and since when, a liker and
/// when they liked.
public struct DatedUser: Sendable, Hashable, Codable {
    /// The user.
    public var user: User
    /// When they followed, were followed or liked.
    public var date: Date

    /// Creates an entry.
    public init(user: User, date: Date) {
        self.user = user
        self.date = date
    }

    /// The cursor that continues a list after this entry.
    public var cursor: KeysetCursor { KeysetCursor(date: date, id: user.id.rawValue) }
}
