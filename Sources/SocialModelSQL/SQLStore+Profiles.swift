import Foundation
import SocialModel

// The profile, follow, block and mute requirements, written once for both SQL stores.

extension ProfileStore where Self: SQLBackedStore {
    /// Replaces the avatar sizes and the user's avatar key in one transaction.
    ///
    /// - Throws: `StoreError/notFound(entity:)` if the user does not exist.
    public func setAvatar(userID: UserID, key: String?, photos: [AvatarPhoto]) async throws(StoreError) {
        try await sql.transaction(
            [
                SQLStep(ProfileSQL.setAvatar(key, userID: userID), unlessChanged: .notFound(entity: "user")),
                SQLStep(PhotoSQL.avatars.deleteAll(userID.rawValue)),
            ] + photos.map { SQLStep(PhotoSQL.avatars.insert(userID.rawValue, size: $0.size, jpeg: $0.jpeg)) })
    }

    /// One stored size of a user's avatar.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func avatarPhoto(userID: UserID, size: Int) async throws(StoreError) -> AvatarPhoto? {
        try await sql.fetchOne(PhotoSQL.avatars.photo(userID.rawValue, size: size)) {
            AvatarPhoto(userID: userID, size: size, jpeg: try $0.data())
        }
    }

    /// Counts read from indexes in one statement: follows both ways, posts and the sum of their likes.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func profileCounts(userID: UserID) async throws(StoreError) -> ProfileCounts {
        try await sql.fetchOne(ProfileSQL.counts(userID: userID)) {
            ProfileCounts(
                followers: try $0.int(), following: try $0.int(), posts: try $0.int(), likesReceived: try $0.int())
        } ?? ProfileCounts()
    }

    /// Usernames in the key range [prefix, prefix + DEL), read from the unique index
    /// (``ProfileSQL/search(prefix:after:limit:)``).
    ///
    /// - Throws: `StoreError` when the store fails.
    public func searchUsers(prefix: String, after: String?, limit: Int) async throws(StoreError) -> [User] {
        try await sql.fetch(ProfileSQL.search(prefix: prefix, after: after, limit: limit)) { try $0.user() }
    }

    /// Follows or unfollows, with its notification, in one transaction.
    ///
    /// - Throws: `StoreError/missingReference` if either user does not exist.
    public func setFollow(
        followerID: UserID, followeeID: UserID, following: Bool, at date: Date, notification: NetworkNotification?
    ) async throws(StoreError) -> Bool {
        try await sql.toggle(
            following, LinkSQL.follows, followerID.rawValue, followeeID.rawValue, at: date, notification)
    }

    /// Whether one user follows another.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func isFollowing(followerID: UserID, followeeID: UserID) async throws(StoreError) -> Bool {
        try await sql.fetchOne(LinkSQL.follows.exists(followerID.rawValue, followeeID.rawValue)) { try $0.bool() }
            ?? false
    }

    /// Which of the candidates follow a user, in one query: the candidates are one argument read
    /// as a table (`follower_id = ANY(…)` made PostgreSQL spend about 4 ms planning a thousand
    /// candidates, against 0.3 ms this way), so the statement stays the same whatever their number.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func followers(of followeeID: UserID, among candidates: [UserID]) async throws(StoreError) -> Set<UserID> {
        guard !candidates.isEmpty else { return [] }
        return try await sql.ids(LinkSQL.follows.linked(to: followeeID.rawValue, among: candidates.map(\.rawValue)))
    }

    /// A user's followers, most recent first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func followers(of userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser] {
        try await sql.fetch(LinkSQL.followers.users(of: userID.rawValue, after: after, limit: limit)) {
            try $0.datedUser()
        }
    }

    /// The people a user follows, most recent first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func followees(of userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser] {
        try await sql.fetch(LinkSQL.follows.users(of: userID.rawValue, after: after, limit: limit)) {
            try $0.datedUser()
        }
    }
}

extension SafetyStore where Self: SQLBackedStore {
    /// Blocks or unblocks; the follows a block ends are the service's to end.
    ///
    /// - Throws: `StoreError/missingReference` if either user does not exist.
    public func setBlock(blockerID: UserID, blockedID: UserID, blocking: Bool, at date: Date) async throws(StoreError)
        -> Bool
    {
        try await sql.toggle(blocking, LinkSQL.blocks, blockerID.rawValue, blockedID.rawValue, at: date, nil)
    }

    /// Mutes (or changes a mute's reach) with one upsert, or unmutes.
    ///
    /// - Throws: `StoreError/missingReference` if either user does not exist.
    public func setMute(muterID: UserID, mutedID: UserID, hidingNotifications mute: Bool?, at date: Date)
        async throws(StoreError) -> Bool
    {
        let statement = ProfileSQL.mute(muterID, mutedID, notifications: mute ?? false, at: date)
        return try await sql.toggle(
            mute != nil, add: statement, remove: LinkSQL.mutes.remove(muterID.rawValue, mutedID.rawValue),
            notification: nil)
    }

    /// The candidates with a block either way, in one query (the candidates as one argument).
    ///
    /// - Throws: `StoreError` when the store fails.
    public func blocked(with userID: UserID, among candidates: [UserID]) async throws(StoreError) -> Set<UserID> {
        guard !candidates.isEmpty else { return [] }
        return try await sql.ids(ProfileSQL.blocked(with: userID, among: candidates.map(\.rawValue)))
    }

    /// The viewers the shared predicate hides `otherID` from, in one query (the viewers as one
    /// argument read as a table; each is the predicate's viewer in turn).
    ///
    /// - Throws: `StoreError` when the store fails.
    public func viewers(_ viewers: [UserID], hiding otherID: UserID, _ scope: SafetyScope) async throws(StoreError)
        -> Set<UserID>
    {
        guard !viewers.isEmpty else { return [] }
        return try await sql.ids(ProfileSQL.viewers(viewers.map(\.rawValue), hiding: otherID, SafetySQL.Scope(scope)))
    }

    /// The people a user blocks, most recent first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func blocks(by userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser] {
        try await sql.fetch(LinkSQL.blocks.users(of: userID.rawValue, after: after, limit: limit)) {
            try $0.datedUser()
        }
    }

    /// The people a user mutes, most recent first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func mutes(by userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [Mute] {
        try await sql.fetch(
            LinkSQL.mutes.users(of: userID.rawValue, after: after, limit: limit, extra: "l.notifications")
        ) {
            Mute(user: try $0.user(), date: try $0.date(), hidesNotifications: try $0.bool())
        }
    }
}

extension SQLExecutor {
    /// Adds or removes one `link` from `from` to `to`, with its notification (see
    /// ``toggle(_:add:remove:notification:)``).
    package func toggle(
        _ on: Bool, _ link: LinkSQL, _ from: String, _ to: String, at date: Date,
        _ notification: NetworkNotification?
    ) async throws(StoreError) -> Bool {
        try await toggle(
            on, add: link.add(from, to, at: date), remove: link.remove(from, to), notification: notification)
    }

    /// The user ids a statement selects, as a set.
    package func ids(_ statement: SQLStatement) async throws(StoreError) -> Set<UserID> {
        Set(try await fetch(statement) { UserID(rawValue: try $0.string()) })
    }
}
