import Foundation
import Locking
import SocialModel

/// A token bucket per client address: each holds up to ``SocialRateLimit/burst`` requests and
/// refills at ``SocialRateLimit/requestsPerSecond``. Shared by every route collection of one
/// `SocialRoutes`, so the WebSocket and the API count together.
final class ClientRateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: Date
    }

    private struct State {
        var buckets: [String: Bucket] = [:]
        /// How many buckets trigger the next pruning.
        var pruneAt = ClientRateLimiter.pruneThreshold
    }

    let limit: SocialRateLimit
    let clock: any WallClock
    private let state = Locked(State())
    /// Past this many clients, buckets that have refilled completely are forgotten (a full bucket
    /// is what a client without one gets), so memory follows the clients of the last few seconds.
    static let pruneThreshold = 10_000

    init(limit: SocialRateLimit, clock: any WallClock) {
        self.limit = limit
        self.clock = clock
    }

    /// How many clients have a bucket.
    var clientCount: Int { state.withLock { $0.buckets.count } }

    /// Takes one request from `key`'s bucket.
    /// - Returns: `nil` when the request may go ahead, otherwise the whole seconds until it may.
    func take(_ key: String) -> Int? {
        let now = clock.now()
        let capacity = Double(limit.burst)
        let rate = limit.requestsPerSecond
        return state.withLock { state in
            if state.buckets.count >= state.pruneAt {
                state.buckets = state.buckets.filter {
                    now.timeIntervalSince($0.value.updated) * rate + $0.value.tokens < capacity
                }
                // Many clients at once keep their buckets; the next pruning waits until twice as
                // many, so its cost is spread over the requests that grew the table.
                state.pruneAt = max(Self.pruneThreshold, 2 * state.buckets.count)
            }
            var bucket = state.buckets[key] ?? Bucket(tokens: capacity, updated: now)
            bucket.tokens = min(capacity, bucket.tokens + max(0, now.timeIntervalSince(bucket.updated)) * rate)
            bucket.updated = now
            defer { state.buckets[key] = bucket }
            guard bucket.tokens < 1 else {
                bucket.tokens -= 1
                return nil
            }
            return max(1, Int(((1 - bucket.tokens) / rate).rounded(.up)))
        }
    }
}
