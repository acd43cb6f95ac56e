import FilmKit
import Foundation
import GRDB
import PostgresNIO
import SocialModel
import SocialModelSQLite
import TestSupport
import Testing

@testable import SocialModelPostgres

/// The home timeline (fan-out on write) of the SQLite and PostgreSQL stores must always hold
/// exactly each user's own posts and their followed authors' posts, whatever changed them: store
/// calls in any order and a deleted user's cascades (PostgreSQL's races between two transactions
/// are `HomeTimelineRaceTests`).
@Suite("Home timeline", .highPriority)
struct HomeTimelineTests {
    /// A seeded run of follows, unfollows, posts, deleted posts and a deleted user, checked after
    /// every step against the timeline computed from `follows` and `posts` directly.
    @Test(arguments: [StoreKind.sqlite, .postgres])
    func theTimelineFollowsEveryChange(kind: StoreKind) async throws {
        try await kind.withStore { store, _ in
            let difference = try #require(try Self.difference(of: store), "no home timeline in \(kind)")
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
                let (extra, missing) = try await difference()
                Self.expectExact(extra: extra, missing: missing, "step \(step)")
            }
            // A deleted user's posts leave their followers' timelines, and their own rows go (they
            // would count as extra: the user has no posts or follows left).
            #expect(try await store.deleteUser(id: users[1]))
            let (extra, missing) = try await difference()
            Self.expectExact(extra: extra, missing: missing, "after deleting a user")
        }
    }

    /// Counts the rows of `home_timeline` that should not be there, and the posts missing from it,
    /// against every user's own posts and their followees' posts (the same SQL for both stores).
    static let differenceSQL = """
        SELECT
            (SELECT count(*) FROM (
                SELECT user_id, created_at, post_id FROM home_timeline EXCEPT SELECT * FROM (\(expectedSQL)) e) extra),
            (SELECT count(*) FROM (
                SELECT * FROM (\(expectedSQL)) e EXCEPT SELECT user_id, created_at, post_id FROM home_timeline) missing)
        """

    static let expectedSQL = """
        SELECT f.follower_id, p.created_at, p.id FROM follows f JOIN posts p ON p.author_id = f.followee_id
        UNION SELECT p.author_id, p.created_at, p.id FROM posts p
        """

    static func expectExact(extra: Int, missing: Int, _ when: String) {
        #expect(extra == 0, "rows in the timeline that should not be there, \(when)")
        #expect(missing == 0, "posts missing from the timeline, \(when)")
    }

    /// Runs ``differenceSQL`` on the store's database: PostgreSQL through the store's pool, SQLite
    /// through a connection of its own to the store's file; `nil` for a store without one.
    static func difference(of store: any SocialStore) throws -> (() async throws -> (Int, Int))? {
        switch store {
        case let store as PostgresSocialStore:
            return {
                let row = try #require(try await store.rows(PostgresQuery(unsafeSQL: differenceSQL)).first)
                return try row.decode((Int, Int).self)
            }
        case let store as SQLiteSocialStore:
            let queue = try DatabaseQueue(path: store.path)
            return {
                try await queue.read { db in
                    let row = try #require(try Row.fetchOne(db, sql: differenceSQL))
                    return (row[0], row[1])
                }
            }
        default:
            return nil
        }
    }
}
