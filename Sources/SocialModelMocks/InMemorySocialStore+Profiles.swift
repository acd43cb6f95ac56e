import Foundation
import SocialModel

extension InMemorySocialStore: ProfileStore {
    /// Replaces the avatar sizes and key.
    ///
    /// - Throws: `StoreError/notFound(entity:)` if the user does not exist.
    public func setAvatar(userID: UserID, key: String?, photos: [AvatarPhoto]) async throws(StoreError) {
        try withState { state throws(StoreError) in
            guard state.users[userID] != nil else { throw .notFound(entity: "user") }
            state.users[userID]?.avatar = key
            state.avatars[userID] = Dictionary(photos.map { ($0.size, $0) }, uniquingKeysWith: { $1 })
        }
    }

    /// One stored size of an avatar.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func avatarPhoto(userID: UserID, size: Int) async throws(StoreError) -> AvatarPhoto? {
        try withState { state in state.avatars[userID]?[size] }
    }

    /// Counts of a user's follows, posts and likes received.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func profileCounts(userID: UserID) async throws(StoreError) -> ProfileCounts {
        try withState { state in
            let posts = state.posts.values.filter { $0.authorID == userID }
            return ProfileCounts(
                followers: state.followers(of: userID).count, following: state.follows[userID]?.count ?? 0,
                posts: posts.count, likesReceived: posts.reduce(0) { $0 + (state.postLikes[$1.id]?.count ?? 0) })
        }
    }

    /// Users whose key starts with the prefix, by key.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func searchUsers(prefix: String, after: String?, limit: Int) async throws(StoreError) -> [User] {
        try withState { state in
            let keys = state.userByKey.keys.filter { $0.hasPrefix(prefix) && $0 > (after ?? "") }.sorted()
            return keys.prefix(max(0, limit)).compactMap { state.userByKey[$0].flatMap { state.users[$0] } }
        }
    }

    /// Follows or unfollows, with its notification.
    ///
    /// - Throws: `StoreError/missingReference` if either user does not exist.
    public func setFollow(
        followerID: UserID, followeeID: UserID, following: Bool, at date: Date, notification: NetworkNotification?
    ) async throws(StoreError) -> Bool {
        try withState { state throws(StoreError) in
            if following {
                try state.requireUser(followerID)
                try state.requireUser(followeeID)
            }
            return state.toggle(\.follows, followerID, followeeID, on: following, at: date, notification: notification)
        }
    }

    /// Whether one user follows another.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func isFollowing(followerID: UserID, followeeID: UserID) async throws(StoreError) -> Bool {
        try withState { state in state.follows[followerID]?[followeeID] != nil }
    }

    /// Which of the candidates follow a user.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func followers(of followeeID: UserID, among candidates: [UserID]) async throws(StoreError) -> Set<UserID> {
        try withState { state in Set(candidates.filter { state.follows[$0]?[followeeID] != nil }) }
    }

    /// A user's followers, most recent first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func followers(of userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser] {
        try withState { state in Self.datedUsers(state.followers(of: userID), state, after, limit) }
    }

    /// The people a user follows, most recent first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func followees(of userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser] {
        try withState { state in Self.datedUsers(state.follows[userID] ?? [:], state, after, limit) }
    }

    /// Users with the dates that put them in a list, newest first.
    static func datedUsers(_ dates: [UserID: Date], _ state: State, _ after: KeysetCursor?, _ limit: Int)
        -> [DatedUser]
    {
        let entries = dates.compactMap { id, date in state.users[id].map { DatedUser(user: $0, date: date) } }
        return InMemoryPaging.keyset(entries, date: \.date, id: \.user.id.rawValue, after: after, limit: limit)
    }
}
