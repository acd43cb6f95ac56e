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
    /// Measures the probe's home feed (newest first, pages 1 and 5) without the rows and with them,
    /// on the same store in one run, in `rounds` alternating rounds (the machine's speed drifts by
    /// tens of percent within minutes, so one measurement of each, one after the other, compares
    /// the drift as much as the rows), prints each condition's runs together and the ratio of pages
    /// a second, and takes the rows away again.
    ///
    /// `settle` runs after the rows are added and after they are taken away. PostgreSQL's is an
    /// `ANALYZE` of the rows' tables: what its autovacuum does within a minute of 50 changed rows.
    /// Until then the server keeps the plans it made for the tables empty, which scan the table of
    /// suspensions once per post read instead of probing its index: the page's key read took
    /// 2.1 ms with these rows, 0.7–0.9 ms after an `ANALYZE` as without them (`EXPLAIN ANALYZE` of
    /// the generic plan, 2026-11-29). The first round also measures the feed in that window.
    /// - Parameters:
    ///   - store: the benchmark's store.
    ///   - label: what to call the store in the output.
    ///   - runs: measured runs of each page and condition, over all rounds.
    ///   - rounds: how many times the measurement alternates between the conditions.
    ///   - settle: what the store's server does by itself once rows change.
    /// - Returns: pages a second with the rows over pages a second without them, page 1 and page 5.
    @discardableResult
    public func compareHomeFeed(
        on store: some FeedStore & SafetyStore & ModerationStore, label: String, runs: Int, rounds: Int = 5,
        settle: (() async throws -> Void)? = nil
    ) async throws -> (first: Double, fifth: Double) {
        let perRound = max(1, runs / rounds)
        func measure(_ runs: Int) async throws -> [Latency] {
            let first = try await Latency.measure("page 1", runs: runs) {
                _ = try await store.homeFeed(userID: probe, order: .newest, after: nil, limit: 30)
            }
            var cursor: FeedCursor?
            for _ in 0..<4 {
                let page = try await store.homeFeed(userID: probe, order: .newest, after: cursor, limit: 30)
                cursor = page.last.map { FeedCursor(after: $0.post) }
            }
            let fifth = try await Latency.measure("page 5", runs: runs) {
                _ = try await store.homeFeed(userID: probe, order: .newest, after: cursor, limit: 30)
            }
            return [first, fifth]
        }
        var without: [[Latency]] = []
        var with: [[Latency]] = []
        for round in 0..<rounds {
            without.append(try await measure(perRound))
            try await apply(to: store)
            do {
                if round == 0, let settle {
                    for page in try await measure(perRound) {
                        print(
                            page.relabelled(
                                "\(label) home feed newest, \(page.label), before the server's statistics see the rows")
                        )
                    }
                    try await settle()
                }
                with.append(try await measure(perRound))
            } catch {
                try await remove(from: store)
                try await settle?()
                throw error
            }
            try await remove(from: store)
            try await settle?()
        }
        func merged(_ rounds: [[Latency]], page: Int, _ condition: String) -> Latency {
            let label = "\(label) home feed newest, page \(page == 0 ? 1 : 5), \(condition)"
            let merged = Latency.merging(rounds.map { $0[page] }, label: label)
            print(merged)
            return merged
        }
        let ratios = (
            merged(with, page: 0, "with \(rowCount) blocks, mutes and suspensions").perSecondAtMedian
                / merged(without, page: 0, "no blocks or mutes").perSecondAtMedian,
            merged(with, page: 1, "with \(rowCount) blocks, mutes and suspensions").perSecondAtMedian
                / merged(without, page: 1, "no blocks or mutes").perSecondAtMedian
        )
        print(
            String(
                format:
                    "%@ home feed with the safety rows: %.1f %% (page 1) and %.1f %% (page 5) of the pages a second without, %d alternating rounds",
                label, ratios.0 * 100, ratios.1 * 100, rounds))
        return ratios
    }
}
