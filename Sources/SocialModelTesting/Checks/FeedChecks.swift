import Foundation
import SocialModel
import Testing

/// The home feed, explore, a user's posts and user search.
enum FeedChecks {
    static let all: [ConformanceCheck] = [
        ConformanceCheck(.feed, "home feed pages stay correct while new posts arrive") { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let stranger = try await h.signedIn("stranger")
            try await ana.profiles.follow(userID: ben.user.id)
            var posts: [Post] = []
            for index in 0..<7 {
                posts += try await SocialChecks.publish(1, by: index.isMultiple(of: 2) ? ana : ben, in: h)
            }
            _ = try await SocialChecks.publish(2, by: stranger, in: h)
            // Two posts at the same instant: the id breaks the tie.
            let twinA = try await ana.posts.publish(PostDraft(photo: SocialChecks.photo))
            let twinB = try await ben.posts.publish(PostDraft(photo: SocialChecks.photo))
            posts += [twinA, twinB].sorted { $0.id.rawValue < $1.id.rawValue }
            h.clock.advance(by: 1)

            // New posts arrive between pages; they must not shift what follows.
            let seen = try await allPages {
                try await ana.feed.home(after: $0, limit: 3)
            } between: {
                _ = try await SocialChecks.publish(1, by: ben, in: h, caption: "late")
            }
            #expect(seen.map(\.post.id) == posts.reversed().map(\.id))

            let ascending = try await ana.feed.home(order: FeedOrder(.date, .ascending), limit: 4)
            #expect(ascending.items.map(\.post.id) == Array(posts.prefix(4)).map(\.id))
            await #expect(throws: NetworkError.self) { _ = try await ana.feed.home(limit: 0) }
            await #expect(throws: NetworkError.self) { _ = try await ana.feed.home(limit: 101) }
        },
        ConformanceCheck(.feed, "the home feed sorts by likes both ways") { h in
            let ana = try await h.signedIn("ana")
            let fans = [try await h.signedIn("fan1"), try await h.signedIn("fan2"), try await h.signedIn("fan3")]
            let posts = try await SocialChecks.publish(5, by: ana, in: h)
            for (post, likes) in zip(posts, [2, 0, 3, 2, 0]) {
                for fan in fans.prefix(likes) { try await fan.posts.like(postID: post.id) }
            }
            // Ties by date, in the same direction.
            let descending = [posts[2], posts[3], posts[0], posts[4], posts[1]].map(\.id)
            let seen = try await allPages { try await ana.feed.home(order: .mostLiked, after: $0, limit: 2) }
            #expect(seen.map(\.post.id) == descending)
            let ascending = try await ana.feed.home(order: FeedOrder(.likes, .ascending))
            #expect(ascending.items.map(\.post.id) == descending.reversed() && ascending.next == nil)
        },
        ConformanceCheck(.feed, "a user's posts page in either order") { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let posts = try await SocialChecks.publish(5, by: ana, in: h)
            _ = try await SocialChecks.publish(2, by: ben, in: h)
            try await ben.posts.like(postID: posts[1].id)
            let seen = try await allPages { try await ben.feed.posts(authorID: ana.user.id, after: $0, limit: 2) }
            #expect(seen.map(\.post.id) == posts.reversed().map(\.id))
            let liked = try await ben.feed.posts(authorID: ana.user.id, order: .mostLiked, limit: 1).items
            #expect(liked.map(\.post.id) == [posts[1].id] && liked[0].likedByViewer && liked[0].author.email == nil)
        },
        ConformanceCheck(.feed, "explore is a seeded shuffle, paged without repeats") { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let posts =
                try await SocialChecks.publish(6, by: ana, in: h) + SocialChecks.publish(5, by: ben, in: h)
            func all(seed: UInt64) async throws -> [PostID] {
                try await allPages { try await ben.feed.explore(seed: seed, after: $0, limit: 4) }.map(\.post.id)
            }
            let first = try await all(seed: 7)
            #expect(Set(first) == Set(posts.map(\.id)) && first.count == posts.count)
            #expect(try await all(seed: 7) == first)
            let other = try await all(seed: 8)
            #expect(other != first && Set(other) == Set(first))
            let expected = posts.map(\.id).sorted {
                (ExploreOrder.rank(seed: 7, postID: $0), $0.rawValue) < (
                    ExploreOrder.rank(seed: 7, postID: $1), $1.rawValue
                )
            }
            #expect(first == expected)
        },
        ConformanceCheck(.profiles, "users are found by username prefix") { h in
            let me = try await h.signedIn("viewer")
            for name in ["Anna", "annabel", "anne_x", "bob", "an.dy"] { try await h.registerVerified(name) }
            let found = try await me.profiles.search(usernamePrefix: " ANN")
            #expect(found.items.map(\.username) == ["Anna", "annabel", "anne_x"])
            #expect(found.items.allSatisfy { $0.email == nil })
            let first = try await me.profiles.search(usernamePrefix: "an", limit: 2)
            #expect(first.items.map(\.username) == ["an.dy", "Anna"])
            let rest = try await me.profiles.search(usernamePrefix: "an", after: first.next, limit: 2)
            #expect(rest.items.map(\.username) == ["annabel", "anne_x"])
            #expect(try await me.profiles.search(usernamePrefix: "%").items.isEmpty)
            #expect(try await me.profiles.search(usernamePrefix: "' OR 1=1 --").items.isEmpty)
            #expect(try await me.profiles.search(usernamePrefix: "").items.isEmpty)
        },
    ]
}
