import Foundation

/// Persists photo posts, their likes and comments.
///
/// The store keeps a post's ``Post/likeCount`` and ``Post/commentCount`` as likes and comments
/// come and go, including through cascades. Deleting a post deletes its photos, likes, comments
/// and their notifications; deleting a comment deletes its notification; deleting a user deletes
/// their posts, likes and comments.
public protocol PostStore: Sendable {
    /// Adds a post with its photo sizes; its counts are ignored (a new post has none).
    /// - Parameters:
    ///   - post: the post.
    ///   - photos: its photo sizes.
    /// - Throws: ``StoreError/missingReference`` if the author does not exist, ``StoreError/duplicate(_:)``.
    func insertPost(_ post: Post, photos: [PostPhoto]) async throws(StoreError)
    /// The post with this id, with its counts.
    /// - Parameter id: the post's id.
    /// - Returns: the post, or `nil`.
    /// - Throws: ``StoreError`` when the store fails.
    func post(id: PostID) async throws(StoreError) -> Post?
    /// The post as `viewerID` sees it.
    /// - Parameters:
    ///   - id: the post's id.
    ///   - viewerID: who looks.
    /// - Returns: the view, or `nil`.
    /// - Throws: ``StoreError`` when the store fails.
    func postView(id: PostID, viewerID: UserID) async throws(StoreError) -> PostView?
    /// Deletes a post with its photos, likes, comments and notifications.
    /// - Parameter id: the post's id.
    /// - Returns: whether it existed.
    /// - Throws: ``StoreError`` when the store fails.
    func deletePost(id: PostID) async throws(StoreError) -> Bool
    /// One stored size of a post's photo.
    /// - Parameters:
    ///   - postID: the post's id.
    ///   - size: the bound in pixels.
    /// - Returns: the photo, or `nil`.
    /// - Throws: ``StoreError`` when the store fails.
    func postPhoto(postID: PostID, size: Int) async throws(StoreError) -> PostPhoto?

    /// Likes (or unlikes) a post; doing it twice changes nothing. A new like stores
    /// `notification` with it; an unlike removes the notifications that match `notification`
    /// (see ``NetworkNotification/matches(_:)``).
    /// - Parameters:
    ///   - postID: the post's id.
    ///   - userID: who likes it.
    ///   - liked: whether the like exists afterwards.
    ///   - date: when.
    ///   - notification: the like's notification, or `nil` for none (a like of one's own post).
    /// - Returns: whether the like changed.
    /// - Throws: ``StoreError/missingReference`` when liking a post or as a user that does not exist.
    func setPostLike(postID: PostID, userID: UserID, liked: Bool, at date: Date, notification: NetworkNotification?)
        async throws(StoreError) -> Bool
    /// The people who like a post, most recent first (ties by user id, descending).
    /// - Parameters:
    ///   - postID: the post's id.
    ///   - after: the cursor of the previous page's last entry, or `nil`.
    ///   - limit: the most to return.
    /// - Returns: the likers with the dates they liked.
    /// - Throws: ``StoreError`` when the store fails.
    func likers(of postID: PostID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser]

    /// Adds a comment, and `notification` with it.
    /// - Parameters:
    ///   - comment: the comment.
    ///   - notification: its notification, or `nil` (a comment on one's own post).
    /// - Throws: ``StoreError/missingReference`` if the post or the author does not exist.
    func insertComment(_ comment: PostComment, notification: NetworkNotification?) async throws(StoreError)
    /// The comment with this id.
    /// - Parameter id: the comment's id.
    /// - Returns: the comment, or `nil`.
    /// - Throws: ``StoreError`` when the store fails.
    func comment(id: CommentID) async throws(StoreError) -> PostComment?
    /// A post's comments, oldest first (ties by id, ascending).
    /// - Parameters:
    ///   - postID: the post's id.
    ///   - after: the cursor of the previous page's last comment, or `nil`.
    ///   - limit: the most to return.
    /// - Returns: the comments.
    /// - Throws: ``StoreError`` when the store fails.
    func comments(on postID: PostID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [PostComment]
    /// Deletes a comment and its notification.
    /// - Parameter id: the comment's id.
    /// - Returns: whether it existed.
    /// - Throws: ``StoreError`` when the store fails.
    func deleteComment(id: CommentID) async throws(StoreError) -> Bool
}
