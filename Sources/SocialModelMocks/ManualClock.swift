import Foundation
import Locking
import SocialModel

/// A clock that stands still until moved, so expiry and rate limits are tested without waiting.
public final class ManualClock: WallClock {
    private struct State {
        var now: Date
        /// Who waits in ``sleep(until:)``, by a key of their own: their deadline and how to wake them.
        var sleepers: [UUID: (deadline: Date, continuation: CheckedContinuation<Void, any Error>)] = [:]
    }

    private let state: Locked<State>

    /// A clock showing `start` (by default 2026-01-01 00:00:00 UTC).
    public init(start: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        state = Locked(State(now: start))
    }

    /// The time it shows.
    public func now() -> Date { state.withLock { $0.now } }

    /// Moves the clock forward (or back, with a negative interval), waking every
    /// ``sleep(until:)`` whose deadline it reaches.
    public func advance(by seconds: TimeInterval) {
        let woken = state.withLock { state in
            state.now += seconds
            let due = state.sleepers.filter { $0.value.deadline <= state.now }
            for key in due.keys { state.sleepers[key] = nil }
            return due.values.map(\.continuation)
        }
        for continuation in woken { continuation.resume() }
    }

    /// Returns when the clock is moved to `deadline` or past it, without waiting in real time.
    /// - Parameter deadline: the time to wait for.
    /// - Throws: `CancellationError` when the task is cancelled first.
    public func sleep(until deadline: Date) async throws {
        let key = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let wake: Result<Void, any Error>? = state.withLock { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers[key] = (deadline, continuation)
                    return nil
                }
                if let wake { continuation.resume(with: wake) }
            }
        } onCancel: {
            let cancelled = state.withLock { $0.sleepers.removeValue(forKey: key) }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// How many ``sleep(until:)`` calls are waiting, so a test can move the clock once they are.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }
}
