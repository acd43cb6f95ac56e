import Foundation
import Logging
import PostgresNIO
import SocialModel
import TestSupport
import Testing

@testable import SocialModelPostgres

/// PostgreSQL's home timeline when a post and a follow change of its author race in two
/// transactions (SQLite has one writer at a time; `HomeTimelineTests` checks both stores'
/// timelines through a seeded run of changes).
@Suite("PostgreSQL home timeline races", .highPriority)
struct HomeTimelineRaceTests {
    /// The ways a post and a follow change of its author can meet: the first change is made and
    /// left uncommitted in one transaction, the second runs in another (it must wait for the
    /// first's author lock), then the first commits. Either order, the timeline is exact.
    enum Race: String, CaseIterable, Sendable {
        case followThenPost, postThenFollow, unfollowThenPost, postThenUnfollow, deletePostThenFollow,
            followThenDeletePost
    }

    @Test(arguments: Race.allCases)
    func aPostAndAFollowChangeInTwoTransactions(race: Race) async throws {
        try await PostgresTestServer.withStore { store in
            let date = Date(timeIntervalSinceReferenceDate: 700_000_000)
            let follower = User(id: .random(), username: "follower", email: nil, createdAt: date)
            let author = User(id: .random(), username: "author", email: nil, createdAt: date)
            for user in [follower, author] { try await store.insertUser(user, passwordHash: nil, identity: nil) }
            if race == .unfollowThenPost || race == .postThenUnfollow {
                _ = try await store.setFollow(
                    followerID: follower.id, followeeID: author.id, following: true, at: date, notification: nil)
            }
            let existing = Post(id: .random(), authorID: author.id, caption: "", width: 1, height: 1, createdAt: date)
            try await store.insertPost(existing, photos: [])
            let (f, a) = (follower.id.rawValue, author.id.rawValue)
            let follow: PostgresQuery =
                "INSERT INTO follows (follower_id, followee_id, created_at) VALUES (\(f), \(a), 0)"
            let unfollow: PostgresQuery = "DELETE FROM follows WHERE follower_id = \(f) AND followee_id = \(a)"
            let deletePost: PostgresQuery = "DELETE FROM posts WHERE id = \(existing.id.rawValue)"
            let post: PostgresQuery = """
                INSERT INTO posts (id, author_id, caption, width, height, created_at)
                VALUES ('pst_raced', \(a), '', 1, 1, 1)
                """
            let (first, second): (PostgresQuery, PostgresQuery) =
                switch race {
                case .followThenPost: (follow, post)
                case .postThenFollow: (post, follow)
                case .unfollowThenPost: (unfollow, post)
                case .postThenUnfollow: (post, unfollow)
                case .deletePostThenFollow: (deletePost, follow)
                case .followThenDeletePost: (follow, deletePost)
                }
            let configuration = try PostgresSchema.connectionConfiguration(store.configuration)
            let logger = PostgresTestServer.logger
            let holder = try await PostgresConnection.connect(configuration: configuration, id: 10, logger: logger)
            let other = try await PostgresConnection.connect(configuration: configuration, id: 11, logger: logger)
            do {
                try await interleave(first, then: second, holder: holder, other: other, store: store)
            } catch {
                try? await holder.close()
                try? await other.close()
                throw error
            }
            try await holder.close()
            try await other.close()
            try await expectExact(store, "\(race)")
        }
    }

    /// Runs `first` uncommitted on `holder`, then `second` on `other`, waits until `second` waits
    /// for a lock, and commits `first`.
    func interleave(
        _ first: PostgresQuery, then second: PostgresQuery, holder: PostgresConnection, other: PostgresConnection,
        store: PostgresSocialStore
    ) async throws {
        let logger = PostgresTestServer.logger
        try await holder.query("BEGIN", logger: logger)
        try await holder.query(first, logger: logger)
        let backend = try #require(try await other.query("SELECT pg_backend_pid()", logger: logger).collect().first)
            .decode(Int32.self)
        let racer = Task { try await other.query(second, logger: logger) }
        // The second change waits for the first's lock; without one it would have finished.
        let deadline = ContinuousClock.now + .seconds(20)
        var waiting = false
        while !waiting, ContinuousClock.now < deadline {
            let rows = try await store.rows(
                "SELECT 1 FROM pg_stat_activity WHERE pid = \(backend) AND wait_event_type = 'Lock'")
            waiting = !rows.isEmpty
            if !waiting { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(waiting, "the second change did not wait for the first")
        try await holder.query("COMMIT", logger: logger)
        _ = try await racer.value
    }

    func expectExact(_ store: PostgresSocialStore, _ when: String) async throws {
        let row = try #require(try await store.rows(PostgresQuery(unsafeSQL: HomeTimelineTests.differenceSQL)).first)
        let (extra, missing) = try row.decode((Int, Int).self)
        HomeTimelineTests.expectExact(extra: extra, missing: missing, when)
    }
}
