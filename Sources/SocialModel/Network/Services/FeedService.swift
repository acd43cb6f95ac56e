/// The home feed, explore and a user's posts, with cursor pagination, as one signed-in user sees
/// them. Get it from ``NetworkSession/feed``. Posts a content check holds (``Post/held``) are
/// shown to their authors only, so another user's page may be short and still have a next one.
public struct FeedService: Sendable {
    let store: any FeedStore & SafetyStore
    let context: NetworkContext
    /// The signed-in user.
    public let actor: User

    /// The signed-in user's posts and those of the people they follow, without those of users
    /// they mute or who have a block with them. Pass the page's
    /// ``CursorPage/next`` to get the next page; posts published meanwhile never shift a page.
    /// - Parameters:
    ///   - order: newest first unless said otherwise.
    ///   - after: the previous page's ``CursorPage/next``, or `nil` for the first page.
    ///   - limit: the page size, or `nil` for the policy's.
    /// - Returns: a page of posts.
    /// - Throws: ``NetworkError/invalid(_:)`` for a page size out of range.
    public func home(order: FeedOrder = .newest, after: FeedCursor? = nil, limit: Int? = nil)
        async throws(NetworkError) -> CursorPage<PostView, FeedCursor>
    {
        let limit = try context.limit(limit)
        let views = try await context.fromStore {
            try await store.homeFeed(userID: actor.id, order: order, after: after, limit: limit)
        }
        return Self.page(views, limit: limit, viewer: actor.id)
    }

    /// A user's posts.
    /// - Parameters:
    ///   - authorID: whose posts.
    ///   - order: newest first unless said otherwise.
    ///   - after: the previous page's ``CursorPage/next``, or `nil` for the first page.
    ///   - limit: the page size, or `nil` for the policy's.
    /// - Returns: a page of posts.
    /// - Throws: ``NetworkError/invalid(_:)`` for a page size out of range, ``NetworkError/notFound(_:)``
    ///   (``NetworkEntity/user``) when there is a block between the author and the signed-in user.
    public func posts(authorID: UserID, order: FeedOrder = .newest, after: FeedCursor? = nil, limit: Int? = nil)
        async throws(NetworkError) -> CursorPage<PostView, FeedCursor>
    {
        let limit = try context.limit(limit)
        try await context.requireNoBlock(between: actor.id, and: authorID, in: store, else: .user)
        let views = try await context.fromStore {
            try await store.posts(by: authorID, viewerID: actor.id, order: order, after: after, limit: limit)
        }
        return Self.page(views, limit: limit, viewer: actor.id)
    }

    /// Everyone's posts (but those of users the signed-in user mutes or who have a block with
    /// them) in a random order fixed by `seed`: the same seed gives the same order, so
    /// a client keeps one seed while paging and picks a new one to reshuffle.
    /// - Parameters:
    ///   - seed: the shuffle's seed.
    ///   - after: the previous page's ``CursorPage/next`` (ignored if made with another seed).
    ///   - limit: the page size, or `nil` for the policy's.
    /// - Returns: a page of posts.
    /// - Throws: ``NetworkError/invalid(_:)`` for a page size out of range.
    public func explore(seed: UInt64, after: ExploreCursor? = nil, limit: Int? = nil) async throws(NetworkError)
        -> CursorPage<PostView, ExploreCursor>
    {
        let limit = try context.limit(limit)
        let after = after?.seed == seed ? after : nil
        let views = try await context.fromStore {
            try await store.explore(viewerID: actor.id, seed: seed, after: after, limit: limit)
        }
        let shown = views.compactMap { $0.shown(to: actor.id)?.publicView }
        return CursorPage(items: shown, read: views, limit: limit) {
            ExploreCursor(seed: seed, rank: ExploreOrder.rank(seed: seed, postID: $0.post.id), postID: $0.post.id)
        }
    }

    /// A page of the views a store read for `viewer`, without what a content check holds from
    /// them (a page may then be short and still have more after it).
    static func page(_ views: [PostView], limit: Int, viewer: UserID) -> CursorPage<PostView, FeedCursor> {
        let shown = views.compactMap { $0.shown(to: viewer)?.publicView }
        return CursorPage(items: shown, read: views, limit: limit) { FeedCursor(after: $0.post) }
    }

    /// New posts of the users the signed-in user follows, as they are published, until the stream
    /// is dropped.
    /// - Returns: the stream.
    public func updates() -> AsyncStream<Post> {
        context.events.posts(for: actor.id)
    }
}
