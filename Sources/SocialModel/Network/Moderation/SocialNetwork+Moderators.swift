import Foundation

extension SocialNetwork {
    /// Makes a user a moderator, or not: the operator's call (from the host process, such as an
    /// administration command), never reachable over HTTP. A moderator reads the moderation queue
    /// and decides about reports through ``NetworkSession/moderation``.
    /// - Parameters:
    ///   - userID: the user.
    ///   - isModerator: whether they moderate afterwards.
    /// - Throws: ``NetworkError/notFound(_:)`` with `.user` for an unknown user.
    public func setModerator(userID: UserID, _ isModerator: Bool) async throws(NetworkError) {
        do {
            _ = try await store.setModerator(userID: userID, isModerator)
        } catch .missingReference {
            throw .notFound(.user)
        } catch {
            throw .storage(error)
        }
    }
}
