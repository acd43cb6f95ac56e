import Foundation

/// Persists what a profile shows: avatars, follows and the counts, and finds users by name.
///
/// Lists take a cursor (the last item of the previous page, or `nil` for the first page) and a
/// limit, and order by a key that ends in an id, so pages never overlap or skip while items are
/// added.
public protocol ProfileStore: Sendable {
    /// Replaces a user's avatar sizes and sets ``User/avatar`` to `key` (`nil` and no photos removes it).
    /// - Parameters:
    ///   - userID: the user's id.
    ///   - key: the new avatar key, or `nil`.
    ///   - photos: the avatar's sizes.
    /// - Throws: ``StoreError/notFound(entity:)`` if the user does not exist.
    func setAvatar(userID: UserID, key: String?, photos: [AvatarPhoto]) async throws(StoreError)
    /// One stored size of a user's avatar.
    /// - Parameters:
    ///   - userID: the user's id.
    ///   - size: the side in pixels.
    /// - Returns: the photo, or `nil`.
    /// - Throws: ``StoreError`` when the store fails.
    func avatarPhoto(userID: UserID, size: Int) async throws(StoreError) -> AvatarPhoto?
    /// Followers, following, posts and likes received of a user (zeros for an unknown user).
    /// - Parameter userID: the user's id.
    /// - Returns: the counts.
    /// - Throws: ``StoreError`` when the store fails.
    func profileCounts(userID: UserID) async throws(StoreError) -> ProfileCounts
    /// Users whose ``User/usernameKey`` starts with `prefix` (already case-folded), ordered by
    /// that key, after the key `after`.
    /// - Parameters:
    ///   - prefix: the case-folded prefix.
    ///   - after: the last key of the previous page, or `nil`.
    ///   - limit: the most to return.
    /// - Returns: the users.
    /// - Throws: ``StoreError`` when the store fails.
    func searchUsers(prefix: String, after: String?, limit: Int) async throws(StoreError) -> [User]

    /// Makes `followerID` follow (or stop following) `followeeID`; doing it twice changes
    /// nothing. A new follow stores `notification` with it; an unfollow removes the notifications
    /// that match `notification` (see ``NetworkNotification/matches(_:)``).
    /// - Parameters:
    ///   - followerID: who follows.
    ///   - followeeID: who is followed.
    ///   - following: whether the follow exists afterwards.
    ///   - date: when.
    ///   - notification: the follow's notification, or `nil` for none.
    /// - Returns: whether the follow changed.
    /// - Throws: ``StoreError/missingReference`` if either user does not exist.
    func setFollow(
        followerID: UserID, followeeID: UserID, following: Bool, at date: Date, notification: NetworkNotification?
    ) async throws(StoreError) -> Bool
    /// Whether `followerID` follows `followeeID`.
    /// - Parameters:
    ///   - followerID: who may follow.
    ///   - followeeID: who may be followed.
    /// - Returns: whether the follow exists.
    /// - Throws: ``StoreError`` when the store fails.
    func isFollowing(followerID: UserID, followeeID: UserID) async throws(StoreError) -> Bool
    /// Which of `candidates` follow `followeeID`: the question live updates ask about every
    /// subscribed user when a post arrives, answered at once rather than once per user.
    ///
    /// The default asks ``isFollowing(followerID:followeeID:)`` once per candidate; the shipped
    /// stores answer in one query.
    /// - Parameters:
    ///   - followeeID: who may be followed.
    ///   - candidates: who may follow; unknown users and repeats are allowed.
    /// - Returns: the candidates who follow `followeeID`.
    /// - Throws: ``StoreError`` when the store fails.
    func followers(of followeeID: UserID, among candidates: [UserID]) async throws(StoreError) -> Set<UserID>
    /// The people who follow a user, most recent first (ties by user id, descending).
    /// - Parameters:
    ///   - userID: the user's id.
    ///   - after: the cursor of the previous page's last entry, or `nil`.
    ///   - limit: the most to return.
    /// - Returns: the followers with the dates they followed.
    /// - Throws: ``StoreError`` when the store fails.
    func followers(of userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser]
    /// The people a user follows, most recently followed first (ties by user id, descending).
    /// - Parameters:
    ///   - userID: the user's id.
    ///   - after: the cursor of the previous page's last entry, or `nil`.
    ///   - limit: the most to return.
    /// - Returns: the people followed with the dates.
    /// - Throws: ``StoreError`` when the store fails.
    func followees(of userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser]
}

extension ProfileStore {
    /// Which of `candidates` follow `followeeID`, one ``isFollowing(followerID:followeeID:)`` at a time.
    ///
    /// - Throws: ``StoreError`` when the store fails.
    public func followers(of followeeID: UserID, among candidates: [UserID]) async throws(StoreError) -> Set<UserID> {
        var followers: Set<UserID> = []
        for candidate in Set(candidates) where try await isFollowing(followerID: candidate, followeeID: followeeID) {
            followers.insert(candidate)
        }
        return followers
    }
}
