import Foundation
import SocialClient
import SocialModel
import SocialModelMocks
import SocialModelTesting
import Testing

@Suite("SocialClient reports and moderation")
struct SocialClientModerationTests {
    @Test("a report reaches the moderator's queue; a suspension is logged, shown to the reporter, and refuses sign-in")
    func reportAndSuspend() async throws {
        try await LoopbackServer().run { client, harness in
            let ana = try await client.signUp("ana", harness)
            let ben = try await client.signUp("ben", harness)
            let mod = try await client.signUp("mod", harness)
            let benID = try #require(ben.user?.id)
            try await ana.report(.user(benID), reason: .harassment, note: "threats")
            do throws(SocialClientError) {
                _ = try await mod.moderationQueue()
                Issue.record("a user who does not moderate read the queue")
            } catch .api(let error) {
                #expect(error.code == "forbidden" && error.status == 403)
            } catch {
                Issue.record("unexpected \(error)")
            }
            try await harness.network.setModerator(userID: try #require(mod.user?.id), true)
            let report = try #require(try await mod.moderationQueue().items.first)
            #expect(report.reportedUserID == benID && report.note == "threats")
            let until = harness.clock.now() + 3600
            let action = try await mod.decide(reportID: report.id, .accountSuspended, reason: "abuse", until: until)
            #expect(try await mod.moderationLog().items == [action])
            #expect(try await ana.myReports().items.map(\.outcome) == [.accountSuspended])
            do throws(SocialClientError) {
                _ = try await client.signIn(email: "ben@example.com", password: SocialTestHarness.password)
                Issue.record("a suspended account signed in")
            } catch .api(let error) {
                #expect(error.code == "account-suspended" && error.status == 403)
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }
}
