import Foundation
import HummingbirdTesting
import SocialModel
import SocialModelAPI
import SocialModelHTTP
import Testing

@Suite("Listing a post's share links over HTTP")
struct ShareLinkListRoutesTests {
    /// The answer's body as JSON members, to see that no token is in it.
    static func members(_ response: TestResponse) throws -> [[String: Any]] {
        let body = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]
        return try #require(body?["links"] as? [[String: Any]])
    }

    @Test("the author gets the live links, oldest first, without tokens; another user 403; no session 401")
    func listLinks() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ana = try await client.signUp("ana", in: fixture)
            let ben = try await client.signUp("ben", in: fixture)
            let post = try await client.publish(as: ana)
            let path = "/posts/\(post.id)/share-links"

            let none = try await client.call(.get, path, as: ana)
            let noLinks = try Self.members(none)
            #expect(none.status == .ok && noLinks.isEmpty)

            var created: [CreatedShareLink] = []
            for _ in 0..<3 {
                created.append(try await client.call(.post, path, as: ana).decoded(CreatedShareLink.self))
                fixture.harness.clock.advance(by: 1)
            }
            #expect(try await client.call(.delete, "/share-links/\(created[1].id)", as: ana).status == .noContent)

            let listed = try await client.call(.get, path, as: ana)
            #expect(listed.status == .ok)
            #expect(try listed.decoded(ShareLinkListBody.self).links == [created[0].link, created[2].link])
            let members = try Self.members(listed)
            #expect(members.allSatisfy { Set($0.keys) == ["id", "postID", "createdAt"] })

            let stranger = try await client.call(.get, path, as: ben)
            #expect(stranger.status == .forbidden && stranger.apiError?.code == "forbidden")
            let anonymous = try await client.call(.get, path)
            #expect(anonymous.status == .unauthorized && anonymous.apiError?.code == "unauthorized")
            let missing = try await client.call(.get, "/posts/no-such-post/share-links", as: ana)
            #expect(missing.status == .notFound && missing.apiError?.entity == "post")
        }
    }

    struct ShareLinkListBody: Decodable {
        let links: [ShareLink]
    }
}
