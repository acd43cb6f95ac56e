import Foundation
import SocialModel

extension InMemorySocialStore: PostStore {
    /// Adds a post with its photos.
    ///
    /// - Throws: `StoreError/missingReference` if the author does not exist, `StoreError/duplicate(_:)`.
    public func insertPost(_ post: Post, photos: [PostPhoto]) async throws(StoreError) {
        try withState { state throws(StoreError) in
            try state.requireUser(post.authorID)
            guard state.posts[post.id] == nil, Set(photos.map(\.size)).count == photos.count else {
                throw .duplicate(.id)
            }
            var stored = post
            stored.likeCount = 0
            stored.commentCount = 0
            state.posts[post.id] = stored
            state.postPhotos[post.id] = Dictionary(
                uniqueKeysWithValues: photos.map { ($0.size, PostPhoto(postID: post.id, size: $0.size, jpeg: $0.jpeg)) }
            )
        }
    }

    /// The post with this id.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func post(id: PostID) async throws(StoreError) -> Post? {
        try withState { state in state.post(id) }
    }

    /// The post as a viewer sees it.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func postView(id: PostID, viewerID: UserID) async throws(StoreError) -> PostView? {
        try withState { state in state.post(id).flatMap { Self.views([$0], viewerID, state).first } }
    }

    /// Deletes a post with everything on it.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deletePost(id: PostID) async throws(StoreError) -> Bool {
        try withState { state in state.removePost(id) }
    }

    /// One stored size of a post's photo.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func postPhoto(postID: PostID, size: Int) async throws(StoreError) -> PostPhoto? {
        try withState { state in state.postPhotos[postID]?[size] }
    }

    /// Likes or unlikes, with its notification.
    ///
    /// - Throws: `StoreError/missingReference` when liking a post or as a user that does not exist.
    public func setPostLike(
        postID: PostID, userID: UserID, liked: Bool, at date: Date, notification: NetworkNotification?
    ) async throws(StoreError) -> Bool {
        try withState { state throws(StoreError) in
            if liked {
                guard state.posts[postID] != nil else { throw .missingReference }
                try state.requireUser(userID)
            }
            return state.toggle(\.postLikes, postID, userID, on: liked, at: date, notification: notification)
        }
    }

    /// The people who like a post, most recent first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func likers(of postID: PostID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser] {
        try withState { state in Self.datedUsers(state.postLikes[postID] ?? [:], state, after, limit) }
    }

    /// Adds a comment and its notification.
    ///
    /// - Throws: `StoreError/missingReference` if the post or the author does not exist.
    public func insertComment(_ comment: PostComment, notification: NetworkNotification?) async throws(StoreError) {
        try withState { state throws(StoreError) in
            guard state.posts[comment.postID] != nil else { throw .missingReference }
            try state.requireUser(comment.authorID)
            guard state.comments[comment.id] == nil else { throw .duplicate(.id) }
            state.comments[comment.id] = comment
            if let notification { state.notifications[notification.id] = notification }
        }
    }

    /// The comment with this id.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func comment(id: CommentID) async throws(StoreError) -> PostComment? {
        try withState { state in state.comments[id] }
    }

    /// A post's comments, oldest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func comments(on postID: PostID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [PostComment]
    {
        try withState { state in
            InMemoryPaging.keyset(
                state.comments.values.filter { $0.postID == postID }, date: \.createdAt, id: \.id.rawValue,
                after: after, limit: limit, ascending: true)
        }
    }

    /// Deletes a comment and its notification.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteComment(id: CommentID) async throws(StoreError) -> Bool {
        try withState { state in state.removeComment(id) }
    }

    /// Posts as a viewer sees them: with their authors, first comments and the viewer's likes.
    static func views(_ posts: [Post], _ viewerID: UserID, _ state: State) -> [PostView] {
        posts.compactMap { post in
            guard let author = state.users[post.authorID] else { return nil }
            let first = InMemoryPaging.keyset(
                state.comments.values.filter { $0.postID == post.id }, date: \.createdAt, id: \.id.rawValue,
                after: nil, limit: 1, ascending: true
            ).first
            return PostView(
                post: post, author: author, firstComment: first,
                likedByViewer: state.postLikes[post.id]?[viewerID] != nil)
        }
    }
}
