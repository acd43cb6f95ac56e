import Foundation
import SocialModel

extension InMemorySocialStore: FeedStore {
    /// A user's posts in order.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func posts(by authorID: UserID, viewerID: UserID, order: FeedOrder, after: FeedCursor?, limit: Int)
        async throws(StoreError) -> [PostView]
    {
        try withState { state in Self.feed(state, viewerID, order, after, limit) { $0 == authorID } }
    }

    /// The user's and their followees' posts in order.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func homeFeed(userID: UserID, order: FeedOrder, after: FeedCursor?, limit: Int) async throws(StoreError)
        -> [PostView]
    {
        try withState { state in
            let followed = state.follows[userID] ?? [:]
            return Self.feed(state, userID, order, after, limit) { $0 == userID || followed[$0] != nil }
        }
    }

    /// Everyone's posts by seeded rank.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func explore(viewerID: UserID, seed: UInt64, after: ExploreCursor?, limit: Int) async throws(StoreError)
        -> [PostView]
    {
        try withState { state in
            let ranked = state.posts.keys.map { (rank: ExploreOrder.rank(seed: seed, postID: $0), id: $0.rawValue) }
                .filter { entry in after.map { (entry.rank, entry.id) > ($0.rank, $0.postID.rawValue) } ?? true }
                .sorted { ($0.rank, $0.id) < ($1.rank, $1.id) }
            let page = ranked.prefix(max(0, limit)).compactMap { state.post(PostID(rawValue: $0.id)) }
            return Self.views(page, viewerID, state)
        }
    }

    static func feed(
        _ state: State, _ viewerID: UserID, _ order: FeedOrder, _ after: FeedCursor?, _ limit: Int,
        authors: (UserID) -> Bool
    ) -> [PostView] {
        let posts = state.posts.keys.compactMap { state.post($0) }
            .filter { authors($0.authorID) && InMemoryPaging.isAfter($0, after, order) }
            .sorted { InMemoryPaging.precedes($0, $1, order) }
        return views(Array(posts.prefix(max(0, limit))), viewerID, state)
    }
}
