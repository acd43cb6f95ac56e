import Foundation
import Hummingbird
import HummingbirdTesting
import SocialModel
import SocialModelAPI
import SocialModelHTTP
import Testing

/// Hashtags and mentions over HTTP: the feed's percent-encoded tag, search, the 422 for a tag
/// that is not one, and the authorization matrix's rows for blocked and muted users.
@Suite("Hashtags and mentions over HTTP")
struct HashtagRoutesTests {
    @Test("a hashtag's feed by any spelling of its tag; search by prefix; a bad tag answers 422")
    func feedAndSearch() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let owner = try await client.signUp("owner", in: fixture)
            let reader = try await client.signUp("reader", in: fixture)
            let post = try await client.publish(as: owner, caption: "Večer v #Tokio a #東京 s @reader")
            for tag in [
                "tokio", "%23TOKIO", "%EF%BC%83%EF%BD%94%EF%BD%8F%EF%BD%8B%EF%BD%89%EF%BD%8F", "%E6%9D%B1%E4%BA%AC",
            ] {
                let page = try await client.call(.get, "/hashtags/\(tag)/posts?limit=5", as: reader)
                #expect(page.status == .ok, "\(tag)")
                #expect(try page.decoded(CursorPage<PostView, FeedCursor>.self).items.map(\.post.id) == [post.id])
            }
            let found = try await client.call(.get, "/hashtags?prefix=%23T", as: reader)
            #expect(
                try found.decoded(CursorPage<HashtagSummary, String>.self).items == [.init(name: "tokio", postCount: 1)]
            )
            let notes = try await client.call(.get, "/notifications", as: reader)
            let mention = try #require(
                try notes.decoded(CursorPage<NetworkNotification, KeysetCursor>.self).items.first)
            #expect(mention.kind == .mention && mention.postID == post.id && mention.actorID == owner.user.id)

            let twoWords = try await client.call(.get, "/hashtags/two%20words/posts", as: reader)
            #expect(twoWords.status == .unprocessableContent && twoWords.apiError?.code == "invalid")
            let badEncoding = try await client.call(.get, "/hashtags/%E6%9D/posts", as: reader)
            #expect(badEncoding.status == .badRequest && badEncoding.apiError?.code == "invalid-parameter")
            let badCursor = try await client.call(.get, "/hashtags/tokio/posts?after=nope", as: reader)
            #expect(badCursor.status == .badRequest)
        }
    }

    @Test("blocked users neither see each other's tagged posts nor are told of each other's mentions")
    func blockedAndMuted() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let owner = try await client.signUp("owner", in: fixture)
            let blocked = try await client.signUp("blocked", in: fixture)
            let muted = try await client.signUp("muted", in: fixture)
            #expect(try await client.call(.put, "/users/\(blocked.user.id)/block", as: owner).status == .noContent)
            let mute = try await client.call(.put, "/users/\(muted.user.id)/mute?notifications=1", as: owner)
            #expect(mute.status == .noContent)
            let ownersPost = try await client.publish(as: owner, caption: "#river @blocked @muted")
            let blockedPost = try await client.publish(as: blocked, caption: "#river @owner")
            let mutedPost = try await client.publish(as: muted, caption: "#river @owner")
            // Published in the same second: the feed's order between them is by id, so compare sets.
            func feed(_ caller: Caller) async throws -> Set<PostID> {
                Set(
                    try await client.call(.get, "/hashtags/river/posts", as: caller)
                        .decoded(CursorPage<PostView, FeedCursor>.self).items.map(\.post.id))
            }
            #expect(try await feed(owner) == [ownersPost.id])
            #expect(try await feed(blocked) == [mutedPost.id, blockedPost.id])
            #expect(try await feed(muted) == [mutedPost.id, blockedPost.id, ownersPost.id])
            func notifications(_ caller: Caller) async throws -> [NetworkNotification] {
                try await client.call(.get, "/notifications", as: caller)
                    .decoded(CursorPage<NetworkNotification, KeysetCursor>.self).items
            }
            #expect(try await notifications(owner).isEmpty)
            #expect(try await notifications(blocked).isEmpty)
            #expect(try await notifications(muted).map(\.postID) == [ownersPost.id])
        }
    }
}
