import Foundation
import SocialModel
import SocialModelPostgres
import SocialModelSQLite
import TestSupport
import Testing

/// The home feed in the like orders walks a window of everyone's posts first and falls back to
/// per-author reads when the window holds too few of the followed ones; every window size must
/// give the same pages (the date orders read the home timeline, whatever the window).
@Suite("Home feed window")
struct HomeFeedWindowTests {
    static let orders = [
        FeedOrder.newest, FeedOrder(.date, .ascending), FeedOrder.mostLiked, FeedOrder(.likes, .ascending),
    ]

    @Test(arguments: [StoreKind.sqlite, .postgres], [1, 3, 7, 4000])
    func everyWindowGivesTheSamePages(kind: StoreKind, window: Int) async throws {
        switch kind {
        case .postgres:
            try await PostgresTestServer.withStore(configure: { $0.homeFeedWindow = window }) { store in
                try await checkPages(store)
            }
        default:
            let directory = try TemporaryDirectory("feed-window")
            defer { directory.remove() }
            try await checkPages(try SQLiteSocialStore(url: directory.file("social.sqlite"), homeFeedWindow: window))
        }
    }

    /// Pages of four through a network of mostly strangers' posts, in every order, against the
    /// followed posts sorted here.
    func checkPages(_ store: some SocialStore) async throws {
        let start = Date(timeIntervalSinceReferenceDate: 700_000_000)
        let users = (0..<5).map {
            User(id: .random(), username: "user\($0)", email: nil, createdAt: start, verifiedAt: start)
        }
        for user in users { try await store.insertUser(user, passwordHash: nil, identity: nil) }
        let viewer = users[0]
        _ = try await store.setFollow(
            followerID: viewer.id, followeeID: users[1].id, following: true, at: start, notification: nil)
        var posts: [Post] = []
        for index in 0..<40 {
            // Mostly strangers' posts, so small windows often run out; every fourth pair shares a time.
            let author = users[[0, 2, 3, 1, 4, 2, 3, 4][index % 8]]
            let post = Post(
                id: .random(), authorID: author.id, caption: "\(index)", width: 1, height: 1,
                createdAt: start + Double(index - index % 2 * (index % 4 == 1 ? 1 : 0)))
            try await store.insertPost(post, photos: [])
            for liker in users.prefix(index % 3) {
                _ = try await store.setPostLike(
                    postID: post.id, userID: liker.id, liked: true, at: start, notification: nil)
            }
            posts.append(try #require(try await store.post(id: post.id)))
        }
        let followed = Set([viewer.id, users[1].id])
        for order in Self.orders {
            let expected = posts.filter { followed.contains($0.authorID) }.sorted { precedes($0, $1, order) }.map(\.id)
            var seen: [PostID] = []
            var cursor: FeedCursor?
            repeat {
                let page = try await store.homeFeed(userID: viewer.id, order: order, after: cursor, limit: 4)
                seen += page.map(\.post.id)
                cursor = page.count == 4 ? page.last.map { FeedCursor(after: $0.post) } : nil
            } while cursor != nil
            #expect(seen == expected, "\(order.key) \(order.direction)")
        }
    }

    /// The walk within the window stops at the page's last post only while it reads the index in
    /// the feed's order: a sort step there would read the whole window again. A date order reads
    /// one range of the home timeline's primary key, in order, each row's post read by its key for
    /// the block and mute filter.
    @Test(arguments: orders)
    func sqliteQueriesReadCoveringIndexesAndTheWalkNeverSorts(order: FeedOrder) async throws {
        let directory = try TemporaryDirectory("feed-plan")
        defer { directory.remove() }
        let store = try SQLiteSocialStore(url: directory.file("social.sqlite"))
        for paged in [false, true] {
            let plan = try await store.homeFeedQueryPlan(userID: UserID(rawValue: "usr_x"), order: order, paged: paged)
            if order.key == .date {
                #expect(plan.first == "home timeline:", "\(plan)")
                #expect(plan.contains { $0.hasPrefix("SEARCH t USING PRIMARY KEY (user_id=?") }, "\(plan)")
                #expect(!plan.contains { $0.contains("TEMP B-TREE") || $0.contains("SCAN") }, "\(plan)")
                #expect(plan.contains { $0.contains("USING INDEX sqlite_autoindex_posts_1 (id=?)") }, "\(plan)")
                continue
            }
            let walkStart = try #require(plan.firstIndex(of: "walk within the window:"))
            let walkEnd = try #require(plan.firstIndex(of: "per-author fallback, no window:"))
            let walk = plan[walkStart..<walkEnd]
            #expect(walk.contains { $0.contains("USING COVERING INDEX posts_by_likes") }, "\(plan)")
            #expect(!walk.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
            let tableScans = plan.filter {
                $0.hasPrefix("SCAN") && !$0.contains("COVERING INDEX") && $0 != "SCAN CONSTANT ROW"
            }
            #expect(tableScans.isEmpty, "\(plan)")
        }
    }

    /// PostgreSQL's first read of a page in a date order is a range of the viewer's home timeline,
    /// in order, never a hash of the people followed (the block and mute list is hashed once); in a like order it walks the index of everyone's posts in the feed's order, tests
    /// authors against a hash of the people followed, and never sorts below its limit.
    @Test(arguments: orders)
    func postgresFirstReadReadsItsIndexInOrder(order: FeedOrder) async throws {
        try await PostgresTestServer.withStore(fresh: true) { store in
            for paged in [false, true] {
                let plan = try await store.homeFeedQueryPlan(
                    userID: UserID(rawValue: "usr_x"), order: order, paged: paged)
                let firstStart = try #require(plan.firstIndex(of: "first read:"))
                let firstEnd = try #require(plan.firstIndex(of: "per-author fallback:"))
                let sessionStart = try #require(plan.firstIndex(of: "first read with the session check:"))
                // The read for a user, and the same read finding its user from a session token.
                for read in [plan[firstStart..<firstEnd], plan[sessionStart...]] {
                    #expect(!read.contains { $0.contains("Sort Key: q.") || $0.contains("Sort Key: w.") }, "\(plan)")
                    #expect(!read.contains { $0.contains("Sort Key: t.") }, "\(plan)")
                    if order.key == .date {
                        #expect(
                            read.contains { $0.contains("Index Only Scan") && $0.contains("using home_timeline_pkey") },
                            "\(plan)")
                        #expect(
                            !read.contains {
                                $0.contains("posts_by_date") || $0.contains(" on follows")
                            }, "\(plan)")
                    } else {
                        #expect(
                            read.contains { $0.contains("Index Only Scan") && $0.contains("using posts_by_likes") },
                            "\(plan)")
                        #expect(read.contains { $0.contains("hashed SubPlan") }, "\(plan)")
                        // The test's hash is the only one made of the people followed: no de-duplication first.
                        #expect(!read.contains { $0.contains("HashAggregate") || $0.contains("Unique") }, "\(plan)")
                    }
                }
                // The session is found by its token hash's index, once.
                let sessionRead = plan[sessionStart...]
                #expect(sessionRead.filter { $0.contains("Index Cond: (token_hash = $1)") }.count == 1, "\(plan)")
            }
        }
    }

    func precedes(_ lhs: Post, _ rhs: Post, _ order: FeedOrder) -> Bool {
        let key = { (post: Post) in (order.key == .likes ? post.likeCount : 0, post.createdAt, post.id.rawValue) }
        return order.direction == .ascending ? key(lhs) < key(rhs) : key(lhs) > key(rhs)
    }
}
