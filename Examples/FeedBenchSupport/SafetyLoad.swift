import Foundation
import SocialModel

/// The trust-and-safety rows a large network has, laid over a feed benchmark's data around its
/// probe user and taken away again, so that one run measures the home feed without and with them
/// on the same posts: the probe mutes a tenth of the people it follows and a twentieth of them are
/// suspended (their posts leave the feed), the probe blocks 50 others and 50 others block it, and
/// one user in a hundred is suspended.
///
/// Blocks are made only with people the probe does not follow, since a block ends a follow and the
/// feed would then lose those posts for good; a follow *of* the probe that a block ends is not
/// restored, which leaves the probe's home feed unchanged.
public struct SafetyLoad: Sendable {
    /// Whom the probe mutes (posts only; their notifications still come).
    public let muted: [UserID]
    /// Whom the probe blocks.
    public let blocked: [UserID]
    /// Who block the probe.
    public let blockers: [UserID]
    /// Who are suspended (some of the probe's followees among them).
    public let suspended: [UserID]
    let probe: UserID

    /// Chooses the rows.
    /// - Parameters:
    ///   - probe: the user whose feed is measured.
    ///   - followees: whom the probe follows.
    ///   - users: how many users the network has.
    ///   - userID: the id of the user with a given index, `0..<users`.
    public init(probe: UserID, followees: [UserID], users: Int, userID: (Int) -> UserID) {
        self.probe = probe
        muted = Array(followees.prefix(followees.count / 10))
        let following = Set(followees)
        var others = (1..<users).lazy.map(userID).filter { !following.contains($0) }.makeIterator()
        blocked = (0..<50).compactMap { _ in others.next() }
        blockers = (0..<50).compactMap { _ in others.next() }
        let everyHundredth = stride(from: 3, to: users, by: 100).map(userID).filter { !following.contains($0) }
        suspended = Array(followees.suffix(followees.count / 20)) + everyHundredth
    }

    /// How many rows ``apply(to:)`` adds.
    public var rowCount: Int { muted.count + blocked.count + blockers.count + suspended.count }

    /// Adds the rows.
    public func apply(to store: some SafetyStore & ModerationStore) async throws {
        let now = Date()
        for user in muted {
            _ = try await store.setMute(muterID: probe, mutedID: user, hidingNotifications: false, at: now)
        }
        for user in blocked { _ = try await store.setBlock(blockerID: probe, blockedID: user, blocking: true, at: now) }
        for user in blockers {
            _ = try await store.setBlock(blockerID: user, blockedID: probe, blocking: true, at: now)
        }
        for user in suspended { try await store.setSuspension(userID: user, until: .distantFuture) }
    }

    /// Takes the rows away again.
    public func remove(from store: some SafetyStore & ModerationStore) async throws {
        let now = Date()
        for user in muted {
            _ = try await store.setMute(muterID: probe, mutedID: user, hidingNotifications: nil, at: now)
        }
        for user in blocked {
            _ = try await store.setBlock(blockerID: probe, blockedID: user, blocking: false, at: now)
        }
        for user in blockers {
            _ = try await store.setBlock(blockerID: user, blockedID: probe, blocking: false, at: now)
        }
        for user in suspended { try await store.setSuspension(userID: user, until: nil) }
    }
}

extension SafetyLoad {
    /// Measures the probe's home feed (newest first, pages 1 and 5) without the rows and then with
    /// them, on the same store in one run, prints both and the ratio of pages a second, and takes
    /// the rows away again.
    /// - Parameters:
    ///   - store: the benchmark's store.
    ///   - label: what to call the store in the output.
    ///   - runs: measured runs of each page.
    /// - Returns: pages a second with the rows over pages a second without them, page 1 and page 5.
    @discardableResult
    public func compareHomeFeed(
        on store: some FeedStore & SafetyStore & ModerationStore, label: String, runs: Int
    ) async throws -> (first: Double, fifth: Double) {
        func measure(_ condition: String) async throws -> (Latency, Latency) {
            let first = try await Latency.measure("\(label) home feed newest, page 1, \(condition)", runs: runs) {
                _ = try await store.homeFeed(userID: probe, order: .newest, after: nil, limit: 30)
            }
            var cursor: FeedCursor?
            for _ in 0..<4 {
                let page = try await store.homeFeed(userID: probe, order: .newest, after: cursor, limit: 30)
                cursor = page.last.map { FeedCursor(after: $0.post) }
            }
            let fifth = try await Latency.measure("\(label) home feed newest, page 5, \(condition)", runs: runs) {
                _ = try await store.homeFeed(userID: probe, order: .newest, after: cursor, limit: 30)
            }
            print(first)
            print(fifth)
            return (first, fifth)
        }
        let without = try await measure("no blocks or mutes")
        try await apply(to: store)
        let with: (Latency, Latency)
        do {
            with = try await measure("with \(rowCount) blocks, mutes and suspensions")
        } catch {
            try await remove(from: store)
            throw error
        }
        try await remove(from: store)
        let ratios = (
            with.0.perSecondAtMedian / without.0.perSecondAtMedian,
            with.1.perSecondAtMedian / without.1.perSecondAtMedian
        )
        print(
            String(
                format:
                    "%@ home feed with the safety rows: %.1f %% (page 1) and %.1f %% (page 5) of the pages a second without",
                label, ratios.0 * 100, ratios.1 * 100))
        return ratios
    }
}
