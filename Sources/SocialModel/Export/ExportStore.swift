import Foundation

/// The reads a data export needs that no other store protocol makes: what a user wrote or liked
/// across everyone's posts, and the recipes they wrote. Each lists one user's items oldest first
/// (ties by id, ascending), a page at a time, so an export of any size reads in bounded steps.
public protocol ExportStore: Sendable {
    /// The comments a user wrote, on anyone's posts, oldest first.
    /// - Parameters:
    ///   - authorID: whose comments.
    ///   - after: the cursor of the previous page's last comment, or `nil`.
    ///   - limit: the most to return.
    /// - Returns: the comments.
    /// - Throws: ``StoreError`` when the store fails.
    func comments(by authorID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [PostComment]
    /// The posts a user likes, by the date they liked them, oldest first (ties by post id).
    /// - Parameters:
    ///   - userID: who likes them.
    ///   - after: the cursor of the previous page's last like (its date and post id), or `nil`.
    ///   - limit: the most to return.
    /// - Returns: the likes.
    /// - Throws: ``StoreError`` when the store fails.
    func postLikes(by userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [PostLike]
    /// The recipes a user wrote, oldest first.
    /// - Parameters:
    ///   - authorID: whose recipes.
    ///   - after: the cursor of the previous page's last recipe (its date and id), or `nil`.
    ///   - limit: the most to return.
    /// - Returns: the recipes, with their like counts.
    /// - Throws: ``StoreError`` when the store fails.
    func recipes(by authorID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [Recipe]
}

/// A user's like of a post, as a data export lists it.
public struct PostLike: Sendable, Hashable, Codable {
    /// The post liked.
    public var postID: PostID
    /// When it was liked.
    public var likedAt: Date

    /// Creates a like value.
    public init(postID: PostID, likedAt: Date) {
        self.postID = postID
        self.likedAt = likedAt
    }

    /// The cursor that continues a list after this like.
    public var cursor: KeysetCursor { KeysetCursor(date: likedAt, id: postID.rawValue) }
}
