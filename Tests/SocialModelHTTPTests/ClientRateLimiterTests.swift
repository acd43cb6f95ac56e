import Foundation
import SocialModel
import SocialModelMocks
import Testing

@testable import SocialModelHTTP

@Suite("Client rate limiter")
struct ClientRateLimiterTests {
    @Test("an empty bucket is not forgotten while many clients call; full buckets are, once time passes")
    func pruning() {
        let clock = ManualClock()
        let limiter = ClientRateLimiter(limit: SocialRateLimit(requestsPerSecond: 1, burst: 2), clock: clock)
        #expect(limiter.take("a") == nil && limiter.take("a") == nil)
        #expect(limiter.take("a") == 1)
        // Past the pruning threshold every bucket is still in use (none has refilled), so all stay.
        for index in 0..<ClientRateLimiter.pruneThreshold { #expect(limiter.take("client-\(index)") == nil) }
        #expect(limiter.take("a") == 1)
        #expect(limiter.clientCount == ClientRateLimiter.pruneThreshold + 1)

        // Two seconds later every bucket is full again: the next pruning forgets them, and a
        // forgotten client gets exactly what it would have had.
        clock.advance(by: 2)
        for index in 0..<ClientRateLimiter.pruneThreshold + 1 { _ = limiter.take("later-\(index)") }
        #expect(limiter.take("a") == nil && limiter.take("a") == nil && limiter.take("a") == 1)
        // The first 10,000 clients are gone; the later ones (still in use) and "a" remain.
        #expect(limiter.clientCount == ClientRateLimiter.pruneThreshold + 2)
    }
}
