import Foundation
import SocialModel
import Testing

/// Hashtags and mentions: the index a caption writes with its post, a hashtag's feed with
/// explore's visibility rule, hashtag search, and whom a mention notifies.
enum HashtagChecks {
    static let all: [ConformanceCheck] = [
        ConformanceCheck(.hashtags, "a caption's hashtags index its post, by key, until the post goes") { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let first = try await publish("Shibuya at night #Tokyo #東京", by: ana, in: h)
            let second = try await publish("＃ＴＯＫＹＯ again, #tokyo!", by: ben, in: h)
            let third = try await publish("#ďakujem #Tokyo", by: ana, in: h)
            _ = try await publish("no tags, https://example.com/#tokyo", by: ben, in: h)
            let newestFirst = [third.id, second.id, first.id]
            for tag in ["tokyo", "#TOKYO", "＃ｔｏｋｙｏ"] {
                #expect(try await ben.network.hashtags.posts(hashtag: tag).items.map(\.post.id) == newestFirst)
            }
            let paged = try await allPages {
                try await ana.network.hashtags.posts(hashtag: "tokyo", after: $0, limit: 2)
            }
            #expect(paged.map(\.post.id) == newestFirst)
            #expect(paged.allSatisfy { $0.author.email == nil })
            #expect(try await ana.network.hashtags.posts(hashtag: "東京").items.map(\.post.id) == [first.id])
            #expect(try await ana.network.hashtags.posts(hashtag: "Ďakujem").items.map(\.post.id) == [third.id])
            await #expect(throws: NetworkError.self) { _ = try await ana.network.hashtags.posts(hashtag: "two words") }

            let found = try await allPages { try await ben.network.hashtags.search(prefix: "#", after: $0, limit: 1) }
            #expect(found.isEmpty)
            let all = try await allPages { try await ben.network.hashtags.search(prefix: "t", after: $0, limit: 1) }
            #expect(all == [HashtagSummary(name: "tokyo", postCount: 3)])
            #expect(try await ben.network.hashtags.search(prefix: "#Ď").items.map(\.name) == ["ďakujem"])
            #expect(try await ben.network.hashtags.search(prefix: "東").items.map(\.postCount) == [1])
            for hostile in HostileInputChecks.texts + ["%", "t%", "t_", "\u{0}", "t\u{0}"] {
                #expect(try await ben.network.hashtags.search(prefix: hostile).items.isEmpty, "\(hostile)")
            }
            await #expect(throws: NetworkError.self) {
                _ = try await ben.network.hashtags.posts(hashtag: "tokyo'; DROP TABLE posts; --")
            }

            try await ana.posts.delete(postID: third.id)
            #expect(
                try await ben.network.hashtags.posts(hashtag: "tokyo").items.map(\.post.id) == [second.id, first.id])
            #expect(try await ben.network.hashtags.search(prefix: "ď").items.isEmpty)
        },
        ConformanceCheck(.hashtags, "a hashtag's feed leaves out what explore does: blocks, mutes, suspensions") { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let cyd = try await h.signedIn("cyd")
            let mod = try await h.signedIn("mod")
            try await h.network.setModerator(userID: mod.user.id, true)
            let anas = try await publish("#sunset", by: ana, in: h)
            let bens = try await publish("#sunset", by: ben, in: h)
            let cyds = try await publish("#sunset", by: cyd, in: h)
            try await ana.safety.block(userID: ben.user.id)
            try await cyd.safety.mute(userID: ana.user.id)
            func seen(by member: SocialTestHarness.Member) async throws -> Set<PostID> {
                Set(
                    try await allPages {
                        try await member.network.hashtags.posts(hashtag: "sunset", after: $0, limit: 1)
                    }.map(\.post.id))
            }
            #expect(try await seen(by: ana) == [anas.id, cyds.id])
            #expect(try await seen(by: ben) == [bens.id, cyds.id])
            #expect(try await seen(by: cyd) == [bens.id, cyds.id])
            // The feed filters inside its query, so a page stays full.
            #expect(try await ana.network.hashtags.posts(hashtag: "sunset", limit: 2).items.count == 2)
            try await ana.moderation.report(.user(cyd.user.id), reason: .spam)
            let report = try #require(try await mod.moderation.queue().items.first)
            try await mod.moderation.decide(reportID: report.id, .accountBanned, reason: "spam")
            #expect(try await seen(by: ana) == [anas.id])
            #expect(try await seen(by: mod) == [anas.id, bens.id])
        },
        ConformanceCheck(.hashtags, "a mention notifies each user once, never its writer, never across a block") { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let cyd = try await h.signedIn("cyd")
            let dan = try await h.signedIn("dan")
            let eve = try await h.signedIn("eve")
            try await ana.safety.block(userID: dan.user.id)
            try await eve.safety.mute(userID: ana.user.id, hidingNotifications: true)
            let post = try await publish(
                "with @ben, @BEN and ＠ｃｙｄ. @ana @dan @eve @nobody ben@example.com", by: ana, in: h)
            for member in [ben, cyd] {
                let notes = try await member.notifications.list().items
                #expect(notes.map(\.kind) == [.mention])
                #expect(notes.map(\.actorID) == [ana.user.id] && notes.map(\.postID) == [post.id])
                #expect(notes.first?.commentID == nil)
            }
            for member in [ana, dan, eve] { #expect(try await member.notifications.list().items.isEmpty) }
            // Eve's mute hides it, as it hides her other notifications from Ana: unmuting shows it.
            try await eve.safety.unmute(userID: ana.user.id)
            #expect(try await eve.notifications.list().items.map(\.kind) == [.mention])

            // A comment's mentions: the post's author gets the comment's notification only, and no
            // one who has a block with the post's author is told of it.
            let comment = try await ben.posts.comment(postID: post.id, text: "@ana @cyd @dan look")
            #expect(try await ana.notifications.list().items.map(\.kind) == [.comment])
            let cydNotes = try await cyd.notifications.list().items
            #expect(cydNotes.map(\.kind) == [.mention, .mention])
            #expect(cydNotes.first?.commentID == comment.id && cydNotes.first?.actorID == ben.user.id)
            #expect(try await dan.notifications.list().items.isEmpty)
            // They go with their text.
            try await ben.posts.deleteComment(commentID: comment.id)
            #expect(try await cyd.notifications.list().items.map(\.commentID) == [nil])
            try await ana.posts.delete(postID: post.id)
            #expect(try await cyd.notifications.list().items.isEmpty)
            #expect(try await ben.notifications.list().items.isEmpty)
        },
        ConformanceCheck(.hashtags, "a text with more hashtags or mentions than allowed is refused, storing nothing") {
            h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let limits = SocialTestHarness.networkPolicy.textEntities
            let tags = (0...limits.maximumHashtags).map { "#t\($0)" }.joined(separator: " ")
            let mentions =
                String(repeating: "@ben ", count: 3)
                + (1..<limits.maximumMentions).map { "@u\($0)" }
                .joined(separator: " ")
            await #expect(
                throws: NetworkError.invalid([
                    NetworkViolation(.caption, .tooManyEntries(maximum: limits.maximumHashtags))
                ])
            ) { _ = try await publish(tags, by: ana, in: h) }
            await #expect(
                throws: NetworkError.invalid([
                    NetworkViolation(.caption, .tooManyEntries(maximum: limits.maximumMentions))
                ])
            ) { _ = try await publish(mentions + " @u0", by: ana, in: h) }
            #expect(try await ana.feed.posts(authorID: ana.user.id).items.isEmpty)
            #expect(try await ben.notifications.list().items.isEmpty)
            // At the limits, the post is published (a repeated tag or mention counts once).
            let post = try await publish(mentions, by: ana, in: h)
            #expect(try await ben.notifications.list().items.map(\.postID) == [post.id])
            let counted = (1...limits.maximumHashtags).map { "#t\($0)" }.joined(separator: " ") + " #T1"
            _ = try await publish(counted, by: ana, in: h)
            #expect(try await ben.network.hashtags.search(prefix: "t").items.count == limits.maximumHashtags)
        },
    ]

    static func publish(_ caption: String, by member: SocialTestHarness.Member, in h: SocialTestHarness)
        async throws -> Post
    {
        let post = try await member.posts.publish(PostDraft(photo: SocialChecks.photo, caption: caption))
        h.clock.advance(by: 1)
        return post
    }
}
