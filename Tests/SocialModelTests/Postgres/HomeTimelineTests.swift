import FilmKit
import Foundation
import Logging
import PostgresNIO
import SocialModel
import TestSupport
import Testing

@testable import SocialModelPostgres

/// PostgreSQL's home timeline (fan-out on write) must always hold exactly each user's own posts
/// and their followed authors' posts, whatever changed them: store calls in any order, cascades,
/// and a post and a follow change of its author racing in two transactions.
@Suite("PostgreSQL home timeline", .highPriority)
struct HomeTimelineTests {
    /// A seeded run of follows, unfollows, posts, deleted posts and a deleted user, checked after
    /// every step against the timeline computed from `follows` and `posts` directly.
    @Test func theTimelineFollowsEveryChange() async throws {
        try await PostgresTestServer.withStore { store in
            var random = SplitMix64(seed: 7)
            let start = Date(timeIntervalSinceReferenceDate: 700_000_000)
            var users: [UserID] = []
            for index in 0..<6 {
                let user = User(id: .random(), username: "tl\(index)", email: nil, createdAt: start)
                try await store.insertUser(user, passwordHash: nil, identity: nil)
                users.append(user.id)
            }
            var posts: [PostID] = []
            for step in 0..<120 {
                let (a, b) = (users.randomElement(using: &random)!, users.randomElement(using: &random)!)
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<3 where a != b:
                    _ = try await store.setFollow(
                        followerID: a, followeeID: b, following: true, at: start, notification: nil)
                case 3..<5 where a != b:
                    _ = try await store.setFollow(
                        followerID: a, followeeID: b, following: false, at: start, notification: nil)
                case 5..<9:
                    // Every fifth pair of posts shares a time, so the timeline's key needs the id too.
                    let post = Post(
                        id: .random(), authorID: a, caption: "\(step)", width: 1, height: 1,
                        createdAt: start + Double(step - step % 5))
                    try await store.insertPost(post, photos: [])
                    posts.append(post.id)
                default:
                    if !posts.isEmpty {
                        _ = try await store.deletePost(
                            id: posts.remove(at: Int.random(in: posts.indices, using: &random)))
                    }
                }
                try await expectExact(store, "step \(step)")
            }
            // A deleted user's posts leave their followers' timelines, and their own rows go.
            #expect(try await store.deleteUser(id: users[1]))
            try await expectExact(store, "after deleting a user")
            #expect(try await store.rows("SELECT 1 FROM home_timeline WHERE user_id = \(users[1].rawValue)").isEmpty)
        }
    }

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

    /// Expects `home_timeline` to hold exactly every user's own posts and their followees' posts.
    func expectExact(_ store: PostgresSocialStore, _ when: String) async throws {
        let expected = """
            SELECT f.follower_id, p.created_at, p.id FROM follows f JOIN posts p ON p.author_id = f.followee_id
            UNION SELECT p.author_id, p.created_at, p.id FROM posts p
            """
        let timeline = "SELECT user_id, created_at, post_id FROM home_timeline"
        let query = PostgresQuery(
            unsafeSQL: """
                SELECT (SELECT count(*) FROM (\(timeline) EXCEPT (\(expected))) extra),
                       (SELECT count(*) FROM ((\(expected)) EXCEPT \(timeline)) missing)
                """)
        let row = try #require(try await store.rows(query).first)
        let (extra, missing) = try row.decode((Int, Int).self)
        #expect(extra == 0, "rows in the timeline that should not be there, \(when)")
        #expect(missing == 0, "posts missing from the timeline, \(when)")
    }
}
