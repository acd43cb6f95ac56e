import Foundation

/// Profiles with their counts, avatars, follows and user search, as one signed-in user sees and
/// changes them. Get it from ``NetworkSession/profiles``.
public struct ProfileService: Sendable {
    let store: any ProfileStore & UserStore & SafetyStore
    let context: NetworkContext
    /// The signed-in user.
    public let actor: User

    /// A user's profile (with the email address only on one's own).
    /// - Parameter userID: whose profile.
    /// - Returns: the profile with its counts and whether the signed-in user follows them.
    /// - Throws: ``NetworkError/notFound(_:)`` for an unknown user, or one with a block between
    ///   them and the signed-in user.
    public func profile(userID: UserID) async throws(NetworkError) -> Profile {
        let user = try await context.existingUser(userID, in: store)
        try await context.requireNoBlock(between: actor.id, and: userID, in: store, else: .user)
        let counts = try await context.fromStore { try await store.profileCounts(userID: userID) }
        let follows = try await context.fromStore {
            try await store.isFollowing(followerID: actor.id, followeeID: userID)
        }
        return Profile(user: actor.id == userID ? user : user.publicView, counts: counts, followedByViewer: follows)
    }

    /// Sets the signed-in user's avatar: the photo is turned upright, cropped to a centred square
    /// and stored at each of the policy's sizes without metadata.
    /// - Parameter photo: the upload.
    /// - Returns: the user with the new avatar key.
    /// - Throws: ``NetworkError/photo(_:)`` for a photo that cannot be used.
    public func setAvatar(photo: Data) async throws(NetworkError) -> User {
        let squares: [Int: Data]
        do {
            squares = try await context.photos.squares(
                photo, sizes: context.policy.avatarSizes, pixelLimit: context.policy.photoPixelLimit)
        } catch {
            throw .photo(error)
        }
        let photos = squares.map { AvatarPhoto(userID: actor.id, size: $0.key, jpeg: $0.value) }
        // A fresh key per upload, so caches of the old avatar miss.
        let key = "avatars/\(actor.id.rawValue)/\(SecretToken.generate().rawValue.prefix(12))"
        try await context.fromStore { try await store.setAvatar(userID: actor.id, key: key, photos: photos) }
        var updated = actor
        updated.avatar = key
        return updated
    }

    /// Removes the signed-in user's avatar.
    /// - Throws: ``NetworkError/storage(_:)`` when the store fails.
    public func removeAvatar() async throws(NetworkError) {
        try await context.fromStore { try await store.setAvatar(userID: actor.id, key: nil, photos: []) }
    }

    /// Follows a user; following twice changes nothing. The followed user is notified of a new
    /// follow. A user with a block between them and the signed-in user is not found.
    /// - Parameter userID: whom to follow.
    /// - Throws: ``NetworkError/selfAction``, ``NetworkError/notFound(_:)``.
    public func follow(userID: UserID) async throws(NetworkError) {
        try await setFollow(userID, following: true)
    }

    /// Stops following a user (and takes the follow's notification back); doing it twice changes nothing.
    /// - Parameter userID: whom to stop following.
    /// - Throws: ``NetworkError/selfAction``, ``NetworkError/notFound(_:)``.
    public func unfollow(userID: UserID) async throws(NetworkError) {
        try await setFollow(userID, following: false)
    }

    func setFollow(_ userID: UserID, following: Bool) async throws(NetworkError) {
        guard actor.id != userID else { throw .selfAction }
        _ = try await context.existingUser(userID, in: store)
        if following { try await context.requireNoBlock(between: actor.id, and: userID, in: store, else: .user) }
        try await Self.setFollow(from: actor.id, to: userID, following: following, in: store, context)
    }

    /// Makes one user follow (or stop following) another, with the follow's notification (a new
    /// follow's, or the one an ended follow takes back): the one place a follow changes, for a
    /// follow and for the follows a block ends.
    static func setFollow(
        from followerID: UserID, to followeeID: UserID, following: Bool, in store: any ProfileStore & SafetyStore,
        _ context: NetworkContext
    ) async throws(NetworkError) {
        let notification = context.notification(to: followeeID, from: followerID, .follow)
        let changed: Bool
        do {
            changed = try await store.setFollow(
                followerID: followerID, followeeID: followeeID, following: following, at: context.now,
                notification: notification)
        } catch .missingReference {
            throw .notFound(.user)
        } catch {
            throw .storage(error)
        }
        if changed, following, let notification { await context.events.publish(notification, unlessHiddenIn: store) }
    }

    /// The people who follow a user, most recent first.
    /// - Parameters:
    ///   - userID: whose followers.
    ///   - after: the previous page's ``CursorPage/next``, or `nil` for the first page.
    ///   - limit: the page size, or `nil` for the policy's.
    /// - Returns: a page of followers.
    /// - Throws: ``NetworkError/invalid(_:)`` for a page size out of range, ``NetworkError/notFound(_:)``
    ///   when there is a block between the user and the signed-in user.
    public func followers(userID: UserID, after: KeysetCursor? = nil, limit: Int? = nil) async throws(NetworkError)
        -> CursorPage<DatedUser, KeysetCursor>
    {
        let limit = try context.limit(limit)
        try await context.requireNoBlock(between: actor.id, and: userID, in: store, else: .user)
        let users = try await context.fromStore { try await store.followers(of: userID, after: after, limit: limit) }
        return CursorPage(items: users.map(\.publicView), limit: limit, cursor: \.cursor)
    }

    /// The people a user follows, most recently followed first.
    /// - Parameters:
    ///   - userID: whose follows.
    ///   - after: the previous page's ``CursorPage/next``, or `nil` for the first page.
    ///   - limit: the page size, or `nil` for the policy's.
    /// - Returns: a page of the people followed.
    /// - Throws: ``NetworkError/invalid(_:)`` for a page size out of range, ``NetworkError/notFound(_:)``
    ///   when there is a block between the user and the signed-in user.
    public func following(userID: UserID, after: KeysetCursor? = nil, limit: Int? = nil) async throws(NetworkError)
        -> CursorPage<DatedUser, KeysetCursor>
    {
        let limit = try context.limit(limit)
        try await context.requireNoBlock(between: actor.id, and: userID, in: store, else: .user)
        let users = try await context.fromStore { try await store.followees(of: userID, after: after, limit: limit) }
        return CursorPage(items: users.map(\.publicView), limit: limit, cursor: \.cursor)
    }

    /// Users whose username starts with `prefix` (ignoring case), alphabetically, without those
    /// with a block between them and the signed-in user (so a page may be short and still have a
    /// next one).
    /// - Parameters:
    ///   - prefix: the start of a username; blank finds no one.
    ///   - after: the previous page's ``CursorPage/next``, or `nil` for the first page.
    ///   - limit: the page size, or `nil` for the policy's.
    /// - Returns: a page of users.
    /// - Throws: ``NetworkError/invalid(_:)`` for a page size out of range.
    public func search(usernamePrefix prefix: String, after: String? = nil, limit: Int? = nil)
        async throws(NetworkError) -> CursorPage<User, String>
    {
        let limit = try context.limit(limit)
        let key = User.usernameKey(for: prefix.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !key.isEmpty else { return CursorPage(items: [], next: nil) }
        let users = try await context.fromStore { try await store.searchUsers(prefix: key, after: after, limit: limit) }
        let visible = try await context.withoutBlocked(users, of: actor.id, user: \.id, in: store)
        return CursorPage(items: visible.map(\.publicView), read: users, limit: limit, cursor: \.usernameKey)
    }
}
