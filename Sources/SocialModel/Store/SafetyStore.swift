import Foundation

/// Persists blocks and mutes between users.
///
/// It keeps data only. What a block or a mute means — a block ends follows, refuses every
/// interaction and hides each user from the other; a mute hides the muted user's posts (and,
/// when it says so, notifications) from the muter's feeds — is decided by the services
/// (``SafetyService`` and the services it guards) and, where a feed must filter inside its
/// query, by the one SQL predicate the SQL stores share. Deleting a user deletes their blocks
/// and mutes, both ways.
public protocol SafetyStore: Sendable {
    /// Makes `blockerID` block (or stop blocking) `blockedID`; doing it twice changes nothing.
    /// - Parameters:
    ///   - blockerID: who blocks.
    ///   - blockedID: who is blocked.
    ///   - blocking: whether the block exists afterwards.
    ///   - date: when.
    /// - Returns: whether the block changed.
    /// - Throws: ``StoreError/missingReference`` if either user does not exist.
    func setBlock(blockerID: UserID, blockedID: UserID, blocking: Bool, at date: Date) async throws(StoreError)
        -> Bool
    /// Makes `muterID` mute `mutedID` (with or without their notifications), or stop muting
    /// them (`mute` `nil`); setting what is already set changes nothing.
    /// - Parameters:
    ///   - muterID: who mutes.
    ///   - mutedID: who is muted.
    ///   - mute: `nil` to unmute; otherwise whether the mute hides notifications too.
    ///   - date: when (a changed mute keeps its first date).
    /// - Returns: whether the mute changed.
    /// - Throws: ``StoreError/missingReference`` if either user does not exist.
    func setMute(muterID: UserID, mutedID: UserID, hidingNotifications mute: Bool?, at date: Date)
        async throws(StoreError) -> Bool
    /// Which of `candidates` have a block with `userID`, in either direction.
    /// - Parameters:
    ///   - userID: one side.
    ///   - candidates: the other sides; unknown users and repeats are allowed.
    /// - Returns: the candidates that block `userID` or that `userID` blocks.
    /// - Throws: ``StoreError`` when the store fails.
    func blocked(with userID: UserID, among candidates: [UserID]) async throws(StoreError) -> Set<UserID>
    /// The people a user blocks, most recently blocked first (ties by user id, descending).
    /// - Parameters:
    ///   - userID: who blocks.
    ///   - after: the cursor of the previous page's last entry, or `nil`.
    ///   - limit: the most to return.
    /// - Returns: the blocked users with the dates of their blocks.
    /// - Throws: ``StoreError`` when the store fails.
    func blocks(by userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [DatedUser]
    /// The people a user mutes, most recently muted first (ties by user id, descending).
    /// - Parameters:
    ///   - userID: who mutes.
    ///   - after: the cursor of the previous page's last entry, or `nil`.
    ///   - limit: the most to return.
    /// - Returns: the mutes.
    /// - Throws: ``StoreError`` when the store fails.
    func mutes(by userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [Mute]
    /// Which of `viewers` do not see `otherID`'s rows of `scope`: what the feeds and notification
    /// lists leave out inside their queries (the one predicate the SQL stores share), asked for the
    /// rows that live updates push. A viewer is left out by a block with `otherID` either way and
    /// by a mute of `otherID` (for ``SafetyScope/notifications``, a mute that hides notifications).
    /// - Parameters:
    ///   - viewers: who would be told; unknown users and repeats are allowed.
    ///   - otherID: the author of the post, or the actor of the notification.
    ///   - scope: which kind of row.
    /// - Returns: the viewers `otherID`'s rows of `scope` are hidden from.
    /// - Throws: ``StoreError`` when the store fails.
    func viewers(_ viewers: [UserID], hiding otherID: UserID, _ scope: SafetyScope) async throws(StoreError)
        -> Set<UserID>
}

/// The kinds of row a block or a mute hides from a viewer (``SafetyStore/viewers(_:hiding:_:)``).
public enum SafetyScope: Sendable, Hashable {
    /// Posts in the feeds: hidden by a block either way or by any mute of their author.
    case posts
    /// Notifications: hidden by a block either way or by a mute that hides notifications.
    case notifications
}
