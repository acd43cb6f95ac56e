import Foundation

/// Persists what captions and comments tag and mention: an index of posts by hashtag, written in
/// the post's own transaction, and mention notifications, written with their text.
///
/// It keeps data only. Which words are hashtags and mentions, which users a mention tells and how
/// many a text may have are decided by the services (``TextEntities``, ``PostService``); which posts
/// a viewer sees in a hashtag's feed is the same visibility rule as explore's. Deleting a post
/// deletes its index rows (and, as for every notification about it, its mentions).
public protocol HashtagStore: Sendable {
    /// Adds a post with its photo sizes, its hashtags' index rows and its mention notifications,
    /// in one transaction; the post's counts are ignored.
    /// - Parameters:
    ///   - post: the post.
    ///   - photos: its photo sizes.
    ///   - hashtags: its hashtags' keys (``Hashtag/key``), each once.
    ///   - mentions: the notifications of the users its caption mentions.
    /// - Throws: ``StoreError/missingReference`` if the author (or a mentioned user) does not
    ///   exist, ``StoreError/duplicate(_:)``.
    func insertPost(_ post: Post, photos: [PostPhoto], hashtags: [String], mentions: [NetworkNotification])
        async throws(StoreError)
    /// Adds a comment with its notifications (its post's author's and its mentions'), in one transaction.
    /// - Parameters:
    ///   - comment: the comment.
    ///   - notifications: the notifications it makes.
    /// - Throws: ``StoreError/missingReference`` if the post, the author or a recipient does not exist.
    func insertComment(_ comment: PostComment, notifications: [NetworkNotification]) async throws(StoreError)
    /// The users with these username keys (``User/usernameKey(for:)``): whom a text mentions.
    /// - Parameter usernameKeys: the keys; unknown ones and repeats are allowed.
    /// - Returns: the users found, in no particular order.
    /// - Throws: ``StoreError`` when the store fails.
    func users(usernameKeys: [String]) async throws(StoreError) -> [User]
    /// The posts tagged with a hashtag, newest first (ties by id, descending), after the cursor, as
    /// `viewerID` sees them, without those explore leaves out for the viewer.
    /// - Parameters:
    ///   - hashtag: the hashtag's key.
    ///   - viewerID: who looks.
    ///   - after: the cursor of the previous page's last post, or `nil`.
    ///   - limit: the most to return.
    /// - Returns: the views.
    /// - Throws: ``StoreError`` when the store fails.
    func posts(taggedWith hashtag: String, viewerID: UserID, after: FeedCursor?, limit: Int) async throws(StoreError)
        -> [PostView]
    /// The hashtags whose keys start with `prefix`, in key order (Unicode scalar order), with how
    /// many posts carry each.
    /// - Parameters:
    ///   - prefix: the start of a key; empty matches every hashtag.
    ///   - after: the previous page's last key, or `nil`.
    ///   - limit: the most to return.
    /// - Returns: the hashtags.
    /// - Throws: ``StoreError`` when the store fails.
    func hashtags(prefix: String, after: String?, limit: Int) async throws(StoreError) -> [HashtagSummary]
}

/// A hashtag as search lists it: its key and how many posts carry it.
public struct HashtagSummary: Sendable, Hashable, Codable {
    /// The hashtag's key (``Hashtag/key``): what its feed is asked for by.
    public var name: String
    /// How many posts carry it (those hidden from some viewers included).
    public var postCount: Int

    /// Creates a summary.
    public init(name: String, postCount: Int) {
        self.name = name
        self.postCount = postCount
    }
}
