import Foundation

extension AccountService {
    /// Refuses a sign-in while a moderator's suspension of the account lasts; one that has ended
    /// is lifted here, so the account and its content are visible again from its next sign-in.
    /// A store that keeps no moderation data (not a ``ModerationStore``) suspends no one.
    /// - Throws: ``AccountError/suspended(until:)``.
    func requireNotSuspended(_ userID: UserID, now: Date) async throws(AccountError) {
        guard let moderation = store as? any ModerationStore,
            let until = try await fromStore({ try await moderation.suspendedUntil(userID: userID) })
        else { return }
        guard until <= now else { throw .suspended(until: until == .distantFuture ? nil : until) }
        try await fromStore { try await moderation.setSuspension(userID: userID, until: nil) }
    }
}
