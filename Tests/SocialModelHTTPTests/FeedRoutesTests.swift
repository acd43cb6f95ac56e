import Foundation
import HummingbirdTesting
import SocialModel
import SocialModelAPI
import SocialModelHTTP
import Testing

@Suite("Feed routes")
struct FeedRoutesTests {
    @Test("home feed pages with cursors: own and followed posts, newest first, each once")
    func homeFeedPages() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            let bo = try await client.signUp("bob", in: fixture)
            let stranger = try await client.signUp("cyd", in: fixture)
            _ = try await client.call(.put, "/users/\(bo.user.id)/follow", as: ada)
            var expected: [PostID] = []
            for (index, author) in [ada, bo, ada, bo, bo].enumerated() {
                fixture.harness.clock.advance(by: 60)
                expected.insert(try await client.publish(as: author, caption: "post \(index)").id, at: 0)
            }
            _ = try await client.publish(as: stranger)

            var seen: [PostID] = []
            var after: String?
            var pages = 0
            repeat {
                let query = "limit=2" + (after.map { "&after=\($0)" } ?? "")
                let page = try await client.call(.get, "/feed/home?\(query)", as: ada)
                    .decoded(CursorPage<PostView, FeedCursor>.self)
                seen += page.items.map(\.post.id)
                after = page.next?.description
                pages += 1
            } while after != nil && pages < 10
            #expect(seen == expected)

            let oldest = try await client.call(.get, "/feed/home?direction=ascending&limit=1", as: ada)
                .decoded(CursorPage<PostView, FeedCursor>.self)
            #expect(oldest.items.map(\.post.id) == [expected.last!])
        }
    }

    @Test("bad paging parameters are refused with their codes")
    func badParameters() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            let cursor = try await client.call(.get, "/feed/home?after=garbage", as: ada)
            #expect(cursor.status == .badRequest && cursor.apiError?.code == "invalid-parameter")
            let limit = try await client.call(.get, "/feed/home?limit=1000", as: ada)
            #expect(limit.status == .unprocessableContent)
            #expect(limit.apiError?.violations?.first?.rule == "out-of-range")
            let notANumber = try await client.call(.get, "/feed/home?limit=ten", as: ada)
            #expect(notANumber.apiError?.code == "invalid-parameter")
            let sort = try await client.call(.get, "/feed/home?sort=random", as: ada)
            #expect(sort.apiError?.code == "invalid-parameter")
            // A cursor of another list is not a feed cursor.
            let keyset = KeysetCursor(date: Date(), id: "x").description
            #expect(try await client.call(.get, "/feed/home?after=\(keyset)", as: ada).status == .badRequest)
        }
    }

    @Test("explore: the same seed gives the same order across pages")
    func explore() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            for _ in 0..<5 { _ = try await client.publish(as: ada) }
            let all = try await client.call(.get, "/feed/explore?seed=7&limit=5", as: ada)
                .decoded(CursorPage<PostView, ExploreCursor>.self)
            let first = try await client.call(.get, "/feed/explore?seed=7&limit=3", as: ada)
                .decoded(CursorPage<PostView, ExploreCursor>.self)
            let next = try #require(first.next?.description)
            let second = try await client.call(.get, "/feed/explore?seed=7&limit=3&after=\(next)", as: ada)
                .decoded(CursorPage<PostView, ExploreCursor>.self)
            #expect((first.items + second.items).map(\.post.id) == all.items.map(\.post.id))
            #expect(Set(all.items.map(\.post.id)).count == 5)
        }
    }
}
