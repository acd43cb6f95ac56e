import Foundation
import SocialModel

extension SocialClientSession {
    /// Blocks a user: the follows between you end, both ways, and neither of you sees or reaches
    /// the other (to them, you answer `not-found`). Blocking twice changes nothing.
    /// - Parameter userID: whom to block.
    /// - Throws: ``SocialClientError/api(_:)`` with `self-action` or `not-found`.
    public func block(userID: UserID) async throws(SocialClientError) {
        try await noContent("PUT", ["users", userID.rawValue, "block"])
    }

    /// Stops blocking a user; the follows the block ended stay ended.
    /// - Parameter userID: whom to unblock.
    /// - Throws: ``SocialClientError/api(_:)`` with `self-action` or `not-found`.
    public func unblock(userID: UserID) async throws(SocialClientError) {
        try await noContent("DELETE", ["users", userID.rawValue, "block"])
    }

    /// Mutes a user (or changes what a mute hides): their posts leave your home feed and explore;
    /// they are not told.
    /// - Parameters:
    ///   - userID: whom to mute.
    ///   - hidingNotifications: whether their notifications leave your list too.
    /// - Throws: ``SocialClientError/api(_:)`` with `self-action` or `not-found`.
    public func mute(userID: UserID, hidingNotifications: Bool = false) async throws(SocialClientError) {
        _ = try await transport.send(
            "PUT", ["users", userID.rawValue, "mute"],
            query: [URLQueryItem(name: "notifications", value: hidingNotifications ? "1" : "0")], token: token,
            expect: [204])
    }

    /// Stops muting a user.
    /// - Parameter userID: whom to unmute.
    /// - Throws: ``SocialClientError/api(_:)`` with `self-action` or `not-found`.
    public func unmute(userID: UserID) async throws(SocialClientError) {
        try await noContent("DELETE", ["users", userID.rawValue, "mute"])
    }

    /// The users you block, most recently blocked first.
    /// - Parameters:
    ///   - after: the previous page's `next`.
    ///   - limit: the page size.
    /// - Returns: a page of blocked users with the dates of the blocks.
    /// - Throws: ``SocialClientError/api(_:)`` with `invalid` for a page size out of range.
    public func blocks(after: KeysetCursor? = nil, limit: Int? = nil) async throws(SocialClientError)
        -> CursorPage<DatedUser, KeysetCursor>
    {
        try await json(
            CursorPage<DatedUser, KeysetCursor>.self, "GET", ["me", "blocks"],
            query: pageQuery(after: after, limit: limit))
    }

    /// The users you mute, most recently muted first.
    /// - Parameters:
    ///   - after: the previous page's `next`.
    ///   - limit: the page size.
    /// - Returns: a page of mutes.
    /// - Throws: ``SocialClientError/api(_:)`` with `invalid` for a page size out of range.
    public func mutes(after: KeysetCursor? = nil, limit: Int? = nil) async throws(SocialClientError)
        -> CursorPage<Mute, KeysetCursor>
    {
        try await json(
            CursorPage<Mute, KeysetCursor>.self, "GET", ["me", "mutes"], query: pageQuery(after: after, limit: limit))
    }
}
