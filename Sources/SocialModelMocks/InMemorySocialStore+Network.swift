import Foundation
import SocialModel

extension InMemorySocialStore: NetworkStore {
    // MARK: Profiles

    /// Replaces the avatar sizes and key.
    public func setAvatar(userID: UserID, key: String?, photos: [AvatarPhoto]) async throws(StoreError) {
        try withState { state throws(StoreError) in
            guard state.users[userID] != nil else { throw .notFound(entity: "user") }
            state.users[userID]?.avatar = key
            state.network.avatars[userID] = Dictionary(photos.map { ($0.size, $0) }, uniquingKeysWith: { $1 })
        }
    }

    /// One stored size of an avatar.
    public func avatarPhoto(userID: UserID, size: Int) async throws(StoreError) -> AvatarPhoto? {
        try withState { state in state.network.avatars[userID]?[size] }
    }

    /// Counts of a user's follows, posts and likes received.
    public func profileCounts(userID: UserID) async throws(StoreError) -> ProfileCounts {
        try withState { state in
            let network = state.network
            let posts = network.posts.values.filter { $0.authorID == userID }
            return ProfileCounts(
                followers: network.followers(of: userID).count, following: network.follows[userID]?.count ?? 0,
                posts: posts.count, likesReceived: posts.reduce(0) { $0 + (network.likes[$1.id]?.count ?? 0) })
        }
    }

    /// Users whose key starts with the prefix, by key.
    public func searchUsers(prefix: String, after: String?, limit: Int) async throws(StoreError) -> [User] {
        try withState { state in
            let keys = state.userByKey.keys.filter { $0.hasPrefix(prefix) && $0 > (after ?? "") }.sorted()
            return keys.prefix(max(0, limit)).compactMap { state.userByKey[$0].flatMap { state.users[$0] } }
        }
    }

    // MARK: Follows

    /// Follows or unfollows.
    public func setFollow(
        followerID: UserID, followeeID: UserID, following: Bool, at date: Date, notification: NetworkNotification?
    ) async throws(StoreError) -> Bool {
        try withState { state throws(StoreError) in
            if !following {
                state.network.notifications = state.network.notifications.filter {
                    !($0.value.kind == .follow && $0.value.actorID == followerID && $0.value.recipientID == followeeID)
                }
                return state.network.follows[followerID]?.removeValue(forKey: followeeID) != nil
            }
            try state.requireUser(followerID)
            try state.requireUser(followeeID)
            guard state.network.follows[followerID]?[followeeID] == nil else { return false }
            state.network.follows[followerID, default: [:]][followeeID] = date
            if let notification { state.network.notifications[notification.id] = notification }
            return true
        }
    }

    /// Whether one user follows another.
    public func isFollowing(followerID: UserID, followeeID: UserID) async throws(StoreError) -> Bool {
        try withState { state in state.network.follows[followerID]?[followeeID] != nil }
    }

    /// A user's followers, most recent first.
    public func followers(of userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser] {
        try withState { state in Self.datedUsers(state.network.followers(of: userID), state, after, limit) }
    }

    /// The people a user follows, most recent first.
    public func followees(of userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser] {
        try withState { state in Self.datedUsers(state.network.follows[userID] ?? [:], state, after, limit) }
    }

    static func datedUsers(_ dates: [UserID: Date], _ state: State, _ after: KeysetCursor?, _ limit: Int)
        -> [DatedUser]
    {
        let entries = dates.compactMap { id, date in state.users[id].map { DatedUser(user: $0, date: date) } }
        return InMemoryOrdering.newestFirst(
            entries, date: \.date, id: \.user.id.rawValue, after: after, limit: limit)
    }

    // MARK: Posts

    /// Adds a post with its photos.
    public func insertPost(_ post: Post, photos: [PostPhoto]) async throws(StoreError) {
        try withState { state throws(StoreError) in
            try state.requireUser(post.authorID)
            guard state.network.posts[post.id] == nil, Set(photos.map(\.size)).count == photos.count else {
                throw .duplicate(.id)
            }
            var stored = post
            stored.likeCount = 0
            stored.commentCount = 0
            state.network.posts[post.id] = stored
            state.network.postPhotos[post.id] = Dictionary(
                uniqueKeysWithValues: photos.map { ($0.size, PostPhoto(postID: post.id, size: $0.size, jpeg: $0.jpeg)) }
            )
        }
    }

    /// The post with this id.
    public func post(id: PostID) async throws(StoreError) -> Post? {
        try withState { state in state.network.post(id) }
    }

    /// The post as a viewer sees it.
    public func postView(id: PostID, viewerID: UserID) async throws(StoreError) -> PostView? {
        try withState { state in state.network.post(id).flatMap { Self.views([$0], viewerID, state).first } }
    }

    /// A user's posts in order.
    public func posts(by authorID: UserID, viewerID: UserID, order: FeedOrder, after: FeedCursor?, limit: Int)
        async throws(StoreError) -> [PostView]
    {
        try withState { state in Self.feed(state, viewerID, order, after, limit) { $0 == authorID } }
    }

    /// Deletes a post with everything on it.
    public func deletePost(id: PostID) async throws(StoreError) -> Bool {
        try withState { state in state.network.removePost(id) }
    }

    /// One stored size of a post's photo.
    public func postPhoto(postID: PostID, size: Int) async throws(StoreError) -> PostPhoto? {
        try withState { state in state.network.postPhotos[postID]?[size] }
    }

    static func views(_ posts: [Post], _ viewerID: UserID, _ state: State) -> [PostView] {
        posts.compactMap { post in
            guard let author = state.users[post.authorID] else { return nil }
            let first = state.network.comments.values.filter { $0.postID == post.id }.min {
                $0.createdAt != $1.createdAt ? $0.createdAt < $1.createdAt : $0.id.rawValue < $1.id.rawValue
            }
            return PostView(
                post: post, author: author, firstComment: first,
                likedByViewer: state.network.likes[post.id]?[viewerID] != nil)
        }
    }

    static func feed(
        _ state: State, _ viewerID: UserID, _ order: FeedOrder, _ after: FeedCursor?, _ limit: Int,
        authors: (UserID) -> Bool
    ) -> [PostView] {
        let posts = state.network.posts.keys.compactMap { state.network.post($0) }
            .filter { authors($0.authorID) && InMemoryOrdering.isAfter($0, after, order) }
            .sorted { InMemoryOrdering.precedes($0, $1, order) }
        return views(Array(posts.prefix(max(0, limit))), viewerID, state)
    }

    // MARK: Likes and comments

    /// Likes or unlikes.
    public func setPostLike(
        postID: PostID, userID: UserID, liked: Bool, at date: Date, notification: NetworkNotification?
    ) async throws(StoreError) -> Bool {
        try withState { state throws(StoreError) in
            if !liked {
                state.network.notifications = state.network.notifications.filter {
                    !($0.value.kind == .like && $0.value.actorID == userID && $0.value.postID == postID)
                }
                return state.network.likes[postID]?.removeValue(forKey: userID) != nil
            }
            guard state.network.posts[postID] != nil else { throw .missingReference }
            try state.requireUser(userID)
            guard state.network.likes[postID]?[userID] == nil else { return false }
            state.network.likes[postID, default: [:]][userID] = date
            if let notification { state.network.notifications[notification.id] = notification }
            return true
        }
    }

    /// The people who like a post, most recent first.
    public func likers(of postID: PostID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser] {
        try withState { state in Self.datedUsers(state.network.likes[postID] ?? [:], state, after, limit) }
    }

    /// Adds a comment and its notification.
    public func insertComment(_ comment: PostComment, notification: NetworkNotification?) async throws(StoreError) {
        try withState { state throws(StoreError) in
            guard state.network.posts[comment.postID] != nil else { throw .missingReference }
            try state.requireUser(comment.authorID)
            guard state.network.comments[comment.id] == nil else { throw .duplicate(.id) }
            state.network.comments[comment.id] = comment
            if let notification { state.network.notifications[notification.id] = notification }
        }
    }

    /// The comment with this id.
    public func comment(id: CommentID) async throws(StoreError) -> PostComment? {
        try withState { state in state.network.comments[id] }
    }

    /// A post's comments, oldest first.
    public func comments(on postID: PostID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [PostComment]
    {
        try withState { state in
            let all = state.network.comments.values.filter { $0.postID == postID }.sorted {
                $0.createdAt != $1.createdAt ? $0.createdAt < $1.createdAt : $0.id.rawValue < $1.id.rawValue
            }
            let kept = all.filter { comment in
                guard let after else { return true }
                return comment.createdAt != after.date ? comment.createdAt > after.date : comment.id.rawValue > after.id
            }
            return Array(kept.prefix(max(0, limit)))
        }
    }

    /// Deletes a comment and its notification.
    public func deleteComment(id: CommentID) async throws(StoreError) -> Bool {
        try withState { state in state.network.removeComment(id) }
    }

    // MARK: Feeds

    /// The user's and their followees' posts in order.
    public func homeFeed(userID: UserID, order: FeedOrder, after: FeedCursor?, limit: Int) async throws(StoreError)
        -> [PostView]
    {
        try withState { state in
            let followed = state.network.follows[userID] ?? [:]
            return Self.feed(state, userID, order, after, limit) { $0 == userID || followed[$0] != nil }
        }
    }

    /// Everyone's posts by seeded rank.
    public func explore(viewerID: UserID, seed: UInt64, after: ExploreCursor?, limit: Int) async throws(StoreError)
        -> [PostView]
    {
        try withState { state in
            var ranked: [(rank: Int64, id: PostID)] = state.network.posts.keys.map { id in
                (ExploreOrder.rank(seed: seed, postID: id), id)
            }
            if let after {
                ranked = ranked.filter { entry in
                    entry.rank != after.rank ? entry.rank > after.rank : entry.id.rawValue > after.postID.rawValue
                }
            }
            ranked.sort { lhs, rhs in lhs.rank != rhs.rank ? lhs.rank < rhs.rank : lhs.id.rawValue < rhs.id.rawValue }
            return Self.views(ranked.prefix(max(0, limit)).compactMap { state.network.post($0.id) }, viewerID, state)
        }
    }
}
