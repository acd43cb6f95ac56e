import Foundation

/// Blocks and mutes, for one signed-in user. Get it from ``NetworkSession/safety``.
///
/// A **block**, made by either user, keeps two users apart: neither can see the other's profile,
/// posts, followers or follows (they are not found, exactly as if they did not exist, so a block
/// is not revealed), follow, message, like or comment on the other; each disappears from the
/// other's home feed, explore, search and notifications (notifications already received from the
/// other are hidden too). Making a block ends the follows between them, both ways. Ending it
/// restores nothing.
///
/// A **mute** hides the muted user's posts from the muter's home feed and explore and, when it
/// says so, their notifications; their profile stays visible, and they are not told.
public struct SafetyService: Sendable {
    let store: any SafetyStore & ProfileStore & UserStore
    let context: NetworkContext
    /// The signed-in user.
    public let actor: User

    /// Blocks a user and ends the follows between the two, both ways (with their notifications);
    /// blocking twice changes nothing.
    /// - Parameter userID: whom to block.
    /// - Throws: ``NetworkError/selfAction``, ``NetworkError/notFound(_:)`` for an unknown user.
    public func block(userID: UserID) async throws(NetworkError) {
        try await requireOther(userID)
        try await set { () async throws(StoreError) in
            try await store.setBlock(blockerID: actor.id, blockedID: userID, blocking: true, at: context.now)
        }
        // After the block is stored, so a follow attempted meanwhile is refused or ended here.
        try await ProfileService.setFollow(from: actor.id, to: userID, following: false, in: store, context)
        try await ProfileService.setFollow(from: userID, to: actor.id, following: false, in: store, context)
    }

    /// Ends a block; the follows it ended stay ended. Unblocking twice changes nothing.
    /// - Parameter userID: whom to unblock.
    /// - Throws: ``NetworkError/selfAction``, ``NetworkError/notFound(_:)`` for an unknown user.
    public func unblock(userID: UserID) async throws(NetworkError) {
        try await requireOther(userID)
        try await set { () async throws(StoreError) in
            try await store.setBlock(blockerID: actor.id, blockedID: userID, blocking: false, at: context.now)
        }
    }

    /// Mutes a user, or changes what an existing mute hides; the muted user is not told.
    /// - Parameters:
    ///   - userID: whom to mute.
    ///   - hidingNotifications: whether their notifications are hidden too (their posts always are).
    /// - Throws: ``NetworkError/selfAction``, ``NetworkError/notFound(_:)`` for an unknown user.
    public func mute(userID: UserID, hidingNotifications: Bool = false) async throws(NetworkError) {
        try await requireOther(userID)
        try await set { () async throws(StoreError) in
            try await store.setMute(
                muterID: actor.id, mutedID: userID, hidingNotifications: hidingNotifications, at: context.now)
        }
    }

    /// Ends a mute; unmuting twice changes nothing.
    /// - Parameter userID: whom to unmute.
    /// - Throws: ``NetworkError/selfAction``, ``NetworkError/notFound(_:)`` for an unknown user.
    public func unmute(userID: UserID) async throws(NetworkError) {
        try await requireOther(userID)
        try await set { () async throws(StoreError) in
            try await store.setMute(muterID: actor.id, mutedID: userID, hidingNotifications: nil, at: context.now)
        }
    }

    /// The users the signed-in user blocks, most recently blocked first.
    /// - Parameters:
    ///   - after: the previous page's ``CursorPage/next``, or `nil` for the first page.
    ///   - limit: the page size, or `nil` for the policy's.
    /// - Returns: a page of blocked users with the dates of the blocks.
    /// - Throws: ``NetworkError/invalid(_:)`` for a page size out of range.
    public func blocks(after: KeysetCursor? = nil, limit: Int? = nil) async throws(NetworkError)
        -> CursorPage<DatedUser, KeysetCursor>
    {
        let limit = try context.limit(limit)
        let users = try await context.fromStore { try await store.blocks(by: actor.id, after: after, limit: limit) }
        return CursorPage(items: users.map(\.publicView), limit: limit, cursor: \.cursor)
    }

    /// The users the signed-in user mutes, most recently muted first.
    /// - Parameters:
    ///   - after: the previous page's ``CursorPage/next``, or `nil` for the first page.
    ///   - limit: the page size, or `nil` for the policy's.
    /// - Returns: a page of mutes.
    /// - Throws: ``NetworkError/invalid(_:)`` for a page size out of range.
    public func mutes(after: KeysetCursor? = nil, limit: Int? = nil) async throws(NetworkError)
        -> CursorPage<Mute, KeysetCursor>
    {
        let limit = try context.limit(limit)
        var mutes = try await context.fromStore { try await store.mutes(by: actor.id, after: after, limit: limit) }
        for index in mutes.indices { mutes[index].user = mutes[index].user.publicView }
        return CursorPage(items: mutes, limit: limit, cursor: \.cursor)
    }

    func requireOther(_ userID: UserID) async throws(NetworkError) {
        guard actor.id != userID else { throw .selfAction }
        _ = try await context.existingUser(userID, in: store)
    }

    /// Runs a block or mute change; a user deleted meanwhile is not found.
    func set(_ change: () async throws(StoreError) -> Bool) async throws(NetworkError) {
        do {
            _ = try await change()
        } catch .missingReference {
            throw .notFound(.user)
        } catch {
            throw .storage(error)
        }
    }
}
