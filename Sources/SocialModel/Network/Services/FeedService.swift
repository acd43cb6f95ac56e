/// The home feed, explore and a user's own posts, with cursor pagination.
public struct FeedService: Sendable {
    let context: NetworkContext

    /// The acting user's posts and those of the people they follow, newest first unless `order`
    /// says otherwise. Pass the page's ``CursorPage/next`` to get the next page; posts published
    /// meanwhile never shift a page.
    public func home(_ token: SecretToken, order: FeedOrder = .newest, after: FeedCursor? = nil, limit: Int? = nil)
        async throws(NetworkError) -> CursorPage<PostView, FeedCursor>
    {
        let viewer = try await context.actor(token)
        let limit = try context.limit(limit)
        let store = context.store
        let views = try await context.fromStore {
            try await store.homeFeed(userID: viewer.id, order: order, after: after, limit: limit)
        }
        return Self.page(views, limit: limit)
    }

    /// A user's posts as the acting user sees them.
    public func posts(
        _ token: SecretToken, by userID: UserID, order: FeedOrder = .newest, after: FeedCursor? = nil,
        limit: Int? = nil
    ) async throws(NetworkError) -> CursorPage<PostView, FeedCursor> {
        let viewer = try await context.actor(token)
        let limit = try context.limit(limit)
        let store = context.store
        let views = try await context.fromStore {
            try await store.posts(by: userID, viewerID: viewer.id, order: order, after: after, limit: limit)
        }
        return Self.page(views, limit: limit)
    }

    /// Everyone's posts in a random order fixed by `seed`: the same seed gives the same order, so
    /// a client keeps one seed while paging and picks a new one to reshuffle.
    public func explore(_ token: SecretToken, seed: UInt64, after: ExploreCursor? = nil, limit: Int? = nil)
        async throws(NetworkError) -> CursorPage<PostView, ExploreCursor>
    {
        let viewer = try await context.actor(token)
        let limit = try context.limit(limit)
        let after = after?.seed == seed ? after : nil
        let store = context.store
        let views = try await context.fromStore {
            try await store.explore(viewerID: viewer.id, seed: seed, after: after, limit: limit)
        }
        let next = views.last.map {
            ExploreCursor(seed: seed, rank: ExploreOrder.rank(seed: seed, postID: $0.post.id), postID: $0.post.id)
        }
        return CursorPage(items: views.map(\.publicView), next: views.count == limit ? next : nil)
    }

    static func page(_ views: [PostView], limit: Int) -> CursorPage<PostView, FeedCursor> {
        CursorPage(
            items: views.map(\.publicView),
            next: views.count == limit ? views.last.map { FeedCursor(after: $0.post) } : nil)
    }
}
