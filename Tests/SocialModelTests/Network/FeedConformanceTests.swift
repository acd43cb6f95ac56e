import Foundation
import SocialModel
import SocialModelMocks
import TestSupport
import Testing

@Suite("Network feeds, explore and search, on every store")
struct FeedConformanceTests {
    @Test(arguments: StoreKind.allCases)
    func homeFeedPagesStayCorrectWhileNewPostsArrive(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let stranger = try await h.signedIn("stranger")
            try await h.network.profiles.follow(ana.token, ben.user.id)
            var posts: [Post] = []
            for index in 0..<7 {
                posts += try await NetworkFixtures.publish(1, by: index.isMultiple(of: 2) ? ana : ben, in: h)
            }
            _ = try await NetworkFixtures.publish(2, by: stranger, in: h)
            // Two posts at the same instant: the id breaks the tie.
            let twinA = try await h.network.posts.publish(ana.token, PostDraft(photo: NetworkFixtures.plainPhoto))
            let twinB = try await h.network.posts.publish(ben.token, PostDraft(photo: NetworkFixtures.plainPhoto))
            posts += [twinA, twinB].sorted { $0.id.rawValue < $1.id.rawValue }
            h.clock.advance(by: 1)

            var seen: [PostID] = []
            var page = try await h.network.feed.home(ana.token, limit: 3)
            seen += page.items.map(\.post.id)
            while let next = page.next {
                // New posts arrive between pages; they must not shift what follows.
                _ = try await NetworkFixtures.publish(1, by: ben, in: h, caption: "late")
                page = try await h.network.feed.home(ana.token, after: next, limit: 3)
                seen += page.items.map(\.post.id)
            }
            #expect(seen == posts.reversed().map(\.id))

            let ascending = try await h.network.feed.home(ana.token, order: FeedOrder(.date, .ascending), limit: 4)
            #expect(ascending.items.map(\.post.id) == Array(posts.prefix(4)).map(\.id))
            await #expect(throws: NetworkError.self) { _ = try await h.network.feed.home(ana.token, limit: 0) }
            await #expect(throws: NetworkError.self) { _ = try await h.network.feed.home(ana.token, limit: 101) }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func homeFeedSortsByLikesBothWays(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let ana = try await h.signedIn("ana")
            let fans = [try await h.signedIn("fan1"), try await h.signedIn("fan2"), try await h.signedIn("fan3")]
            let posts = try await NetworkFixtures.publish(5, by: ana, in: h)
            for (post, likes) in zip(posts, [2, 0, 3, 2, 0]) {
                for fan in fans.prefix(likes) { try await h.network.posts.like(fan.token, post.id) }
            }
            // Ties by date, in the same direction.
            let descending = [posts[2], posts[3], posts[0], posts[4], posts[1]].map(\.id)
            var seen: [PostID] = []
            var page = try await h.network.feed.home(ana.token, order: .mostLiked, limit: 2)
            seen += page.items.map(\.post.id)
            while let next = page.next {
                page = try await h.network.feed.home(ana.token, order: .mostLiked, after: next, limit: 2)
                seen += page.items.map(\.post.id)
            }
            #expect(seen == descending)
            let ascending = try await h.network.feed.home(ana.token, order: FeedOrder(.likes, .ascending))
            #expect(ascending.items.map(\.post.id) == descending.reversed())
            #expect(ascending.next == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func exploreIsASeededShufflePagedWithoutRepeats(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let posts =
                try await NetworkFixtures.publish(6, by: ana, in: h) + NetworkFixtures.publish(5, by: ben, in: h)
            func all(seed: UInt64) async throws -> [PostID] {
                var ids: [PostID] = []
                var page = try await h.network.feed.explore(ben.token, seed: seed, limit: 4)
                ids += page.items.map(\.post.id)
                while let next = page.next {
                    page = try await h.network.feed.explore(ben.token, seed: seed, after: next, limit: 4)
                    ids += page.items.map(\.post.id)
                }
                return ids
            }
            let first = try await all(seed: 7)
            #expect(Set(first) == Set(posts.map(\.id)) && first.count == posts.count)
            #expect(try await all(seed: 7) == first)
            let other = try await all(seed: 8)
            #expect(other != first && Set(other) == Set(first))
            let expected = posts.map(\.id).sorted {
                let lhs = ExploreOrder.rank(seed: 7, postID: $0)
                let rhs = ExploreOrder.rank(seed: 7, postID: $1)
                return lhs != rhs ? lhs < rhs : $0.rawValue < $1.rawValue
            }
            #expect(first == expected)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func usersAreFoundByUsernamePrefix(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let me = try await h.signedIn("viewer")
            for name in ["Anna", "annabel", "anne_x", "bob", "an.dy"] { try await h.registerVerified(name) }
            let found = try await h.network.profiles.search(me.token, usernamePrefix: " ANN")
            #expect(found.items.map(\.username) == ["Anna", "annabel", "anne_x"])
            #expect(found.items.allSatisfy { $0.email == nil })
            let first = try await h.network.profiles.search(me.token, usernamePrefix: "an", limit: 2)
            #expect(first.items.map(\.username) == ["an.dy", "Anna"])
            let rest = try await h.network.profiles.search(me.token, usernamePrefix: "an", after: first.next, limit: 2)
            #expect(rest.items.map(\.username) == ["annabel", "anne_x"])
            #expect(try await h.network.profiles.search(me.token, usernamePrefix: "%").items.isEmpty)
            #expect(try await h.network.profiles.search(me.token, usernamePrefix: "' OR 1=1 --").items.isEmpty)
            #expect(try await h.network.profiles.search(me.token, usernamePrefix: "").items.isEmpty)
        }
    }
}
