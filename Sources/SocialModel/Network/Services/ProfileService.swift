import Foundation

/// Profiles with their counts, avatars, follows and user search.
public struct ProfileService: Sendable {
    let context: NetworkContext

    /// A user's profile as the acting user sees it (email only on one's own).
    public func profile(_ token: SecretToken, of userID: UserID) async throws(NetworkError) -> Profile {
        let viewer = try await context.actor(token)
        let user = try await context.existingUser(userID)
        let store = context.store
        let counts = try await context.fromStore { try await store.profileCounts(userID: userID) }
        let follows = try await context.fromStore {
            try await store.isFollowing(followerID: viewer.id, followeeID: userID)
        }
        return Profile(user: viewer.id == userID ? user : user.publicView, counts: counts, followedByViewer: follows)
    }

    /// Sets the acting user's avatar: the photo is turned upright, cropped to a centred square and
    /// stored at each of the policy's sizes without metadata. Returns the user with the new key.
    public func setAvatar(_ token: SecretToken, photo: Data) async throws(NetworkError) -> User {
        let user = try await context.actor(token)
        let processor = SquarePhotoProcessor(
            sizes: context.policy.avatarSizes, pixelLimit: context.policy.photoPixelLimit)
        let squares: [Int: Data]
        do {
            squares = try processor.process(photo)
        } catch {
            throw .photo(error)
        }
        let photos = squares.map { AvatarPhoto(userID: user.id, size: $0.key, jpeg: $0.value) }
        // A fresh key per upload, so caches of the old avatar miss.
        let key = "avatars/\(user.id.rawValue)/\(SecretToken.generate().rawValue.prefix(12))"
        let store = context.store
        try await context.fromStore { try await store.setAvatar(userID: user.id, key: key, photos: photos) }
        var updated = user
        updated.avatar = key
        return updated
    }

    /// Removes the acting user's avatar.
    public func removeAvatar(_ token: SecretToken) async throws(NetworkError) {
        let user = try await context.actor(token)
        let store = context.store
        try await context.fromStore { try await store.setAvatar(userID: user.id, key: nil, photos: []) }
    }

    /// A user's avatar at one of the policy's sizes, as JPEG.
    public func avatar(of userID: UserID, size: Int) async throws(NetworkError) -> Data {
        let store = context.store
        guard let photo = try await context.fromStore({ try await store.avatarPhoto(userID: userID, size: size) })
        else { throw .notFound(.photo) }
        return photo.jpeg
    }

    /// The acting user follows another; following twice changes nothing. The followed user is
    /// notified of a new follow.
    /// - Throws: ``NetworkError/selfAction``, ``NetworkError/notFound(_:)``.
    public func follow(_ token: SecretToken, _ userID: UserID) async throws(NetworkError) {
        try await setFollow(token, userID, following: true)
    }

    /// The acting user stops following another; doing it twice changes nothing.
    public func unfollow(_ token: SecretToken, _ userID: UserID) async throws(NetworkError) {
        try await setFollow(token, userID, following: false)
    }

    func setFollow(_ token: SecretToken, _ userID: UserID, following: Bool) async throws(NetworkError) {
        let actor = try await context.actor(token)
        guard actor.id != userID else { throw .selfAction }
        _ = try await context.existingUser(userID)
        let notification = context.notification(to: userID, from: actor.id, .follow)
        let store = context.store
        let changed: Bool
        do {
            changed = try await store.setFollow(
                followerID: actor.id, followeeID: userID, following: following, at: context.now,
                notification: notification)
        } catch .missingReference {
            throw .notFound(.user)
        } catch {
            throw .storage(error)
        }
        if changed && following { context.events.publish(notification) }
    }

    /// The people who follow a user, most recent first.
    public func followers(_ token: SecretToken, of userID: UserID, after: KeysetCursor? = nil, limit: Int? = nil)
        async throws(NetworkError) -> CursorPage<DatedUser, KeysetCursor>
    {
        try await followList(token, limit) { store, limit in
            try await store.followers(of: userID, after: after, limit: limit)
        }
    }

    /// The people a user follows, most recently followed first.
    public func following(_ token: SecretToken, of userID: UserID, after: KeysetCursor? = nil, limit: Int? = nil)
        async throws(NetworkError) -> CursorPage<DatedUser, KeysetCursor>
    {
        try await followList(token, limit) { store, limit in
            try await store.followees(of: userID, after: after, limit: limit)
        }
    }

    func followList(
        _ token: SecretToken, _ limit: Int?, _ fetch: (any SocialStore, Int) async throws -> [DatedUser]
    ) async throws(NetworkError) -> CursorPage<DatedUser, KeysetCursor> {
        _ = try await context.actor(token)
        let limit = try context.limit(limit)
        let store = context.store
        let users = try await context.fromStore { try await fetch(store, limit) }
        return Self.page(users, limit: limit)
    }

    /// Users whose username starts with `prefix` (ignoring case), alphabetically.
    public func search(_ token: SecretToken, usernamePrefix prefix: String, after: String? = nil, limit: Int? = nil)
        async throws(NetworkError) -> CursorPage<User, String>
    {
        _ = try await context.actor(token)
        let limit = try context.limit(limit)
        let key = User.usernameKey(for: prefix.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !key.isEmpty else { return CursorPage(items: [], next: nil) }
        let store = context.store
        let users = try await context.fromStore { try await store.searchUsers(prefix: key, after: after, limit: limit) }
        return CursorPage(items: users.map(\.publicView), next: users.count == limit ? users.last?.usernameKey : nil)
    }

    static func page(_ users: [DatedUser], limit: Int) -> CursorPage<DatedUser, KeysetCursor> {
        let items = users.map { DatedUser(user: $0.user.publicView, date: $0.date) }
        return CursorPage(items: items, next: users.count == limit ? users.last?.cursor : nil)
    }
}
