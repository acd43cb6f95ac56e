import Foundation
import Hummingbird
import HummingbirdTesting
import SocialModel
import SocialModelAPI
import SocialModelHTTP
import SocialModelTesting
import Testing

/// Reports and moderation over HTTP: the authorization matrix's rows for a moderator and for
/// everyone else.
@Suite("Reports and moderation over HTTP")
struct ModerationRoutesTests {
    @Test("anyone reports once; only a moderator reads the queue and decides; the reporter sees the outcome")
    func reportAndDecide() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let author = try await client.signUp("author", in: fixture)
            let reporter = try await client.signUp("reporter", in: fixture)
            let moderator = try await client.signUp("moderator", in: fixture)
            let post = try await client.publish(as: author)
            let request = ReportRequest(target: .post(post.id), reason: .spam, note: "ads")
            for _ in 0..<2 {
                #expect(try await client.call(.post, "/reports", as: reporter, json: request).status == .noContent)
            }
            let own = try await client.call(.post, "/reports", as: author, json: request)
            #expect(own.status == .conflict && own.apiError?.code == "self-action")
            let missing = try await client.call(
                .post, "/reports", as: reporter,
                json: ReportRequest(target: .message(MessageID(rawValue: "msg_x")), reason: .spam))
            #expect(missing.status == .notFound && missing.apiError?.entity == "message")
            let badReason = try await client.call(
                .post, "/reports", as: reporter,
                body: Data(#"{"target":{"kind":"post","id":"x"},"reason":"boring"}"#.utf8),
                headers: [.contentType: "application/json"])
            #expect(badReason.status == .badRequest)

            // Everyone but a moderator: 403 on the queue, the decision and the log.
            let queuePath = "/moderation/reports"
            for caller in [author, reporter, moderator] {
                #expect(try await client.call(.get, queuePath, as: caller).status == .forbidden)
                #expect(try await client.call(.get, "/moderation/log", as: caller).status == .forbidden)
            }
            try await fixture.harness.network.setModerator(userID: moderator.user.id, true)
            let queue = try await client.call(.get, queuePath, as: moderator)
                .decoded(CursorPage<Report, KeysetCursor>.self).items
            #expect(queue.map(\.reporterID) == [reporter.user.id] && queue.first?.note == "ads")
            let report = try #require(queue.first)
            let decision = ModerationDecisionRequest(decision: .contentRemoved, reason: "advertising")
            let decisionPath = "/moderation/reports/\(report.id)/decision"
            #expect(try await client.call(.post, decisionPath, as: reporter, json: decision).status == .forbidden)
            let decided = try await client.call(.post, decisionPath, as: moderator, json: decision)
            #expect(decided.status == .ok)
            let action = try decided.decoded(ModerationAction.self)
            #expect(action.moderatorID == moderator.user.id && action.userID == author.user.id)
            #expect(try await client.call(.get, "/posts/\(post.id)", as: reporter).status == .notFound)
            let again = try await client.call(.post, decisionPath, as: moderator, json: decision)
            #expect(again.status == .notFound && again.apiError?.entity == "report")
            let log = try await client.call(.get, "/moderation/log", as: moderator)
                .decoded(CursorPage<ModerationAction, KeysetCursor>.self).items
            #expect(log == [action])
            let mine = try await client.call(.get, "/me/reports", as: reporter)
                .decoded(CursorPage<Report, KeysetCursor>.self).items
            #expect(mine.map(\.outcome) == [.contentRemoved])
            #expect(
                try await client.call(.get, "/me/reports", as: author)
                    .decoded(CursorPage<Report, KeysetCursor>.self).items.isEmpty)
            // A suspended author: their token answers 401, their sign-in 403, their profile 404 to others.
            let byUser = ReportRequest(target: .user(author.user.id), reason: .harassment)
            #expect(try await client.call(.post, "/reports", as: reporter, json: byUser).status == .noContent)
            let userReport = try #require(
                try await client.call(.get, queuePath, as: moderator)
                    .decoded(CursorPage<Report, KeysetCursor>.self).items.first)
            let suspension = ModerationDecisionRequest(
                decision: .accountSuspended, reason: "abuse", until: fixture.harness.clock.now() + 3600)
            let suspended = try await client.call(
                .post, "/moderation/reports/\(userReport.id)/decision", as: moderator, json: suspension)
            #expect(suspended.status == .ok)
            #expect(try await client.call(.get, "/me", as: author).status == .unauthorized)
            let signIn = try await client.call(
                .post, "/sessions",
                json: SignInRequest(email: "author@example.com", password: SocialTestHarness.password))
            #expect(signIn.status == .forbidden && signIn.apiError?.code == "account-suspended")
            #expect(try await client.call(.get, "/users/\(author.user.id)", as: reporter).status == .notFound)
        }
    }
}
