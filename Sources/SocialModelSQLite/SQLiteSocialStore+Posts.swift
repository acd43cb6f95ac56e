import Foundation
import GRDB
import SocialModel
import SocialModelSQL

extension SQLiteSocialStore: PostStore {
    /// Adds a post and its photos in one transaction.
    ///
    /// - Throws: `StoreError/missingReference` if the author does not exist, `StoreError/duplicate(_:)`.
    public func insertPost(_ post: Post, photos: [PostPhoto]) async throws(StoreError) {
        try await write { db in
            try db.execute(PostSQL.insert(post))
            for photo in photos {
                try db.execute(PhotoSQL.posts.insert(post.id.rawValue, size: photo.size, jpeg: photo.jpeg))
            }
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
        try await read { db in try Self.views(ids: [id.rawValue], viewerID: viewerID, db).first }
    }

    /// Deletes a post; photos, likes, comments and notifications go by cascade.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deletePost(id: PostID) async throws(StoreError) -> Bool {
        try await changeCount(PostSQL.delete(id: id)) > 0
    }

    /// One stored size of a post's photo.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func postPhoto(postID: PostID, size: Int) async throws(StoreError) -> PostPhoto? {
        try await fetchOne(PhotoSQL.posts.photo(postID.rawValue, size: size)) {
            PostPhoto(postID: postID, size: size, jpeg: try $0.data())
        }
    }

    /// Likes or unlikes, with its notification, in one transaction; the count follows through triggers.
    ///
    /// - Throws: `StoreError/missingReference` when liking a post or as a user that does not exist.
    public func setPostLike(
        postID: PostID, userID: UserID, liked: Bool, at date: Date, notification: NetworkNotification?
    ) async throws(StoreError) -> Bool {
        let (post, user, link) = (postID.rawValue, userID.rawValue, LinkSQL.postLikes)
        return try await toggle(
            liked, add: link.add(post, user, at: date), remove: link.remove(post, user), notification: notification)
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
        try await write { db in
            try db.execute(PostSQL.insert(comment))
            if let notification { try db.execute(NotificationSQL.insert(notification)) }
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
        try await changeCount(PostSQL.deleteComment(id: id)) > 0
    }

    /// The posts with these ids as `viewerID` sees them, in the order of `ids`, in one statement:
    /// each post joined with its author, its first comment and the viewer's like.
    static func views(ids: [String], viewerID: UserID, _ db: Database) throws -> [PostView] {
        guard !ids.isEmpty else { return [] }
        let placeholders = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        let views = try SQLiteRow.fetchAll(
            db,
            """
            SELECT \(viewColumns)
            FROM posts p JOIN users u ON u.id = p.author_id
            LEFT JOIN comments fc ON fc.id = (SELECT id FROM comments WHERE post_id = p.id ORDER BY created_at, id LIMIT 1)
            WHERE p.id IN (\(placeholders))
            """, StatementArguments([viewerID.rawValue] + ids)
        ) { try $0.postView() }
        let byID = Dictionary(views.map { ($0.post.id.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { byID[$0] }
    }

    /// A view's columns; the viewer is the statement's first argument.
    static let viewColumns = SQLShape.viewColumns(
        liked: "EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = ?)")
}
