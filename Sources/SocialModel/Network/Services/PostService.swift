import Foundation

/// Photo posts, likes and comments, as one signed-in user publishes, sees and changes them. Get
/// it from ``NetworkSession/posts``.
public struct PostService: Sendable {
    let store: any PostStore & ProfileStore & SafetyStore
    let context: NetworkContext
    /// The signed-in user.
    public let actor: User

    /// Publishes a post. The photo is normalised (upright, bounded, sRGB), filtered if asked, and
    /// stored without metadata, before anything is written, so a bad photo or filter leaves no
    /// post behind. Once stored, the post goes to the live-update streams of the author's
    /// followers (``NetworkEvents/posts(for:)``).
    /// - Parameter draft: the photo, caption and filter.
    /// - Returns: the new post.
    /// - Throws: ``NetworkError/invalid(_:)`` for a bad caption, ``NetworkError/photo(_:)`` for a
    ///   photo that cannot be used or a filter that is unknown, misused or fails.
    public func publish(_ draft: PostDraft) async throws(NetworkError) -> Post {
        let caption = try context.checked(
            draft.caption, .caption, maximumLength: context.policy.captionMaximumLength,
            maximumLines: context.policy.captionMaximumLines, required: false)
        let id = PostID.random()
        // The filter's seed comes from the id, so re-rendering a post gives the same pixels.
        let output = try await context.bounded(
            draft.photo, sizes: context.policy.postPhotoSizes,
            filter: draft.filter.map { PhotoFilter(name: $0, parameters: draft.filterParameters) },
            seed: UInt64(bitPattern: ExploreOrder.rank(seed: 0, postID: id)))
        let post = Post(
            id: id, authorID: actor.id, caption: caption, filter: output.filter, width: output.width,
            height: output.height, createdAt: context.now)
        let photos = output.jpegs.map { PostPhoto(postID: id, size: $0.key, jpeg: $0.value) }
        try await context.fromStore { try await store.insertPost(post, photos: photos) }
        await context.events.publish(post, toFollowersIn: store)
        return post
    }

    /// A post as the signed-in user sees it.
    /// - Parameter postID: the post's id.
    /// - Returns: the post with its author, first comment and whether the user likes it.
    /// - Throws: ``NetworkError/notFound(_:)``.
    public func post(postID: PostID) async throws(NetworkError) -> PostView {
        guard let view = try await context.fromStore({ try await store.postView(id: postID, viewerID: actor.id) })
        else { throw .notFound(.post) }
        try await context.requireNoBlock(between: actor.id, and: view.post.authorID, in: store, else: .post)
        return view.publicView
    }

    /// Deletes a post with its photos, likes, comments and notifications.
    /// - Parameter postID: the post's id.
    /// - Throws: ``NetworkError/forbidden`` unless the signed-in user wrote it, ``NetworkError/notFound(_:)``.
    public func delete(postID: PostID) async throws(NetworkError) {
        let post = try await context.existingPost(postID, in: store)
        guard post.authorID == actor.id else { throw .forbidden }
        _ = try await context.fromStore { try await store.deletePost(id: postID) }
    }

    /// Likes a post; liking it again changes nothing. The author is notified (unless it is their
    /// own post).
    /// - Parameter postID: the post's id.
    /// - Returns: the post with its new count.
    /// - Throws: ``NetworkError/notFound(_:)``.
    @discardableResult
    public func like(postID: PostID) async throws(NetworkError) -> Post {
        try await setLike(postID, liked: true)
    }

    /// Takes a like back (and its notification); unliking twice changes nothing.
    /// - Parameter postID: the post's id.
    /// - Returns: the post with its new count.
    /// - Throws: ``NetworkError/notFound(_:)``.
    @discardableResult
    public func unlike(postID: PostID) async throws(NetworkError) -> Post {
        try await setLike(postID, liked: false)
    }

    func setLike(_ postID: PostID, liked: Bool) async throws(NetworkError) -> Post {
        let post = try await visiblePost(postID)
        let notification = context.notification(to: post.authorID, from: actor.id, .like, post: postID)
        let changed: Bool
        do {
            changed = try await store.setPostLike(
                postID: postID, userID: actor.id, liked: liked, at: context.now, notification: notification)
        } catch .missingReference {
            throw .notFound(.post)
        } catch {
            throw .storage(error)
        }
        if changed, liked, let notification { await context.events.publish(notification, unlessHiddenIn: store) }
        return try await context.existingPost(postID, in: store)
    }

    /// The people who like a post, most recent first.
    /// - Parameters:
    ///   - postID: the post's id.
    ///   - after: the previous page's ``CursorPage/next``, or `nil` for the first page.
    ///   - limit: the page size, or `nil` for the policy's.
    /// - Returns: a page of likers.
    /// - Throws: ``NetworkError/notFound(_:)``, ``NetworkError/invalid(_:)`` for a page size out of range.
    public func likers(postID: PostID, after: KeysetCursor? = nil, limit: Int? = nil) async throws(NetworkError)
        -> CursorPage<DatedUser, KeysetCursor>
    {
        let limit = try context.limit(limit)
        _ = try await visiblePost(postID)
        let users = try await context.fromStore { try await store.likers(of: postID, after: after, limit: limit) }
        return CursorPage(items: users.map(\.publicView), limit: limit, cursor: \.cursor)
    }

    /// Comments on a post; its author is notified (unless they wrote the comment).
    /// - Parameters:
    ///   - postID: the post's id.
    ///   - text: one line of text.
    /// - Returns: the new comment.
    /// - Throws: ``NetworkError/invalid(_:)`` for an empty, long or multi-line text, ``NetworkError/notFound(_:)``.
    public func comment(postID: PostID, text: String) async throws(NetworkError) -> PostComment {
        let text = try context.checked(
            text, .comment, maximumLength: context.policy.commentMaximumLength, maximumLines: 1, required: true)
        let post = try await visiblePost(postID)
        let comment = PostComment(id: .random(), postID: postID, authorID: actor.id, text: text, createdAt: context.now)
        let notification = context.notification(
            to: post.authorID, from: actor.id, .comment, post: postID, comment: comment.id)
        do {
            try await store.insertComment(comment, notification: notification)
        } catch .missingReference {
            throw .notFound(.post)
        } catch {
            throw .storage(error)
        }
        if let notification { await context.events.publish(notification, unlessHiddenIn: store) }
        return comment
    }

    /// A post's comments, oldest first.
    /// - Parameters:
    ///   - postID: the post's id.
    ///   - after: the previous page's ``CursorPage/next``, or `nil` for the first page.
    ///   - limit: the page size, or `nil` for the policy's.
    /// - Returns: a page of comments.
    /// - Throws: ``NetworkError/notFound(_:)``, ``NetworkError/invalid(_:)`` for a page size out of range.
    public func comments(postID: PostID, after: KeysetCursor? = nil, limit: Int? = nil) async throws(NetworkError)
        -> CursorPage<PostComment, KeysetCursor>
    {
        let limit = try context.limit(limit)
        _ = try await visiblePost(postID)
        let comments = try await context.fromStore { try await store.comments(on: postID, after: after, limit: limit) }
        return CursorPage(items: comments, limit: limit, cursor: \.cursor)
    }

    /// Deletes a comment (and its notification).
    /// - Parameter commentID: the comment's id.
    /// - Throws: ``NetworkError/forbidden`` unless the signed-in user wrote the comment or the
    ///   post, ``NetworkError/notFound(_:)``.
    public func deleteComment(commentID: CommentID) async throws(NetworkError) {
        guard let comment = try await context.fromStore({ try await store.comment(id: commentID) }) else {
            throw .notFound(.comment)
        }
        if comment.authorID != actor.id {
            let post = try await context.existingPost(comment.postID, in: store)
            guard post.authorID == actor.id else { throw .forbidden }
        }
        _ = try await context.fromStore { try await store.deleteComment(id: commentID) }
    }

    /// A post the signed-in user may see and act on: it exists, and there is no block between its
    /// author and them (a blocked post is not found, like a missing one).
    func visiblePost(_ postID: PostID) async throws(NetworkError) -> Post {
        let post = try await context.existingPost(postID, in: store)
        try await context.requireNoBlock(between: actor.id, and: post.authorID, in: store, else: .post)
        return post
    }
}
