import Locking
import SocialModel

/// An outcome settled once (the first ``settle(_:)`` counts) that callers wait for: whether an
/// event relay listens, whether a store's pools serve.
final class SettledOnce: Sendable {
    private typealias Waiter = CheckedContinuation<Result<Void, StoreError>, Never>
    private let state = Locked(State())

    private struct State {
        var outcome: Result<Void, StoreError>?
        var waiters: [Waiter] = []
    }

    /// The outcome, or `nil` while it is not settled.
    var outcome: Result<Void, StoreError>? { state.withLock { $0.outcome } }

    /// Returns once the outcome is a success; throws its error once it is a failure.
    func wait() async throws(StoreError) {
        let outcome = await withCheckedContinuation { continuation in
            let settled = state.withLock { state in
                if state.outcome == nil { state.waiters.append(continuation) }
                return state.outcome
            }
            if let settled { continuation.resume(returning: settled) }
        }
        try outcome.get()
    }

    /// Records `outcome` unless one was recorded before, and wakes the waiters.
    func settle(_ outcome: Result<Void, StoreError>) {
        let waiters = state.withLock { state -> [Waiter] in
            guard state.outcome == nil else { return [] }
            state.outcome = outcome
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: outcome) }
    }
}
