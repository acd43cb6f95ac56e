import Foundation
import Hummingbird
import HummingbirdTesting
import SocialModel
import SocialModelAPI
import SocialModelHTTP
import SocialModelMocks
import SocialModelTesting
import Testing

/// The content check over HTTP: a refusal's 422 answer, and held content through the
/// moderation routes.
@Suite("The content check over HTTP")
struct ContentCheckRoutesTests {
    static let photo = MockPhotoProcessor.photo(width: 400, height: 300)

    @Test("a refusal answers 422 content-refused with the check's code, in the asked language, and stores nothing")
    func refusal() async throws {
        let check = MockContentCheck()
        let fixture = HTTPFixture(contentCheck: WordListContentCheck(refusing: ["crud"]))
        let photoFixture = HTTPFixture(contentCheck: check)
        try await fixture.test { client in
            let ana = try await client.signUp("ana", in: fixture)
            let ben = try await client.signUp("ben", in: fixture)
            let post = try await client.publish(as: ben, caption: "fine")
            // Full-width letters, in the caption's query parameter.
            let caption = try await client.call(
                .post, "/posts?caption=%EF%BD%83%EF%BD%92%EF%BD%95%EF%BD%84", as: ana, body: Self.photo)
            let comment = try await client.call(
                .post, "/posts/\(post.id)/comments", as: ana, json: CommentRequest(text: "CRÚD!"),
                headers: [.acceptLanguage: "sk"])
            let message = try await client.call(
                .post, "/users/\(ben.user.id)/messages", as: ana, json: MessageRequest(text: "c\u{200D}rud"),
                headers: [.acceptLanguage: "cs"])
            for (answer, field) in [(caption, "caption"), (comment, "comment"), (message, "message")] {
                #expect(answer.status == .unprocessableContent)
                let error = try #require(answer.apiError)
                #expect(error.status == 422 && error.code == "content-refused")
                #expect(error.violations?.map(\.field) == [field] && error.violations?.map(\.rule) == ["blocked-word"])
            }
            #expect(caption.apiError?.message == "this caption contains a word the network does not allow")
            #expect(comment.apiError?.message == "komentár obsahuje slovo, ktoré sieť nepovoľuje")
            #expect(message.apiError?.message == "zpráva obsahuje slovo, které síť nepovoluje")
            let posts = try await client.call(.get, "/users/\(ana.user.id)/posts", as: ana)
                .decoded(CursorPage<PostView, FeedCursor>.self)
            #expect(posts.items.isEmpty)
            let comments = try await client.call(.get, "/posts/\(post.id)/comments", as: ben)
                .decoded(CursorPage<PostComment, KeysetCursor>.self)
            #expect(comments.items.isEmpty)
        }
        // A host check's own code, for a photo: its reason is shown as written.
        check.answer(.refuse(ContentRefusal(code: "nudity", reason: "the photo shows nudity")), for: .photo)
        try await photoFixture.test { client in
            let ana = try await client.signUp("ana", in: photoFixture)
            let refused = try await client.call(.post, "/posts", as: ana, body: Self.photo)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.apiError?.violations?.map(\.rule) == ["nudity"])
            #expect(refused.apiError?.message == "this photo cannot be published: the photo shows nudity")
        }
    }

    @Test("held content answers held, is shown to its author only, and the moderator releases or removes it")
    func heldFlow() async throws {
        let fixture = HTTPFixture(contentCheck: WordListContentCheck(refusing: [], holding: ["maybe"]))
        try await fixture.test { client in
            let ana = try await client.signUp("ana", in: fixture)
            let ben = try await client.signUp("ben", in: fixture)
            let moderator = try await client.signUp("moderator", in: fixture)
            try await fixture.harness.network.setModerator(userID: moderator.user.id, true)
            let fine = try await client.publish(as: ana, caption: "fine")
            let heldAnswer = try await client.call(.post, "/posts?caption=maybe", as: ana, body: Self.photo)
            #expect(heldAnswer.status == .created)
            #expect(String(buffer: heldAnswer.body).contains(#""held":true"#))
            let held = try heldAnswer.decoded(Post.self)
            #expect(held.held && !fine.held)
            fixture.harness.clock.advance(by: 1)
            let commented = try await client.call(
                .post, "/posts/\(fine.id)/comments", as: ana, json: CommentRequest(text: "Maybe."))
            let comment = try commented.decoded(PostComment.self)
            #expect(commented.status == .created && comment.held)
            fixture.harness.clock.advance(by: 1)
            let sent = try await client.call(
                .post, "/users/\(ben.user.id)/messages", as: ana, json: MessageRequest(text: "maybe tonight"))
            let message = try sent.decoded(Message.self)
            #expect(sent.status == .created && message.held)

            // The author sees it flagged; others do not see it at all.
            let own = try await client.call(.get, "/posts/\(held.id)", as: ana).decoded(PostView.self)
            #expect(own.post.held)
            #expect(try await client.call(.get, "/posts/\(held.id)", as: ben).status == .notFound)
            func comments(as caller: Caller) async throws -> [PostComment] {
                try await client.call(.get, "/posts/\(fine.id)/comments", as: caller)
                    .decoded(CursorPage<PostComment, KeysetCursor>.self).items
            }
            func messages(as caller: Caller) async throws -> [Message] {
                try await client.call(.get, "/conversations/\(message.conversationID)/messages", as: caller)
                    .decoded(CursorPage<Message, KeysetCursor>.self).items
            }
            #expect(try await comments(as: ana).map(\.id) == [comment.id])
            #expect(try await comments(as: ben).isEmpty)
            #expect(try await messages(as: ana).map(\.id) == [message.id])
            #expect(try await messages(as: ben).isEmpty)

            // The queue shows each hold with the word list's reason.
            let queue = try await client.call(.get, "/moderation/reports", as: moderator)
                .decoded(CursorPage<Report, KeysetCursor>.self).items
            #expect(queue.map(\.target) == [.post(held.id), .comment(comment.id), .message(message.id)])
            #expect(queue.allSatisfy { $0.reason == .contentCheck && $0.note == "the word list holds “maybe”" })
            func decide(_ report: Report, _ decision: ModerationDecision) async throws {
                let path = "/moderation/reports/\(report.id)/decision"
                let request = ModerationDecisionRequest(decision: decision, reason: "checked")
                #expect(try await client.call(.post, path, as: moderator, json: request).status == .ok)
            }
            try await decide(queue[0], .dismissed)
            try await decide(queue[1], .contentRemoved)
            try await decide(queue[2], .dismissed)
            let released = try await client.call(.get, "/posts/\(held.id)", as: ben)
            let releasedView = try released.decoded(PostView.self)
            #expect(released.status == .ok && !releasedView.post.held)
            #expect(try await comments(as: ana).isEmpty)
            #expect(try await messages(as: ben).map(\.id) == [message.id])
            let log = try await client.call(.get, "/moderation/log", as: moderator)
                .decoded(CursorPage<ModerationAction, KeysetCursor>.self).items
            #expect(Set(log.map(\.decision)) == [.dismissed, .contentRemoved] && log.count == 3)
        }
    }

    @Test("a held message's photo answers its recipient exactly as it answers a stranger, until it is released")
    func heldMessagePhoto() async throws {
        let fixture = HTTPFixture(contentCheck: WordListContentCheck(refusing: [], holding: ["maybe"]))
        try await fixture.test { client in
            let ana = try await client.signUp("ana", in: fixture)
            let ben = try await client.signUp("ben", in: fixture)
            let eve = try await client.signUp("eve", in: fixture)
            let moderator = try await client.signUp("moderator", in: fixture)
            try await fixture.harness.network.setModerator(userID: moderator.user.id, true)
            let sent = try await client.call(
                .post, "/users/\(ben.user.id)/messages?text=maybe", as: ana, body: Self.photo)
            let message = try sent.decoded(Message.self)
            #expect(sent.status == .created && message.held && message.hasPhoto)
            let path = "/messages/\(message.id)/photo"
            for method in [HTTPRequest.Method.get, .head] {
                let (recipient, stranger) = (
                    try await client.call(method, path, as: ben), try await client.call(method, path, as: eve)
                )
                #expect(recipient.status == .notFound && recipient.status == stranger.status)
                #expect(
                    recipient.body == stranger.body && recipient.headers[.contentType] == stranger.headers[.contentType]
                )
                #expect(try await client.call(method, path, as: ana).status == .ok)
            }
            #expect(try await client.call(.get, path, as: eve).apiError?.code == "not-found")
            let queue = try await client.call(.get, "/moderation/reports", as: moderator)
                .decoded(CursorPage<Report, KeysetCursor>.self).items
            let decision = ModerationDecisionRequest(decision: .dismissed, reason: "checked")
            let decided = try await client.call(
                .post, "/moderation/reports/\(try #require(queue.first).id)/decision", as: moderator, json: decision)
            #expect(decided.status == .ok)
            #expect(try await client.call(.get, path, as: ben).status == .ok)
            #expect(try await client.call(.get, path, as: eve).status == .notFound)
        }
    }
}
