import Foundation

/// Reads the feeds: a user's own posts, the home feed and explore, each as views for a viewer.
public protocol FeedStore: Sendable {
    /// A user's posts in `order`, after the cursor, as `viewerID` sees them.
    /// - Parameters:
    ///   - authorID: whose posts.
    ///   - viewerID: who looks.
    ///   - order: the order (ties by date, then id, in the same direction).
    ///   - after: the cursor of the previous page's last post, or `nil`.
    ///   - limit: the most to return.
    /// - Returns: the views.
    /// - Throws: ``StoreError`` when the store fails.
    func posts(by authorID: UserID, viewerID: UserID, order: FeedOrder, after: FeedCursor?, limit: Int)
        async throws(StoreError) -> [PostView]
    /// The posts of `userID` and of everyone they follow, in `order`, after the cursor.
    /// - Parameters:
    ///   - userID: whose home feed (and who looks).
    ///   - order: the order (ties by date, then id, in the same direction).
    ///   - after: the cursor of the previous page's last post, or `nil`.
    ///   - limit: the most to return.
    /// - Returns: the views.
    /// - Throws: ``StoreError`` when the store fails.
    func homeFeed(userID: UserID, order: FeedOrder, after: FeedCursor?, limit: Int) async throws(StoreError)
        -> [PostView]
    /// Everyone's posts by ascending ``ExploreOrder/rank(seed:postID:)`` (ties by id), after the
    /// cursor, as `viewerID` sees them.
    /// - Parameters:
    ///   - viewerID: who looks.
    ///   - seed: the shuffle's seed.
    ///   - after: the cursor of the previous page's last post, or `nil`.
    ///   - limit: the most to return.
    /// - Returns: the views.
    /// - Throws: ``StoreError`` when the store fails.
    func explore(viewerID: UserID, seed: UInt64, after: ExploreCursor?, limit: Int) async throws(StoreError)
        -> [PostView]
}
