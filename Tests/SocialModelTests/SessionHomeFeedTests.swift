import Foundation
import SocialModel
import SocialModelTesting
import Testing

/// `SocialNetwork.homeFeed(_:)` checks the session in the page's own read where the store can
/// (PostgreSQL: one statement), else in a read of its own: on every store it answers as
/// `session(token).feed.home(…)` does and refuses what a session check refuses.
@Suite("Home feed with its session check")
struct SessionHomeFeedTests {
    @Test(arguments: StoreKind.allCases)
    func answersAsTheSessionAndItsFeedDo(kind: StoreKind) async throws {
        try await kind.withStore { store, _ in
            let harness = SocialTestHarness(store: store)
            let network = harness.network
            let ana = try await harness.signedIn("ana1")
            let ben = try await harness.signedIn("ben1")
            let cy = try await harness.signedIn("cyd")
            // Dee follows nobody and has posted nothing: an empty feed, not a missing session.
            let dee = try await harness.signedIn("dee1")
            try await ana.profiles.follow(userID: ben.user.id)
            let start = harness.clock.now()
            for index in 0..<12 {
                let author = [ana, ben, cy][index % 3]
                let post = Post(
                    id: .random(), authorID: author.user.id, caption: "\(index)", width: 1, height: 1,
                    createdAt: start + Double(index / 2))
                try await store.insertPost(post, photos: [])
                if index % 4 == 0 { _ = try await cy.posts.like(postID: post.id) }
            }
            for member in [ana, dee] {
                for order in [FeedOrder.newest, .mostLiked, FeedOrder(.date, .ascending)] {
                    // Pages the walk fills, and a page it leaves short (completed per author).
                    for limit in [3, 50] {
                        var cursor: FeedCursor?
                        var pages = 0
                        repeat {
                            let expected = try await member.network.feed.home(order: order, after: cursor, limit: limit)
                            let page = try await network.homeFeed(
                                member.token, order: order, after: cursor, limit: limit)
                            #expect(page == expected, "\(member.user.username) \(order) \(limit)")
                            cursor = page.next
                            pages += 1
                        } while cursor != nil && pages < 10
                        #expect(pages < 10)
                    }
                }
            }
            #expect(try await network.homeFeed(ana.token, limit: 50).items.count == 8)
            #expect(try await network.homeFeed(dee.token).items.isEmpty)

            let unauthorized = NetworkError.account(.unauthorized)
            await #expect(throws: unauthorized) { try await network.homeFeed(SecretToken(rawValue: "no-such-token")) }
            // A bad token is refused before a bad page size is.
            await #expect(throws: unauthorized) { try await network.homeFeed(SecretToken(rawValue: "x"), limit: 0) }
            await #expect {
                try await network.homeFeed(ana.token, limit: 0)
            } throws: { error in
                guard case .invalid = error as? NetworkError else { return false }
                return true
            }
            try await ben.account.signOut()
            await #expect(throws: unauthorized) { try await network.homeFeed(ben.token) }
            // An expired session is refused and deleted, as a session check does.
            harness.clock.advance(by: AccountPolicy.standard.sessionLifetime + 1)
            await #expect(throws: unauthorized) { try await network.homeFeed(ana.token) }
            #expect(try await store.session(tokenHash: ana.token.hash) == nil)
            #expect(try await store.session(tokenHash: cy.token.hash) != nil)
        }
    }
}
