import Foundation
import SocialModel
import SocialModelMocks
import SocialModelTesting
import Testing

/// Mentions reach the mentioned user's live stream as they are stored, and keep the rule of the
/// notification list: a mute that hides the writer's notifications keeps them off the stream too.
@Suite("Mentions over live updates")
struct MentionLiveTests {
    @Test(arguments: [StoreKind.inMemory, .postgres])
    func mentionsReachTheMentionedLive(_ kind: StoreKind) async throws {
        try await kind.withStore { store, _ in
            let h = SocialTestHarness(store: store)
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let cyd = try await h.signedIn("cyd")
            try await cyd.safety.mute(userID: ana.user.id, hidingNotifications: true)
            let bens = ben.notifications.updates()
            let cyds = cyd.notifications.updates()
            let photo = MockPhotoProcessor.photo(width: 8, height: 8)
            let post = try await ana.posts.publish(PostDraft(photo: photo, caption: "@cyd and @ben, look"))
            let toBen = await first(1, of: bens, within: .seconds(10))
            #expect(toBen.map(\.kind) == [.mention] && toBen.map(\.postID) == [post.id])
            // Cyd's first event is Ben's mention in a comment, not Ana's muted one.
            let comment = try await ben.posts.comment(postID: post.id, text: "@cyd see this")
            let toCyd = await first(1, of: cyds, within: .seconds(10))
            #expect(toCyd.map(\.actorID) == [ben.user.id] && toCyd.map(\.commentID) == [comment.id])
        }
    }
}
