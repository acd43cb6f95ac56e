import Foundation
import SocialModel
import Synchronization

/// A store that keeps everything in memory, with the same behaviour as the SQLite store:
/// the same uniqueness, the same cascades, every method atomic. For tests and previews.
public final class InMemorySocialStore: Sendable {
    struct State {
        var users: [UserID: User] = [:]
        var userByKey: [String: UserID] = [:]
        var userByEmail: [String: UserID] = [:]
        var passwords: [UserID: String] = [:]
        var sessions: [Data: SessionRecord] = [:]
        var tokens: [Data: OneTimeTokenRecord] = [:]
        var links: [LinkKey: IdentityLink] = [:]
        var failedSignIns: [String: [Date]] = [:]

        func requireUser(_ id: UserID) throws(StoreError) {
            guard users[id] != nil else { throw .missingReference(entity: "user") }
        }
    }

    struct LinkKey: Hashable {
        var provider: String
        var subject: String
    }

    let state = Mutex(State())

    /// An empty store.
    public init() {}

    func withState<T>(_ body: (inout State) throws(StoreError) -> T) throws(StoreError) -> T {
        // Every body checks before it changes anything, so a refused call leaves no trace, as a
        // rolled-back transaction would.
        try state.withLock { (state: inout State) throws(StoreError) -> T in try body(&state) }
    }
}
