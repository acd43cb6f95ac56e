import Foundation

/// Persists the social network: avatars, follows, photo posts, likes, comments, notifications
/// and direct messages.
///
/// As with ``AccountStore``, every method is one atomic step with no closures, so a synchronous
/// (SQLite) or asynchronous (PostgreSQL) driver can implement it; every rule (validation,
/// authorization, who gets notified) lives in the services. The store keeps a post's
/// ``Post/likeCount`` and ``Post/commentCount`` as likes and comments come and go, including
/// through cascades. Deleting a user deletes their avatar, follows, posts, likes, comments,
/// notifications (received or caused) and conversations; deleting a post deletes its photos,
/// likes, comments and their notifications; deleting a comment deletes its notification.
///
/// Lists take a cursor (the last item of the previous page, or `nil` for the first page) and a
/// limit, and order by a key that ends in the id, so pages never overlap or skip while items are
/// added.
public protocol NetworkStore: Sendable {
    // MARK: Profiles

    /// Replaces a user's avatar sizes and sets ``User/avatar`` to `key` (`nil` and no photos removes it).
    /// - Throws: ``StoreError/notFound(entity:)`` if the user does not exist.
    func setAvatar(userID: UserID, key: String?, photos: [AvatarPhoto]) async throws(StoreError)
    /// One stored size of a user's avatar.
    func avatarPhoto(userID: UserID, size: Int) async throws(StoreError) -> AvatarPhoto?
    /// Followers, following, posts and likes received of a user (zeros for an unknown user).
    func profileCounts(userID: UserID) async throws(StoreError) -> ProfileCounts
    /// Users whose ``User/usernameKey`` starts with `prefix` (already case-folded), ordered by that
    /// key, after the key `after`.
    func searchUsers(prefix: String, after: String?, limit: Int) async throws(StoreError) -> [User]

    // MARK: Follows

    /// Makes `followerID` follow (or stop following) `followeeID`; doing it twice changes nothing.
    /// A new follow stores `notification` with it; an unfollow removes the follow notification
    /// it caused. Returns whether anything changed.
    /// - Throws: ``StoreError/missingReference`` if either user does not exist.
    func setFollow(
        followerID: UserID, followeeID: UserID, following: Bool, at date: Date, notification: NetworkNotification?
    ) async throws(StoreError) -> Bool
    /// Whether `followerID` follows `followeeID`.
    func isFollowing(followerID: UserID, followeeID: UserID) async throws(StoreError) -> Bool
    /// The people who follow a user, most recent first (ties by user id, descending).
    func followers(of userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser]
    /// The people a user follows, most recently followed first (ties by user id, descending).
    func followees(of userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser]

    // MARK: Posts, likes and comments

    /// Adds a post with its photo sizes; its counts are ignored (a new post has none).
    /// - Throws: ``StoreError/missingReference`` if the author does not exist, ``StoreError/duplicate(_:)``.
    func insertPost(_ post: Post, photos: [PostPhoto]) async throws(StoreError)
    /// The post with this id, with its counts.
    func post(id: PostID) async throws(StoreError) -> Post?
    /// The post as `viewerID` sees it.
    func postView(id: PostID, viewerID: UserID) async throws(StoreError) -> PostView?
    /// A user's posts in `order`, after the cursor, as `viewerID` sees them.
    func posts(by authorID: UserID, viewerID: UserID, order: FeedOrder, after: FeedCursor?, limit: Int)
        async throws(StoreError) -> [PostView]
    /// Deletes a post with its photos, likes, comments and notifications; returns whether it existed.
    func deletePost(id: PostID) async throws(StoreError) -> Bool
    /// One stored size of a post's photo.
    func postPhoto(postID: PostID, size: Int) async throws(StoreError) -> PostPhoto?

    /// Likes (or unlikes) a post; doing it twice changes nothing. A new like stores
    /// `notification` with it; an unlike removes the like notification it caused. Returns whether
    /// anything changed.
    /// - Throws: ``StoreError/missingReference`` when liking a post or as a user that does not exist.
    func setPostLike(postID: PostID, userID: UserID, liked: Bool, at date: Date, notification: NetworkNotification?)
        async throws(StoreError) -> Bool
    /// The people who like a post, most recent first (ties by user id, descending).
    func likers(of postID: PostID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser]

    /// Adds a comment, and `notification` with it.
    /// - Throws: ``StoreError/missingReference`` if the post or the author does not exist.
    func insertComment(_ comment: PostComment, notification: NetworkNotification?) async throws(StoreError)
    /// The comment with this id.
    func comment(id: CommentID) async throws(StoreError) -> PostComment?
    /// A post's comments, oldest first (ties by id, ascending).
    func comments(on postID: PostID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [PostComment]
    /// Deletes a comment and its notification; returns whether it existed.
    func deleteComment(id: CommentID) async throws(StoreError) -> Bool

    // MARK: Feeds

    /// The posts of `userID` and of everyone they follow, in `order`, after the cursor.
    func homeFeed(userID: UserID, order: FeedOrder, after: FeedCursor?, limit: Int) async throws(StoreError)
        -> [PostView]
    /// Everyone's posts by ascending ``ExploreOrder/rank(seed:postID:)`` (ties by id), after the
    /// cursor, as `viewerID` sees them.
    func explore(viewerID: UserID, seed: UInt64, after: ExploreCursor?, limit: Int) async throws(StoreError)
        -> [PostView]

    // MARK: Notifications

    /// A user's notifications, newest first (ties by id, descending).
    func notifications(recipientID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError)
        -> [NetworkNotification]
    /// The notification with this id.
    func notification(id: NotificationID) async throws(StoreError) -> NetworkNotification?
    /// How many of a user's notifications are unread.
    func unreadNotificationCount(recipientID: UserID) async throws(StoreError) -> Int
    /// Marks one notification of the recipient read; returns whether it was unread.
    func markNotificationRead(id: NotificationID, recipientID: UserID) async throws(StoreError) -> Bool
    /// Marks all of a user's notifications read; returns how many were unread.
    func markAllNotificationsRead(recipientID: UserID) async throws(StoreError) -> Int
    /// Deletes one notification of the recipient; returns whether it existed.
    func deleteNotification(id: NotificationID, recipientID: UserID) async throws(StoreError) -> Bool
    /// Deletes all of a user's notifications; returns how many there were.
    func deleteAllNotifications(recipientID: UserID) async throws(StoreError) -> Int

    // MARK: Direct messages

    /// Stores a message from `message.senderID` to `recipientID`, in their conversation: the
    /// existing one, or a new one with id `message.conversationID`. The conversation becomes
    /// visible again to both, and the message counts as unread for the recipient. Returns the
    /// message as stored (with the conversation's real id).
    /// - Throws: ``StoreError/missingReference`` if either user does not exist.
    func insertMessage(_ message: Message, recipientID: UserID, photo: Data?) async throws(StoreError) -> Message
    /// The conversation with this id.
    func conversation(id: ConversationID) async throws(StoreError) -> Conversation?
    /// The conversation between two users, if they have one.
    func conversation(between userID: UserID, and otherID: UserID) async throws(StoreError) -> Conversation?
    /// The conversations a user has not hidden, latest message first (ties by id, descending).
    func conversations(userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError)
        -> [ConversationSummary]
    /// The messages of a conversation `viewerID` can see (those after they last hid it), newest
    /// first (ties by id, descending).
    func messages(in conversationID: ConversationID, viewerID: UserID, before: KeysetCursor?, limit: Int)
        async throws(StoreError) -> [Message]
    /// The photo of a message, as JPEG.
    func messagePhoto(id: MessageID) async throws(StoreError) -> Data?
    /// Marks the other participant's messages read for `userID`; returns how many were unread.
    func markConversationRead(_ conversationID: ConversationID, userID: UserID, at date: Date)
        async throws(StoreError) -> Int
    /// Hides a conversation and its messages so far from `userID` only, until either side writes
    /// again; returns whether the user takes part in it.
    func hideConversation(_ conversationID: ConversationID, userID: UserID) async throws(StoreError) -> Bool
    /// Unread messages across all of a user's visible conversations.
    func unreadMessageCount(userID: UserID) async throws(StoreError) -> Int
}
