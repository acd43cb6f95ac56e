import Foundation
import SocialModel
import SocialModelMocks
import SocialModelSQLite
import SocialModelTesting
import Testing

/// A session's end as something holding it open (a live socket) learns it: revocations published
/// on the hub, and expiry by the injected clock.
@Suite("Session ends")
struct SessionEndTests {
    @Test("a revocation names the sessions it ends")
    func revocationScope() {
        let (ana, ben) = (UserID.random(), UserID.random())
        let (mine, other) = (Data([1]), Data([2]))
        let one = SessionRevocation(userID: ana, scope: .session(tokenHash: mine))
        #expect(one.ends(tokenHash: mine, userID: ana) && !one.ends(tokenHash: other, userID: ana))
        #expect(!one.ends(tokenHash: mine, userID: ben))
        let all = SessionRevocation(userID: ana, scope: .all)
        #expect(all.ends(tokenHash: mine, userID: ana) && all.ends(tokenHash: other, userID: ana))
        #expect(!all.ends(tokenHash: mine, userID: ben))
        let allBut = SessionRevocation(userID: ana, scope: .allExcept(tokenHash: mine))
        #expect(!allBut.ends(tokenHash: mine, userID: ana) && allBut.ends(tokenHash: other, userID: ana))
    }

    /// How a session of ana's ends, done by her through the services.
    enum Trigger: String, CaseIterable, Sendable {
        case signOut, signOutEverywhere, passwordChangeElsewhere, passwordReset, accountDeletion
    }

    @Test("every way of revoking a session ends its wait, and only the sessions it names", arguments: Trigger.allCases)
    func revocationEndsTheWait(_ trigger: Trigger) async throws {
        let h = SocialTestHarness(store: SQLiteSocialStore.inMemory())
        let ana = try await h.signedIn("ana")
        let elsewhere = try await h.member(
            try await h.accounts.signIn(email: "ana@example.com", password: SocialTestHarness.password, clientKey: "k"))
        let ben = try await h.signedIn("ben")
        let revocations = h.network.events.sessionRevocations(for: ana.user.id)
        async let anaEnds = ana.account.waitUntilEnded()
        async let bensEnds = ben.account.waitUntilEnded()
        switch trigger {
        case .signOut:
            try await ana.account.signOut()
        case .signOutEverywhere:
            try await elsewhere.account.signOutEverywhere()
        case .passwordChangeElsewhere:
            try await elsewhere.account.changePassword(current: SocialTestHarness.password, to: "Another-Passw0rd-42")
        case .passwordReset:
            try await h.accounts.requestPasswordReset(email: "ana@example.com")
            let token = try #require(h.mailer.latestToken(.passwordReset, to: "ana@example.com"))
            try await h.accounts.resetPassword(token: token, newPassword: "Another-Passw0rd-42")
        case .accountDeletion:
            try await elsewhere.account.deleteAccount()
        }
        #expect(await anaEnds == .revoked)
        let published = await SocialModelTesting.first(1, of: revocations, within: .seconds(5))
        #expect(published.first?.ends(tokenHash: ana.token.hash, userID: ana.user.id) == true)
        // A sign-out ends its own session only, a password change not the session it was made in;
        // ben's is untouched.
        #expect(
            published.first?.ends(tokenHash: elsewhere.token.hash, userID: ana.user.id)
                == ![.signOut, .passwordChangeElsewhere].contains(trigger))
        h.clock.advance(by: AccountPolicy.standard.sessionLifetime + 1)
        #expect(await bensEnds == .expired)
    }

    @Test("a session revoked before the wait began ends it at once")
    func revokedBeforeWaiting() async throws {
        let h = SocialTestHarness(store: SQLiteSocialStore.inMemory())
        let ana = try await h.signedIn("ana")
        try await ana.account.signOut()
        #expect(await ana.account.waitUntilEnded() == .revoked)
    }

    @Test("the wait ends when the clock passes the session's expiry; cancelling ends it too")
    func expiry() async throws {
        let h = SocialTestHarness(store: SQLiteSocialStore.inMemory())
        let ana = try await h.signedIn("ana")
        let waiting = Task { await ana.account.waitUntilEnded() }
        h.clock.advance(by: AccountPolicy.standard.sessionLifetime - 1)
        #expect(h.clock.now() < ana.account.expiresAt)
        h.clock.advance(by: 1)
        #expect(await waiting.value == .expired)

        let ben = try await h.signedIn("ben")
        let cancelled = Task { await ben.account.waitUntilEnded() }
        cancelled.cancel()
        #expect(await cancelled.value == nil)
    }

    @Test("a manual clock's sleep ends when moved to its deadline, and at once for a past one")
    func manualClockSleep() async throws {
        let clock = ManualClock()
        let deadline = clock.now() + 10
        let sleeper = Task { try await clock.sleep(until: deadline) }
        while clock.sleeperCount == 0 { await Task.yield() }
        clock.advance(by: 9)
        #expect(clock.sleeperCount == 1)
        clock.advance(by: 1)
        try await sleeper.value
        #expect(clock.sleeperCount == 0)
        try await clock.sleep(until: deadline)
        let cancelled = Task { try await clock.sleep(until: deadline + 100) }
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
    }
}
