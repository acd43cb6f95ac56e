import Foundation

/// Photo posts, likes and comments, as one signed-in user publishes, sees and changes them. Get
/// it from ``NetworkSession/posts``.
public struct PostService: Sendable {
    let store: any PostStore & ProfileStore & SafetyStore & ModerationStore & HashtagStore
    let context: NetworkContext
    /// The signed-in user.
    public let actor: User

    /// Publishes a post. The photo is normalised (upright, bounded, sRGB), filtered if asked, and
    /// stored without metadata, before anything is written, so a bad photo or filter leaves no
    /// post behind. Once stored, the post goes to the live-update streams of the author's
    /// followers (``NetworkEvents/posts(for:)``). Its caption's hashtags are indexed with it
    /// (``NetworkSession/hashtags``) and the users it mentions are told (``NotificationKind/mention``).
    ///
    /// The network's ``ContentCheck`` is asked about the caption and the processed photo first:
    /// a post it holds is stored with ``Post/held`` set, shown only to its author until a
    /// moderator acts, and sent to no one's stream.
    /// - Parameter draft: the photo, caption and filter.
    /// - Returns: the new post.
    /// - Throws: ``NetworkError/invalid(_:)`` for a bad caption, ``NetworkError/photo(_:)`` for a
    ///   photo that cannot be used or a filter that is unknown, misused or fails,
    ///   ``NetworkError/refused(_:_:)`` when the content check refuses the caption or the photo.
    public func publish(_ draft: PostDraft) async throws(NetworkError) -> Post {
        let caption = try context.checked(
            draft.caption, .caption, maximumLength: context.policy.captionMaximumLength,
            maximumLines: context.policy.captionMaximumLines, required: false)
        let entities = try textEntities(of: caption, .caption)
        let captionHeld = try await context.screened(caption.isEmpty ? [] : [.caption(caption)], by: actor.id)
        let id = PostID.random()
        // The filter's seed comes from the id, so re-rendering a post gives the same pixels.
        let output = try await context.bounded(
            draft.photo, sizes: context.policy.postPhotoSizes,
            filter: draft.filter.map { PhotoFilter(name: $0, parameters: draft.filterParameters) },
            seed: UInt64(bitPattern: ExploreOrder.rank(seed: 0, postID: id)))
        var post = Post(
            id: id, authorID: actor.id, caption: caption, filter: output.filter, width: output.width,
            height: output.height, createdAt: context.now)
        let largest = output.jpegs.max { $0.key < $1.key }.map { [SubmittedContent.photo($0.value)] } ?? []
        let photoHeld = try await context.screened(largest, by: actor.id)
        if let reason = captionHeld ?? photoHeld {
            try await context.hold(.post(id), by: actor.id, reason: reason, in: store)
            post.held = true
        }
        let photos = output.jpegs.map { PostPhoto(postID: id, size: $0.key, jpeg: $0.value) }
        let mentions = try await mentionNotifications(entities, in: post)
        let hashtags = entities.hashtags.map(\.key)
        try await context.fromStore {
            try await store.insertPost(post, photos: photos, hashtags: hashtags, mentions: mentions)
        }
        await context.events.publish(post, toFollowersIn: store)
        await publish(mentions)
        return post
    }

    /// A post as the signed-in user sees it.
    /// - Parameter postID: the post's id.
    /// - Returns: the post with its author, first comment and whether the user likes it.
    /// - Throws: ``NetworkError/notFound(_:)``.
    public func post(postID: PostID) async throws(NetworkError) -> PostView {
        guard let view = try await context.fromStore({ try await store.postView(id: postID, viewerID: actor.id) }),
            let shown = view.shown(to: actor.id)
        else { throw .notFound(.post) }
        try await context.requireNoBlock(between: actor.id, and: view.post.authorID, in: store, else: .post)
        return shown.publicView
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

    /// Comments on a post; its author is notified (unless they wrote the comment, or the network's
    /// ``ContentCheck`` holds it: a held comment is shown only to its writer until a moderator
    /// acts, and notifies no one). The users it mentions are told (``NotificationKind/mention``);
    /// its hashtags are not indexed.
    /// - Parameters:
    ///   - postID: the post's id.
    ///   - text: one line of text.
    /// - Returns: the new comment.
    /// - Throws: ``NetworkError/invalid(_:)`` for an empty, long or multi-line text, ``NetworkError/notFound(_:)``,
    ///   ``NetworkError/refused(_:_:)`` when the content check refuses it.
    public func comment(postID: PostID, text: String) async throws(NetworkError) -> PostComment {
        let text = try context.checked(
            text, .comment, maximumLength: context.policy.commentMaximumLength, maximumLines: 1, required: true)
        let entities = try textEntities(of: text, .comment)
        let post = try await visiblePost(postID)
        let held = try await context.screened([.comment(text)], by: actor.id)
        var comment = PostComment(id: .random(), postID: postID, authorID: actor.id, text: text, createdAt: context.now)
        if let held {
            try await context.hold(.comment(comment.id), by: actor.id, reason: held, in: store)
            comment.held = true
        }
        let notification =
            comment.held
            ? nil : context.notification(to: post.authorID, from: actor.id, .comment, post: postID, comment: comment.id)
        let told = notification?.recipientID
        let mentions = try await mentionNotifications(entities, in: post, comment: comment, told: told)
        do {
            try await store.insertComment(comment, notifications: (notification.map { [$0] } ?? []) + mentions)
        } catch .missingReference {
            throw .notFound(.post)
        } catch {
            throw .storage(error)
        }
        if let notification { await context.events.publish(notification, unlessHiddenIn: store) }
        await publish(mentions)
        return comment
    }

    /// A post's comments, oldest first; those a content check holds only for their writers (a page
    /// may then be short and still have a next one).
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
        let shown = comments.filter { HeldContent.shows(held: $0.held, by: $0.authorID, to: actor.id) }
        return CursorPage(items: shown, read: comments, limit: limit, cursor: \.cursor)
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

    /// A post the signed-in user may see and act on: it exists, no content check holds it from
    /// them, and there is no block between its author and them (a blocked post is not found, like
    /// a missing one).
    func visiblePost(_ postID: PostID) async throws(NetworkError) -> Post {
        let post = try await context.existingPost(postID, in: store)
        guard HeldContent.shows(held: post.held, by: post.authorID, to: actor.id) else { throw .notFound(.post) }
        try await context.requireNoBlock(between: actor.id, and: post.authorID, in: store, else: .post)
        return post
    }
}
