import FilmKit
import Foundation

/// Photo posts, likes and comments.
public struct PostService: Sendable {
    let context: NetworkContext

    /// Publishes a post by the acting user. The photo is normalised (upright, bounded, sRGB),
    /// filtered if asked, and stored without metadata, before anything is written, so a bad photo
    /// or filter leaves no post behind.
    /// - Throws: ``NetworkError/invalid(_:)``, ``NetworkError/filter(_:)``, ``NetworkError/photo(_:)``.
    public func publish(_ token: SecretToken, _ draft: PostDraft) async throws(NetworkError) -> Post {
        let author = try await context.actor(token)
        let caption = AccountValidator.normalizedText(draft.caption)
        let violations = context.check(
            caption, .caption, maximumLength: context.policy.captionMaximumLength,
            maximumLines: context.policy.captionMaximumLines)
        guard violations.isEmpty else { throw .invalid(violations) }
        var filter: (any Filter)?
        var filterName: String?
        if let name = draft.filter {
            do {
                filter = try context.filters.makeFilter(name, parameters: draft.filterParameters)
                filterName = try context.filters.description(of: name).name
            } catch let error as FilterError {
                throw .filter(error)
            } catch {
                throw .filterFailed("\(error)")
            }
        }
        let id = PostID.random()
        let output = try process(
            draft.photo, filter: filter, seed: UInt64(bitPattern: ExploreOrder.rank(seed: 0, postID: id)))
        let post = Post(
            id: id, authorID: author.id, caption: caption, filter: filterName, width: output.width,
            height: output.height, createdAt: context.now)
        let photos = output.jpegs.map { PostPhoto(postID: id, size: $0.key, jpeg: $0.value) }
        let store = context.store
        try await context.fromStore { try await store.insertPost(post, photos: photos) }
        return post
    }

    func process(_ photo: Data, filter: (any Filter)?, seed: UInt64) throws(NetworkError)
        -> BoundedPhotoProcessor.Output
    {
        let processor = BoundedPhotoProcessor(
            sizes: context.policy.postPhotoSizes, pixelLimit: context.policy.photoPixelLimit)
        do {
            return try processor.process(photo, filter: filter, seed: seed)
        } catch let error as PhotoError {
            throw .photo(error)
        } catch {
            throw .filterFailed("\(error)")
        }
    }

    /// A post as the acting user sees it.
    public func post(_ token: SecretToken, _ id: PostID) async throws(NetworkError) -> PostView {
        let viewer = try await context.actor(token)
        let store = context.store
        guard let view = try await context.fromStore({ try await store.postView(id: id, viewerID: viewer.id) }) else {
            throw .notFound(.post)
        }
        return view.publicView
    }

    /// A post's photo at one of the policy's sizes, as JPEG.
    public func photo(_ id: PostID, size: Int) async throws(NetworkError) -> Data {
        let store = context.store
        guard let photo = try await context.fromStore({ try await store.postPhoto(postID: id, size: size) }) else {
            throw .notFound(.photo)
        }
        return photo.jpeg
    }

    /// Deletes a post with its photos, likes, comments and notifications.
    /// - Throws: ``NetworkError/forbidden`` unless the acting user wrote it.
    public func delete(_ token: SecretToken, _ id: PostID) async throws(NetworkError) {
        let actor = try await context.actor(token)
        let post = try await context.existingPost(id)
        guard post.authorID == actor.id else { throw .forbidden }
        let store = context.store
        _ = try await context.fromStore { try await store.deletePost(id: id) }
    }

    /// Likes a post; liking it again changes nothing. The author is notified (unless it is their
    /// own post). Returns the post with its new count.
    @discardableResult
    public func like(_ token: SecretToken, _ id: PostID) async throws(NetworkError) -> Post {
        try await setLike(token, id, liked: true)
    }

    /// Takes a like back (and its notification); unliking twice changes nothing.
    @discardableResult
    public func unlike(_ token: SecretToken, _ id: PostID) async throws(NetworkError) -> Post {
        try await setLike(token, id, liked: false)
    }

    func setLike(_ token: SecretToken, _ id: PostID, liked: Bool) async throws(NetworkError) -> Post {
        let actor = try await context.actor(token)
        let post = try await context.existingPost(id)
        let notification =
            post.authorID == actor.id ? nil : context.notification(to: post.authorID, from: actor.id, .like, post: id)
        let store = context.store
        let changed: Bool
        do {
            changed = try await store.setPostLike(
                postID: id, userID: actor.id, liked: liked, at: context.now, notification: notification)
        } catch .missingReference {
            throw .notFound(.post)
        } catch {
            throw .storage(error)
        }
        if changed, liked, let notification { context.events.publish(notification) }
        return try await context.existingPost(id)
    }

    /// The people who like a post, most recent first.
    public func likers(_ token: SecretToken, of id: PostID, after: KeysetCursor? = nil, limit: Int? = nil)
        async throws(NetworkError) -> CursorPage<DatedUser, KeysetCursor>
    {
        _ = try await context.actor(token)
        let limit = try context.limit(limit)
        _ = try await context.existingPost(id)
        let store = context.store
        let users = try await context.fromStore { try await store.likers(of: id, after: after, limit: limit) }
        return ProfileService.page(users, limit: limit)
    }

    /// Adds a comment by the acting user; the post's author is notified (unless they wrote it).
    /// - Throws: ``NetworkError/invalid(_:)`` for an empty, long or multi-line text.
    public func comment(_ token: SecretToken, on id: PostID, _ text: String) async throws(NetworkError) -> PostComment {
        let actor = try await context.actor(token)
        let text = AccountValidator.normalizedText(text)
        var violations = context.check(
            text, .comment, maximumLength: context.policy.commentMaximumLength, maximumLines: 1)
        if text.isEmpty { violations.insert(.init(.comment, .tooShort(minimum: 1)), at: 0) }
        guard violations.isEmpty else { throw .invalid(violations) }
        let post = try await context.existingPost(id)
        let comment = PostComment(id: .random(), postID: id, authorID: actor.id, text: text, createdAt: context.now)
        let notification =
            post.authorID == actor.id
            ? nil : context.notification(to: post.authorID, from: actor.id, .comment, post: id, comment: comment.id)
        let store = context.store
        do {
            try await store.insertComment(comment, notification: notification)
        } catch .missingReference {
            throw .notFound(.post)
        } catch {
            throw .storage(error)
        }
        if let notification { context.events.publish(notification) }
        return comment
    }

    /// A post's comments, oldest first.
    public func comments(_ token: SecretToken, on id: PostID, after: KeysetCursor? = nil, limit: Int? = nil)
        async throws(NetworkError) -> CursorPage<PostComment, KeysetCursor>
    {
        _ = try await context.actor(token)
        let limit = try context.limit(limit)
        _ = try await context.existingPost(id)
        let store = context.store
        let comments = try await context.fromStore { try await store.comments(on: id, after: after, limit: limit) }
        let last = comments.last.map { KeysetCursor(date: $0.createdAt, id: $0.id.rawValue) }
        return CursorPage(items: comments, next: comments.count == limit ? last : nil)
    }

    /// Deletes a comment (and its notification).
    /// - Throws: ``NetworkError/forbidden`` unless the acting user wrote the comment or the post.
    public func deleteComment(_ token: SecretToken, _ id: CommentID) async throws(NetworkError) {
        let actor = try await context.actor(token)
        let store = context.store
        guard let comment = try await context.fromStore({ try await store.comment(id: id) }) else {
            throw .notFound(.comment)
        }
        if comment.authorID != actor.id {
            let post = try await context.existingPost(comment.postID)
            guard post.authorID == actor.id else { throw .forbidden }
        }
        _ = try await context.fromStore { try await store.deleteComment(id: id) }
    }
}
