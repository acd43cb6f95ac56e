import Foundation
import SocialModel
import Testing

/// Reports and moderation: what may be reported, the one open report per target, the queue's
/// order and who may read it, what a decision closes and records.
enum ModerationChecks {
    static let all: [ConformanceCheck] = [
        ConformanceCheck(.moderation, "a user reports what they can see, once while it is open") { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let cyd = try await h.signedIn("cyd")
            let post = try await SocialChecks.publish(1, by: ben, in: h)[0]
            let comment = try await ben.posts.comment(postID: post.id, text: "mine")
            let message = try await ben.messages.send(recipientID: ana.user.id, text: "hi")
            for target in [ReportTarget.post(post.id), .comment(comment.id), .message(message.id), .user(ben.user.id)] {
                #expect(try await ana.moderation.report(target, reason: .spam, note: "  look  "))
                #expect(try await !ana.moderation.report(target, reason: .hate))
                h.clock.advance(by: 1)
            }
            let mine = try await ana.moderation.myReports().items
            #expect(mine.map(\.target.kind) == [.user, .message, .comment, .post])
            #expect(mine.allSatisfy { $0.reportedUserID == ben.user.id && $0.reason == .spam && $0.outcome == nil })
            #expect(mine.map(\.note) == Array(repeating: "look", count: 4))
            // Not one's own, not a message of someone else's conversation, not past a block.
            await #expect(throws: NetworkError.selfAction) {
                try await ben.moderation.report(.post(post.id), reason: .spam)
            }
            try await SafetyChecks.expectNotFound(.message) {
                try await cyd.moderation.report(.message(message.id), reason: .spam)
            }
            try await ben.safety.block(userID: cyd.user.id)
            try await SafetyChecks.expectNotFound(.post) {
                try await cyd.moderation.report(.post(post.id), reason: .spam)
            }
            try await SafetyChecks.expectNotFound(.comment) {
                try await cyd.moderation.report(.comment(CommentID(rawValue: "cmt_none")), reason: .spam)
            }
            let long = String(repeating: "x", count: Report.noteMaximumLength + 1)
            await #expect(throws: NetworkError.invalid([NetworkViolation(.note, .tooLong(maximum: 1000))])) {
                try await cyd.moderation.report(.user(ana.user.id), reason: .other, note: long)
            }
            #expect(try await cyd.moderation.myReports().items.isEmpty)
        },
        ConformanceCheck(.moderation, "only moderators read the queue, oldest first, by page") { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let mod = try await h.signedIn("mod")
            for reporter in [ana, mod] {
                try await reporter.moderation.report(.user(ben.user.id), reason: .harassment)
                h.clock.advance(by: 1)
            }
            try await ben.moderation.report(.user(ana.user.id), reason: .spam)
            await #expect(throws: NetworkError.forbidden) { _ = try await mod.moderation.queue() }
            await #expect(throws: NetworkError.forbidden) { _ = try await mod.moderation.log() }
            try await h.network.setModerator(userID: mod.user.id, true)
            try await h.network.setModerator(userID: mod.user.id, true)
            #expect(try await mod.moderation.isModerator())
            #expect(try await !ana.moderation.isModerator())
            let queue = try await allPages { try await mod.moderation.queue(after: $0, limit: 2) }
            #expect(queue.map(\.reporterID) == [ana.user.id, mod.user.id, ben.user.id])
            await #expect(throws: NetworkError.notFound(.user)) {
                try await h.network.setModerator(userID: UserID(rawValue: "usr_none"), true)
            }
            try await h.network.setModerator(userID: mod.user.id, false)
            await #expect(throws: NetworkError.forbidden) { _ = try await mod.moderation.queue() }
        },
        ConformanceCheck(.moderation, "a decision closes every open report of its target and is logged") { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let cyd = try await h.signedIn("cyd")
            let mod = try await h.signedIn("mod")
            try await h.network.setModerator(userID: mod.user.id, true)
            let posts = try await SocialChecks.publish(2, by: ben, in: h)
            for (reporter, post) in [(ana, posts[0]), (cyd, posts[0]), (cyd, posts[1])] {
                try await reporter.moderation.report(.post(post.id), reason: .violence)
                h.clock.advance(by: 1)
            }
            let first = try #require(try await mod.moderation.queue().items.first)
            // A suspension needs a future end; only content can be removed.
            await #expect(
                throws: NetworkError.invalid([
                    NetworkViolation(.until, .malformed(expected: "a future date, for a suspension only"))
                ])
            ) {
                try await mod.moderation.decide(reportID: first.id, .accountSuspended, reason: "threats")
            }
            h.clock.advance(by: 5)
            let action = try await mod.moderation.decide(reportID: first.id, .contentRemoved, reason: "threats")
            try await SafetyChecks.expectNotFound(.post) { _ = try await ana.posts.post(postID: posts[0].id) }
            try await SafetyChecks.expectNotFound(.report) {
                try await mod.moderation.decide(reportID: first.id, .dismissed, reason: "again")
            }
            #expect(try await ana.moderation.myReports().items.map(\.outcome) == [.contentRemoved])
            #expect(try await ana.moderation.myReports().items.first?.resolvedAt == h.clock.now())
            #expect(try await cyd.moderation.myReports().items.map(\.outcome) == [nil, .contentRemoved])
            #expect(try await mod.moderation.queue().items.map(\.target) == [.post(posts[1].id)])
            let log = try await mod.moderation.log().items
            #expect(log == [action])
            #expect(log.first?.moderatorID == mod.user.id && log.first?.userID == ben.user.id)
            #expect(log.first?.reason == "threats" && log.first?.target == .post(posts[0].id))
            // A decided target may be reported again.
            try await ana.moderation.report(.user(ben.user.id), reason: .spam)
            let userReport = try #require(try await mod.moderation.queue().items.last)
            await #expect(
                throws: NetworkError.invalid([
                    NetworkViolation(.decision, .malformed(expected: "a post, comment or message to remove"))
                ])
            ) {
                try await mod.moderation.decide(reportID: userReport.id, .contentRemoved, reason: "no")
            }
            await #expect(throws: NetworkError.forbidden) {
                try await ana.moderation.decide(reportID: userReport.id, .dismissed, reason: "mine")
            }
            try await mod.moderation.decide(reportID: userReport.id, .dismissed, reason: "not spam")
            #expect(try await ana.moderation.myReports().items.map(\.outcome) == [.dismissed, .contentRemoved])
            // Reports go with the reporter's account; the audit log stays.
            try await ana.account.deleteAccount()
            #expect(try await mod.moderation.log().items.count == 2)
            #expect(try await mod.moderation.queue().items.map(\.reporterID) == [cyd.user.id])
        },
        ConformanceCheck(.moderation, "a suspended account cannot sign in, its sessions end, its content is hidden") {
            h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let mod = try await h.signedIn("mod")
            try await h.network.setModerator(userID: mod.user.id, true)
            try await ana.profiles.follow(userID: ben.user.id)
            let anas = try await SocialChecks.publish(1, by: ana, in: h)
            let bens = try await SocialChecks.publish(1, by: ben, in: h)
            try await ben.posts.like(postID: anas[0].id)
            try await ana.moderation.report(.user(ben.user.id), reason: .harassment)
            let report = try #require(try await mod.moderation.queue().items.first)
            let until = h.clock.now() + 3600
            try await mod.moderation.decide(reportID: report.id, .accountSuspended, reason: "abuse", until: until)
            await #expect(throws: AccountError.unauthorized) { _ = try await h.accounts.session(ben.token) }
            await #expect(throws: AccountError.suspended(until: until)) {
                _ = try await h.accounts.signIn(
                    email: "ben@example.com", password: SocialTestHarness.password, clientKey: "test")
            }
            // Hidden from everyone, like a block with each (the moderator too).
            for viewer in [ana, mod] {
                try await SafetyChecks.expectNotFound(.user) {
                    _ = try await viewer.profiles.profile(userID: ben.user.id)
                }
                try await SafetyChecks.expectNotFound(.post) { _ = try await viewer.posts.post(postID: bens[0].id) }
                #expect(try await viewer.profiles.search(usernamePrefix: "ben").items.isEmpty)
                #expect(try await !viewer.feed.explore(seed: 1).items.contains { $0.post.id == bens[0].id })
            }
            #expect(try await ana.feed.home().items.map(\.post.id) == [anas[0].id])
            #expect(try await ana.notifications.list().items.isEmpty)
            // It ends at its date: the next sign-in lifts it.
            h.clock.advance(by: 3601)
            _ = try await h.accounts.signIn(
                email: "ben@example.com", password: SocialTestHarness.password, clientKey: "test")
            #expect(try await ana.posts.post(postID: bens[0].id).post.id == bens[0].id)
            // A ban has no end.
            try await ana.moderation.report(.post(bens[0].id), reason: .spam)
            let second = try #require(try await mod.moderation.queue().items.first)
            try await mod.moderation.decide(reportID: second.id, .accountBanned, reason: "again")
            h.clock.advance(by: 86_400 * 365)
            await #expect(throws: AccountError.suspended(until: nil)) {
                _ = try await h.accounts.signIn(
                    email: "ben@example.com", password: SocialTestHarness.password, clientKey: "test")
            }
            #expect(try await mod.moderation.log().items.map(\.decision) == [.accountBanned, .accountSuspended])
        },
        ConformanceCheck(.moderation, "a removed message stays in its conversation, emptied, its photo gone") { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let mod = try await h.signedIn("mod")
            try await h.network.setModerator(userID: mod.user.id, true)
            let kept = try await ben.messages.send(recipientID: ana.user.id, text: "hello")
            let bad = try await ben.messages.send(recipientID: ana.user.id, text: "abuse", photo: SocialChecks.photo)
            let unread = try await ana.messages.unreadCount()
            try await ana.moderation.report(.message(bad.id), reason: .harassment)
            let report = try #require(try await mod.moderation.queue().items.first)
            try await mod.moderation.decide(reportID: report.id, .contentRemoved, reason: "abuse")
            let thread = try await ana.messages.messages(conversationID: bad.conversationID).items
            #expect(Set(thread.map(\.id)) == [bad.id, kept.id])
            let removed = try #require(thread.first { $0.id == bad.id })
            #expect(removed.text.isEmpty && !removed.hasPhoto)
            #expect(thread.first { $0.id == kept.id }?.text == "hello")
            try await SafetyChecks.expectNotFound(.photo) { _ = try await ana.messages.photo(messageID: bad.id) }
            #expect(try await ana.messages.unreadCount() == unread)
            #expect(try await ana.moderation.myReports().items.map(\.outcome) == [.contentRemoved])
        },
        ConformanceCheck(.moderation, "a lapsed suspension is lifted by the sweep, with no sign-in; a ban is not") {
            h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let cyd = try await h.signedIn("cyd")
            let mod = try await h.signedIn("mod")
            try await h.network.setModerator(userID: mod.user.id, true)
            try await ana.profiles.follow(userID: ben.user.id)
            let bens = try await SocialChecks.publish(1, by: ben, in: h)
            for (user, decision) in [(ben, ModerationDecision.accountSuspended), (cyd, .accountBanned)] {
                try await ana.moderation.report(.user(user.user.id), reason: .harassment)
                let report = try #require(try await mod.moderation.queue().items.first)
                let until = decision == .accountSuspended ? h.clock.now() + 3600 : nil
                try await mod.moderation.decide(reportID: report.id, decision, reason: "abuse", until: until)
            }
            #expect(try await h.network.liftLapsedSuspensions() == 0)
            h.clock.advance(by: 3599)
            #expect(try await h.network.liftLapsedSuspensions() == 0)
            try await SafetyChecks.expectNotFound(.post) { _ = try await ana.posts.post(postID: bens[0].id) }
            #expect(try await ana.feed.home().items.isEmpty)
            // At its date, the sweep lifts it: visible again in the feed, the profile and search.
            h.clock.advance(by: 1)
            #expect(try await h.network.liftLapsedSuspensions() == 1)
            #expect(try await ana.posts.post(postID: bens[0].id).post.id == bens[0].id)
            #expect(try await ana.feed.home().items.map(\.post.id) == [bens[0].id])
            #expect(try await ana.profiles.search(usernamePrefix: "ben").items.map(\.id) == [ben.user.id])
            // The ban stays, however late.
            h.clock.advance(by: 86_400 * 365 * 50)
            #expect(try await h.network.liftLapsedSuspensions() == 0)
            try await SafetyChecks.expectNotFound(.user) { _ = try await ana.profiles.profile(userID: cyd.user.id) }
        },
    ]
}
