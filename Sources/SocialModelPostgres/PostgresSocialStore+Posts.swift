import Foundation
import PostgresNIO
import SocialModel
import SocialModelSQL

extension PostgresSocialStore: PostStore {
    /// Adds a post and its photos in one transaction, announcing it to other processes' event relays.
    ///
    /// - Throws: `StoreError/missingReference` if the author does not exist, `StoreError/duplicate(_:)`.
    public func insertPost(_ post: Post, photos: [PostPhoto]) async throws(StoreError) {
        try await transaction { connection in
            try await connection.query(PostSQL.insert(post), logger: logger)
            for photo in photos {
                let statement = PhotoSQL.posts.insert(post.id.rawValue, size: photo.size, jpeg: photo.jpeg)
                try await connection.query(statement, logger: logger)
            }
            try await connection.query(announce(.post(post.id)), logger: logger)
        }
    }

    /// The post with this id.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func post(id: PostID) async throws(StoreError) -> Post? {
        try await fetchOne(PostSQL.post(id: id)) { try $0.post() }
    }

    /// The post as a viewer sees it.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func postView(id: PostID, viewerID: UserID) async throws(StoreError) -> PostView? {
        try await fetch(PostViewShape.statement(id: id.rawValue, viewerID: viewerID.rawValue)) {
            try $0.postView()
        }.first
    }

    /// Deletes a post; photos, likes, comments and notifications go by cascade.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deletePost(id: PostID) async throws(StoreError) -> Bool {
        try await rowCount(PostSQL.delete(id: id)) > 0
    }

    /// One stored size of a post's photo.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func postPhoto(postID: PostID, size: Int) async throws(StoreError) -> PostPhoto? {
        try await fetchOne(PhotoSQL.posts.photo(postID.rawValue, size: size)) {
            PostPhoto(postID: postID, size: size, jpeg: try $0.data())
        }
    }

    /// Likes or unlikes, with its notification, in one transaction; the count follows through the trigger.
    ///
    /// - Throws: `StoreError/missingReference` when liking a post or as a user that does not exist.
    public func setPostLike(
        postID: PostID, userID: UserID, liked: Bool, at date: Date, notification: NetworkNotification?
    ) async throws(StoreError) -> Bool {
        let (post, user, link) = (postID.rawValue, userID.rawValue, LinkSQL.postLikes)
        return try await toggle(
            liked, add: link.add(post, user, at: date), remove: link.remove(post, user),
            notification: notification)
    }

    /// The people who like a post, most recent first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func likers(of postID: PostID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser] {
        try await fetch(LinkSQL.postLikes.users(of: postID.rawValue, after: after, limit: limit)) { try $0.datedUser() }
    }

    /// Adds a comment with its notification, in one transaction.
    ///
    /// - Throws: `StoreError/missingReference` if the post or the author does not exist.
    public func insertComment(_ comment: PostComment, notification: NetworkNotification?) async throws(StoreError) {
        try await transaction { connection in
            try await connection.query(PostSQL.insert(comment), logger: logger)
            if let notification {
                try await connection.query(NotificationSQL.insert(notification), logger: logger)
                try await connection.query(announce(.notification(notification.id)), logger: logger)
            }
        }
    }

    /// The comment with this id.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func comment(id: CommentID) async throws(StoreError) -> PostComment? {
        try await fetchOne(PostSQL.comment(id: id)) { try $0.comment() }
    }

    /// A post's comments, oldest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func comments(on postID: PostID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [PostComment]
    {
        try await fetch(PostSQL.comments(on: postID, after: after, limit: limit)) { try $0.comment() }
    }

    /// Deletes a comment; its notification goes by cascade.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteComment(id: CommentID) async throws(StoreError) -> Bool {
        try await rowCount(PostSQL.deleteComment(id: id)) > 0
    }

    /// A post view's columns (see ``SQLShape/viewColumns(liked:)``), with the viewer bound as
    /// `viewer`; they go with ``viewJoins`` after `FROM posts p`, so a page is one round trip.
    ///
    /// Whether the viewer liked a post is a scalar subquery, one primary-key probe per post, not
    /// `EXISTS`: a prepared page's generic plan does not know its `LIMIT` and assumes hundreds of
    /// posts, for which PostgreSQL turns an `EXISTS` into a hash of every like the viewer ever gave
    /// (a heap page each), dearer than the page's 20 probes.
    static func viewColumns(viewer: String) -> String {
        SQLShape.viewColumns(
            liked: """
                COALESCE((SELECT true FROM post_likes pl WHERE pl.post_id = p.id AND pl.user_id = \(viewer)), false)
                """)
    }

    static let viewJoins = """
        JOIN users u ON u.id = p.author_id
        LEFT JOIN LATERAL (
            SELECT \(SQLShape.comment) FROM comments c WHERE c.post_id = p.id ORDER BY c.created_at, c.id LIMIT 1
        ) fc ON true
        """
}
