import Foundation
import SocialModel

// The post and comment requirements, written once for both SQL stores; a post's view (a
// benchmarked statement, prepared in PostgreSQL) stays in each store.

extension PostStore where Self: SQLBackedStore {
    /// Adds a post and its photos in one transaction, announcing it to other processes.
    ///
    /// - Throws: `StoreError/missingReference` if the author does not exist, `StoreError/duplicate(_:)`.
    public func insertPost(_ post: Post, photos: [PostPhoto]) async throws(StoreError) {
        try await sql.transaction(sql.inserting(post, photos: photos, hashtags: [], mentions: []))
    }

    /// The post with this id.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func post(id: PostID) async throws(StoreError) -> Post? {
        try await sql.fetchOne(PostSQL.post(id: id)) { try $0.heldPost() }
    }

    /// Deletes a post; photos, likes, comments and notifications go by cascade.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deletePost(id: PostID) async throws(StoreError) -> Bool {
        try await sql.run(PostSQL.delete(id: id)) > 0
    }

    /// One stored size of a post's photo.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func postPhoto(postID: PostID, size: Int) async throws(StoreError) -> PostPhoto? {
        try await sql.fetchOne(PhotoSQL.posts.photo(postID.rawValue, size: size)) {
            PostPhoto(postID: postID, size: size, jpeg: try $0.data())
        }
    }

    /// Likes or unlikes, with its notification, in one transaction; the count follows through triggers.
    ///
    /// - Throws: `StoreError/missingReference` when liking a post or as a user that does not exist.
    public func setPostLike(
        postID: PostID, userID: UserID, liked: Bool, at date: Date, notification: NetworkNotification?
    ) async throws(StoreError) -> Bool {
        try await sql.toggle(liked, LinkSQL.postLikes, postID.rawValue, userID.rawValue, at: date, notification)
    }

    /// The people who like a post, most recent first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func likers(of postID: PostID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser] {
        try await sql.fetch(LinkSQL.postLikes.users(of: postID.rawValue, after: after, limit: limit)) {
            try $0.datedUser()
        }
    }

    /// Adds a comment with its notification, in one transaction, announcing the notification.
    ///
    /// - Throws: `StoreError/missingReference` if the post or the author does not exist.
    public func insertComment(_ comment: PostComment, notification: NetworkNotification?) async throws(StoreError) {
        try await sql.transaction(sql.inserting(comment, notifications: notification.map { [$0] } ?? []))
    }

    /// The comment with this id.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func comment(id: CommentID) async throws(StoreError) -> PostComment? {
        try await sql.fetchOne(PostSQL.comment(id: id)) { try $0.heldComment() }
    }

    /// A post's comments, oldest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func comments(on postID: PostID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [PostComment]
    {
        try await sql.fetch(PostSQL.comments(on: postID, after: after, limit: limit)) { try $0.heldComment() }
    }

    /// Deletes a comment; its notification goes by cascade.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteComment(id: CommentID) async throws(StoreError) -> Bool {
        try await sql.run(PostSQL.deleteComment(id: id)) > 0
    }
}
