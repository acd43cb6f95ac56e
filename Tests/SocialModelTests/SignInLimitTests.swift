import Foundation
import SocialModel
import Testing

/// The sign-in limits' arithmetic, as values: the wait a run of failures imposes.
@Suite("Sign-in limits")
struct SignInLimitTests {
    static let now = Date(timeIntervalSinceReferenceDate: 800_000_000)

    @Test("a progressive delay is free up to its allowance, then doubles up to its cap, for any count")
    func progressiveDelay() {
        let delay = ProgressiveDelay(freeFailures: 3, initialDelay: 1, maximumDelay: 30, window: 900)
        #expect((0...9).map { delay.delay(afterFailures: $0) } == [0, 0, 0, 0, 1, 2, 4, 8, 16, 30])
        #expect(delay.delay(afterFailures: .max) == 30)
        #expect(delay.delay(afterFailures: .min) == 0)
        let failures = (0..<6).map { Self.now - 10 + Double($0) }  // the latest 5 s ago
        #expect(delay.retryAfter(failures: failures, now: Self.now) == nil)  // 6 failures: 4 s, passed
        let more = failures + [Self.now - 1]  // 7 failures: 8 s after the latest
        #expect(delay.retryAfter(failures: more, now: Self.now) == 7)
        #expect(delay.retryAfter(failures: [], now: Self.now) == nil)
    }

    @Test("a rate limit refuses from its maximum until the oldest counted failure leaves the window")
    func rateLimit() {
        let limit = RateLimit(maximumFailures: 2, window: 60)
        #expect(limit.retryAfter(failures: [Self.now - 10], now: Self.now) == nil)
        #expect(limit.retryAfter(failures: [Self.now - 30, Self.now - 10], now: Self.now) == 30)
        #expect(limit.retryAfter(failures: [], now: Self.now) == nil)
        #expect(RateLimit(maximumFailures: 0, window: 60).retryAfter(failures: [], now: Self.now) == 60)
        #expect(RateLimit(maximumFailures: -1, window: 60).retryAfter(failures: [], now: Self.now) == nil)
    }
}
