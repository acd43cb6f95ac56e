import Foundation

/// Persists posts' share links, keyed by the SHA-256 of their tokens (a token itself is never
/// stored). Separate from ``SocialStore``, so a store without share links still serves
/// everything else; `SQLiteSocialStore` and `PostgresSocialStore` implement it, and
/// `SocialModelTesting`'s `ShareLinkChecks` check a store against the rules below.
///
/// Deleting a post deletes its links (and so does deleting its author, through the post).
public protocol ShareLinkStore: Sendable {
    /// Adds a link unless its post already has `maximumPerPost` links, atomically: two calls at
    /// once never leave more than `maximumPerPost`.
    /// - Parameters:
    ///   - link: the link.
    ///   - tokenHash: the SHA-256 of its token.
    ///   - maximumPerPost: the most links a post may have.
    /// - Returns: whether it was added (`false`: the post has `maximumPerPost` already).
    /// - Throws: ``StoreError/missingReference`` if the post does not exist, ``StoreError/duplicate(_:)``
    ///   for an id or token hash already stored.
    func insertShareLink(_ link: ShareLink, tokenHash: Data, maximumPerPost: Int) async throws(StoreError) -> Bool
    /// The link whose token has this SHA-256.
    /// - Parameter tokenHash: the token's SHA-256.
    /// - Returns: the link, or `nil`.
    /// - Throws: ``StoreError`` when the store fails.
    func shareLink(tokenHash: Data) async throws(StoreError) -> ShareLink?
    /// The link with this id.
    /// - Parameter id: the link's id.
    /// - Returns: the link, or `nil`.
    /// - Throws: ``StoreError`` when the store fails.
    func shareLink(id: ShareLinkID) async throws(StoreError) -> ShareLink?
    /// A post's links, oldest first (ties by id).
    /// - Parameter postID: the post's id.
    /// - Returns: the links.
    /// - Throws: ``StoreError`` when the store fails.
    func shareLinks(postID: PostID) async throws(StoreError) -> [ShareLink]
    /// Deletes a link; its token opens nothing afterwards.
    /// - Parameter id: the link's id.
    /// - Returns: whether it existed.
    /// - Throws: ``StoreError`` when the store fails.
    func deleteShareLink(id: ShareLinkID) async throws(StoreError) -> Bool
}
