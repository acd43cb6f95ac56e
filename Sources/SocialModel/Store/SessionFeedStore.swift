import Foundation

/// A store that checks a session and reads its user's home feed in one read: the request an app
/// makes most, in one round trip where the store is a server (PostgreSQL's store conforms).
/// ``SocialNetwork/homeFeed(_:order:after:limit:)`` uses it when the network and its account
/// service share this one store; otherwise it reads the session, then the feed.
public protocol SessionFeedStore: SessionStore, FeedStore {
    /// The session whose token hashes to `tokenHash`, its user, and that user's home feed: what
    /// ``SessionStore/sessionWithUser(tokenHash:)`` and then
    /// ``FeedStore/homeFeed(userID:order:after:limit:)`` return, in one read. Expiry is not
    /// checked here; the account service decides.
    /// - Parameters:
    ///   - tokenHash: the token's SHA-256.
    ///   - order: the feed's order.
    ///   - after: the cursor of the previous page's last post, or `nil`.
    ///   - limit: the most posts to return.
    /// - Returns: the session, its user and the page, or `nil` when there is no such session.
    /// - Throws: ``StoreError`` when the store fails.
    func sessionWithHomeFeed(tokenHash: Data, order: FeedOrder, after: FeedCursor?, limit: Int)
        async throws(StoreError) -> (session: SessionRecord, user: User, posts: [PostView])?
}
