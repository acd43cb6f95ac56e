import SocialClient
import SocialModel
import SocialModelMocks
import Testing

@Suite("SocialClient blocks and mutes")
struct SocialClientSafetyTests {
    @Test("a block hides each from the other as not found and ends the follow; unblocking restores nothing")
    func blockAndUnblock() async throws {
        try await LoopbackServer().run { client, harness in
            let ana = try await client.signUp("ana", harness)
            let ben = try await client.signUp("ben", harness)
            let anaID = try #require(ana.user?.id)
            let benID = try #require(ben.user?.id)
            try await ben.follow(userID: anaID)
            #expect(try await ana.followers(userID: anaID).items.map(\.user.id) == [benID])

            try await ana.block(userID: benID)
            #expect(try await ana.blocks().items.map(\.user.id) == [benID])
            do throws(SocialClientError) {
                _ = try await ben.profile(userID: anaID)
                Issue.record("a blocked user saw the blocker's profile")
            } catch .api(let error) {
                #expect(error.code == "not-found" && error.status == 404)
            } catch {
                Issue.record("unexpected \(error)")
            }
            #expect(try await ana.followers(userID: anaID).items.isEmpty)

            try await ana.unblock(userID: benID)
            #expect(try await ana.blocks().items.isEmpty)
            #expect(try await ben.profile(userID: anaID).user.id == anaID)
            #expect(try await ana.followers(userID: anaID).items.isEmpty)
        }
    }

    @Test("a mute is listed with whether it hides notifications, and unmuting removes it")
    func muteAndUnmute() async throws {
        try await LoopbackServer().run { client, harness in
            let ana = try await client.signUp("ana", harness)
            let ben = try await client.signUp("ben", harness)
            let benID = try #require(ben.user?.id)
            try await ana.mute(userID: benID, hidingNotifications: true)
            let mutes = try await ana.mutes().items
            #expect(mutes.map(\.user.id) == [benID] && mutes.allSatisfy(\.hidesNotifications))
            try await ana.unmute(userID: benID)
            #expect(try await ana.mutes().items.isEmpty)
        }
    }
}
