import Foundation
import SocialModel
import SocialModelMocks
import Testing

/// The content-check hook over a store: a refusal stores nothing; held content is stored, shown
/// only to its author and queued for a moderator, whose decision releases or removes it.
enum ContentCheckChecks {
    /// The harness's network again, asking `check` about what it stores.
    static func network(_ h: SocialTestHarness, _ check: MockContentCheck) -> SocialNetwork {
        SocialNetwork(
            store: h.store, accounts: h.accounts, photos: MockPhotoProcessor(), policy: SocialTestHarness.networkPolicy,
            contentCheck: check)
    }

    static let all: [ConformanceCheck] = [
        ConformanceCheck(.moderation, "content the check refuses is not stored: captions, comments, messages, photos") {
            h in
            let check = MockContentCheck()
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let checked = network(h, check).session(ana.account)
            let post = try await SocialChecks.publish(1, by: ben, in: h)[0]
            let refusal = ContentRefusal(code: "test-refusal", reason: "not here")
            for field in [NetworkField.caption, .photo] {
                check.answer(.refuse(refusal), for: field)
                await #expect(throws: NetworkError.refused(field, refusal)) {
                    try await checked.posts.publish(PostDraft(photo: SocialChecks.photo, caption: "hello"))
                }
                check.answer(.allow, for: field)
            }
            check.answer(.refuse(refusal), for: .comment)
            await #expect(throws: NetworkError.refused(.comment, refusal)) {
                try await checked.posts.comment(postID: post.id, text: "hello")
            }
            check.answer(.refuse(refusal), for: .message)
            await #expect(throws: NetworkError.refused(.message, refusal)) {
                try await checked.messages.send(recipientID: ben.user.id, text: "hello")
            }
            check.answer(.allow, for: .message)
            check.answer(.refuse(refusal), for: .photo)
            await #expect(throws: NetworkError.refused(.photo, refusal)) {
                try await checked.messages.send(recipientID: ben.user.id, text: "", photo: SocialChecks.photo)
            }
            // Asked about what would be stored, by whom, and nothing was stored.
            #expect(check.calls.map(\.content.field) == [.caption, .caption, .photo, .comment, .message, .photo])
            #expect(check.calls.first?.content == .caption("hello"))
            #expect(check.calls.allSatisfy { $0.authorID == ana.user.id })
            #expect(try await ana.feed.posts(authorID: ana.user.id).items.isEmpty)
            #expect(try await ben.posts.comments(postID: post.id).items.isEmpty)
            #expect(try await ben.messages.inbox().items.isEmpty)
            #expect(try await ana.moderation.myReports().items.isEmpty)
        },
        ConformanceCheck(.moderation, "held content is shown to its author only, until a moderator acts") { h in
            let check = MockContentCheck()
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let mod = try await h.signedIn("mod")
            try await h.network.setModerator(userID: mod.user.id, true)
            try await ben.profiles.follow(userID: ana.user.id)
            let checked = network(h, check).session(ana.account)
            func held(_ field: NetworkField, _ body: () async throws -> Void) async throws {
                check.answer(.hold(reason: "\(field.rawValue) looks off"), for: field)
                try await body()
                check.answer(.allow, for: field)
                h.clock.advance(by: 1)
            }
            var posts: [Post] = []
            var comment: PostComment?
            var message: Message?
            try await held(.caption) {
                posts.append(try await checked.posts.publish(PostDraft(photo: SocialChecks.photo)))
            }
            try await held(.caption) {
                posts.append(try await checked.posts.publish(PostDraft(photo: SocialChecks.photo, caption: "maybe")))
            }
            try await held(.photo) {
                posts.append(try await checked.posts.publish(PostDraft(photo: SocialChecks.photo)))
            }
            let shown = try await checked.posts.publish(PostDraft(photo: SocialChecks.photo, caption: "fine"))
            h.clock.advance(by: 1)
            try await held(.comment) { comment = try await checked.posts.comment(postID: shown.id, text: "hmm") }
            try await held(.message) {
                message = try await checked.messages.send(recipientID: ben.user.id, text: "psst")
            }
            let (heldComment, heldMessage) = (try #require(comment), try #require(message))
            // An empty caption is not asked about, so the first post went out.
            #expect(posts.map(\.held) == [false, true, true] && !shown.held && heldComment.held && heldMessage.held)
            let heldPosts = Array(posts.dropFirst())
            // The author sees everything, flagged.
            let own = try await ana.feed.posts(authorID: ana.user.id).items
            #expect(own.map(\.post.id) == [shown.id] + heldPosts.reversed().map(\.id) + [posts[0].id])
            #expect(own.map(\.post.held) == [false, true, true, false])
            #expect(try await ana.posts.post(postID: heldPosts[0].id).post.held)
            #expect(try await ana.posts.comments(postID: shown.id).items.map(\.held) == [true])
            #expect(
                try await ana.messages.messages(conversationID: heldMessage.conversationID).items.map(\.id) == [
                    heldMessage.id
                ])
            // Others see none of it.
            let visible = [shown.id, posts[0].id]
            #expect(try await ben.feed.home().items.map(\.post.id) == visible)
            #expect(try await ben.feed.posts(authorID: ana.user.id).items.map(\.post.id) == visible)
            #expect(Set(try await ben.feed.explore(seed: 7).items.map(\.post.id)) == Set(visible))
            for post in heldPosts {
                try await SafetyChecks.expectNotFound(.post) { _ = try await ben.posts.post(postID: post.id) }
                try await SafetyChecks.expectNotFound(.post) { try await ben.posts.like(postID: post.id) }
            }
            #expect(try await ben.posts.post(postID: shown.id).firstComment == nil)
            #expect(try await ben.posts.comments(postID: shown.id).items.isEmpty)
            #expect(try await ben.messages.inbox().items.isEmpty)
            #expect(try await ben.messages.messages(conversationID: heldMessage.conversationID).items.isEmpty)
            await #expect(throws: NetworkError.forbidden) {
                try await ben.moderation.report(.user(ana.user.id), reason: .contentCheck)
            }
            // The moderator sees each hold with the check's reason, by its author.
            let queue = try await mod.moderation.queue().items
            #expect(
                queue.map(\.target) == heldPosts.map { .post($0.id) } + [
                    .comment(heldComment.id), .message(heldMessage.id),
                ])
            #expect(
                queue.map(\.note) == ["caption looks off", "photo looks off", "comment looks off", "message looks off"])
            #expect(queue.allSatisfy { $0.reason == .contentCheck && $0.reporterID == ana.user.id })
            // Removing removes; dismissing releases; both are logged, and the author sees the outcome.
            try await mod.moderation.decide(reportID: queue[1].id, .contentRemoved, reason: "not for here")
            for report in [queue[0], queue[2], queue[3]] {
                h.clock.advance(by: 1)
                try await mod.moderation.decide(reportID: report.id, .dismissed, reason: "fine")
            }
            #expect(try await ben.feed.home().items.map(\.post.id) == [shown.id, heldPosts[0].id, posts[0].id])
            #expect(try await !ben.posts.post(postID: heldPosts[0].id).post.held)
            try await SafetyChecks.expectNotFound(.post) { _ = try await ana.posts.post(postID: heldPosts[1].id) }
            #expect(try await ben.posts.comments(postID: shown.id).items.map(\.id) == [heldComment.id])
            #expect(try await ben.posts.post(postID: shown.id).firstComment?.id == heldComment.id)
            #expect(
                try await ben.messages.messages(conversationID: heldMessage.conversationID).items.map(\.id) == [
                    heldMessage.id
                ])
            #expect(try await ben.messages.inbox().items.map(\.lastMessage?.id) == [heldMessage.id])
            #expect(
                try await mod.moderation.log().items.map(\.decision) == [
                    .dismissed, .dismissed, .dismissed, .contentRemoved,
                ])
            #expect(Set(try await ana.moderation.myReports().items.map(\.outcome)) == [.dismissed, .contentRemoved])
        },
        ConformanceCheck(.moderation, "a held message reaches its recipient only when its hold ends") { h in
            let check = MockContentCheck()
            let (ana, ben, cat) = (
                try await h.signedIn("ana"), try await h.signedIn("ben"), try await h.signedIn("cat")
            )
            let mod = try await h.signedIn("mod")
            try await h.network.setModerator(userID: mod.user.id, true)
            let checked = network(h, check).session(ana.account)
            let hello = try await checked.messages.send(recipientID: ben.user.id, text: "hello")
            h.clock.advance(by: 1)
            let (benInbox, catInbox) = (try await ben.messages.inbox(), try await cat.messages.inbox())
            #expect(benInbox.items.map(\.lastMessage?.id) == [hello.id] && benInbox.items.map(\.unreadCount) == [1])
            // Held: to ben in his conversation, with a photo; to cat in a conversation it opens.
            check.answer(.hold(reason: "looks off"), for: .message)
            let held = try await checked.messages.send(
                recipientID: ben.user.id, text: "psst", photo: SocialChecks.photo)
            h.clock.advance(by: 1)
            let opening = try await checked.messages.send(recipientID: cat.user.id, text: "hi cat")
            h.clock.advance(by: 1)
            check.answer(.allow, for: .message)
            #expect(held.held && opening.held)
            // The recipients' inboxes, order and unread counts are as if nothing was sent (the
            // store's own list too, so no reader has to look past a held latest message)…
            #expect(try await ben.messages.inbox() == benInbox)
            #expect(try await cat.messages.inbox() == catInbox)
            let benList = try await h.store.conversations(userID: ben.user.id, after: nil, limit: 10)
            #expect(benList.map(\.lastMessage?.id) == [hello.id])
            #expect(try await ben.messages.unreadCount() == 1)
            #expect(try await cat.messages.unreadCount() == 0)
            // …the photo answers as to a stranger, and reading leaves the held message unread.
            for reader in [ben, cat] {
                try await SafetyChecks.expectNotFound(.photo) {
                    _ = try await reader.messages.photo(messageID: held.id)
                }
            }
            #expect(try await !ana.messages.photo(messageID: held.id).isEmpty)
            #expect(try await ben.messages.markRead(conversationID: hello.conversationID) == 1)
            let anaSees = try await ana.messages.messages(conversationID: hello.conversationID).items
            #expect(anaSees.map(\.id) == [held.id, hello.id] && anaSees[0].readAt == nil && anaSees[1].readAt != nil)
            // The sender's own inbox shows both.
            #expect(Set(try await ana.messages.inbox().items.compactMap(\.lastMessage?.id)) == [held.id, opening.id])
            // Released: delivered as if sent at the decision; removed: never delivered.
            let queue = try await mod.moderation.queue().items
            #expect(queue.map(\.target) == [.message(held.id), .message(opening.id)])
            try await mod.moderation.decide(reportID: queue[0].id, .dismissed, reason: "fine")
            try await mod.moderation.decide(reportID: queue[1].id, .contentRemoved, reason: "not fine")
            let released = try await ben.messages.inbox().items
            #expect(released.map(\.lastMessage?.id) == [held.id] && released.map(\.unreadCount) == [1])
            #expect(released.first?.conversation.lastMessageAt == h.clock.now())
            #expect(released.first?.lastMessage?.createdAt == h.clock.now())
            #expect(try await ben.messages.unreadCount() == 1)
            #expect(try await !ben.messages.photo(messageID: held.id).isEmpty)
            #expect(try await cat.messages.inbox() == catInbox)
            #expect(try await cat.messages.unreadCount() == 0)
        },
        ConformanceCheck(
            .moderation,
            "a released message reaches its recipient as if sent then: live, counted, though they hid the conversation"
        ) { h in
            let check = MockContentCheck()
            let (ana, ben, mod) = (
                try await h.signedIn("ana"), try await h.signedIn("ben"), try await h.signedIn("mod")
            )
            try await h.network.setModerator(userID: mod.user.id, true)
            let checked = network(h, check).session(ana.account)
            let hello = try await checked.messages.send(recipientID: ben.user.id, text: "hello")
            h.clock.advance(by: 1)
            check.answer(.hold(reason: "looks off"), for: .message)
            let held = try await checked.messages.send(recipientID: ben.user.id, text: "psst")
            h.clock.advance(by: 1)
            // Ben deletes (hides) the conversation while the message is held: its watermark is past it.
            try await ben.messages.delete(conversationID: hello.conversationID)
            #expect(try await ben.messages.inbox().items.isEmpty)
            h.clock.advance(by: 1)
            let (benLive, anaLive) = (ben.messages.updates(), ana.messages.updates())
            let report = try #require(try await mod.moderation.queue().items.first)
            try await mod.moderation.decide(reportID: report.id, .dismissed, reason: "fine")
            // Both get the live update a message sent now makes: the message, released and dated now.
            var released = held
            (released.held, released.createdAt) = (false, h.clock.now())
            #expect(await first(1, of: benLive) == [released])
            #expect(await first(1, of: anaLive) == [released])
            let inbox = try await ben.messages.inbox().items
            #expect(inbox.map(\.lastMessage) == [released] && inbox.map(\.unreadCount) == [1])
            #expect(inbox.first?.conversation.lastMessageAt == h.clock.now())
            #expect(try await ben.messages.unreadCount() == 1)
            #expect(try await ben.messages.messages(conversationID: hello.conversationID).items == [released])
            #expect(try await ben.messages.markRead(conversationID: hello.conversationID) == 1)
            // To its sender it moves after what was sent before its release, and before what follows.
            h.clock.advance(by: 1)
            let reply = try await ben.messages.send(recipientID: ana.user.id, text: "what?")
            let anaSees = try await ana.messages.messages(conversationID: hello.conversationID).items
            #expect(anaSees.map(\.id) == [reply.id, held.id, hello.id])
            #expect(try await ben.messages.inbox().items.map(\.lastMessage) == [reply])
        },
        ConformanceCheck(.moderation, "a held comment counts for no one, its author included, until its hold ends") {
            h in
            let check = MockContentCheck()
            let (ana, ben, mod) = (
                try await h.signedIn("ana"), try await h.signedIn("ben"), try await h.signedIn("mod")
            )
            try await h.network.setModerator(userID: mod.user.id, true)
            try await ana.profiles.follow(userID: ben.user.id)
            let post = try await SocialChecks.publish(1, by: ben, in: h)[0]
            let checked = network(h, check).session(ana.account)
            _ = try await checked.posts.comment(postID: post.id, text: "fine")
            check.answer(.hold(reason: "looks off"), for: .comment)
            let held = try await checked.posts.comment(postID: post.id, text: "hmm")
            let deleted = try await checked.posts.comment(postID: post.id, text: "hmm again")
            check.answer(.allow, for: .comment)
            // The post's count as each list and read gives it, to its author, the comments' author and the store.
            let counts = { () async throws -> [Int?] in
                let home = try await ana.feed.home().items
                let own = try await ben.feed.posts(authorID: ben.user.id).items
                return [
                    try await ben.posts.post(postID: post.id).post.commentCount,
                    try await ana.posts.post(postID: post.id).post.commentCount,
                    home.first { $0.post.id == post.id }?.post.commentCount, own.first?.post.commentCount,
                    try await h.store.post(id: post.id)?.commentCount,
                ]
            }
            #expect(try await counts() == [1, 1, 1, 1, 1])
            try await ana.posts.deleteComment(commentID: deleted.id)
            #expect(try await counts() == [1, 1, 1, 1, 1])
            let report = try #require(try await mod.moderation.queue().items.first { $0.target == .comment(held.id) })
            try await mod.moderation.decide(reportID: report.id, .dismissed, reason: "fine")
            #expect(try await counts() == [2, 2, 2, 2, 2])
        },
    ]
}
