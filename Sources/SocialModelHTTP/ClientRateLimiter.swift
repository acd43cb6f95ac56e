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

    let limit: SocialRateLimit
    let clock: any WallClock
    private let buckets = Locked([String: Bucket]())
    /// Past this many clients, buckets that have refilled completely are forgotten (a full bucket
    /// is what a client without one gets), so memory stays bounded by recent clients.
    static let pruneThreshold = 10_000

    init(limit: SocialRateLimit, clock: any WallClock) {
        self.limit = limit
        self.clock = clock
    }

    /// Takes one request from `key`'s bucket.
    /// - Returns: `nil` when the request may go ahead, otherwise the whole seconds until it may.
    func take(_ key: String) -> Int? {
        let now = clock.now()
        let capacity = Double(limit.burst)
        let rate = limit.requestsPerSecond
        return buckets.withLock { buckets in
            if buckets.count >= Self.pruneThreshold {
                buckets = buckets.filter { now.timeIntervalSince($0.value.updated) * rate + $0.value.tokens < capacity }
            }
            var bucket = buckets[key] ?? Bucket(tokens: capacity, updated: now)
            bucket.tokens = min(capacity, bucket.tokens + max(0, now.timeIntervalSince(bucket.updated)) * rate)
            bucket.updated = now
            defer { buckets[key] = bucket }
            guard bucket.tokens < 1 else {
                bucket.tokens -= 1
                return nil
            }
            return max(1, Int(((1 - bucket.tokens) / rate).rounded(.up)))
        }
    }
}
