import SocialClient
import SocialModel
import SocialModelMocks
import Testing

@Suite("SocialClient share link list")
struct SocialClientShareLinkListTests {
    @Test("the author lists the post's live links; another user is refused with forbidden")
    func listLinks() async throws {
        try await LoopbackServer().run { client, harness in
            let ana = try await client.signUp("ana", harness)
            let ben = try await client.signUp("ben", harness)
            let post = try await ana.publish(photo: MockPhotoProcessor.photo(width: 400, height: 300), caption: "Roof")
            #expect(try await ana.shareLinks(postID: post.id).isEmpty)
            let first = try await ana.createShareLink(postID: post.id)
            harness.clock.advance(by: 1)
            let second = try await ana.createShareLink(postID: post.id)
            #expect(try await ana.shareLinks(postID: post.id) == [first.link, second.link])
            try await ana.revokeShareLink(linkID: first.id)
            #expect(try await ana.shareLinks(postID: post.id) == [second.link])
            do throws(SocialClientError) {
                _ = try await ben.shareLinks(postID: post.id)
                Issue.record("a stranger listed another's share links")
            } catch .api(let error) {
                #expect(error.code == "forbidden" && error.status == 403)
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }
}
