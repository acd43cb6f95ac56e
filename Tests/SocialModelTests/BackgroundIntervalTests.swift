import SocialModel
import SocialModelSQLite
import SocialModelTesting
import Testing

/// A background loop given a zero or negative interval would query the store without pause.
struct BackgroundIntervalTests {
    @Test(arguments: [Duration.zero, .seconds(-5), .milliseconds(1)])
    func aSweepNeverRunsWithoutPause(interval: Duration) {
        let h = SocialTestHarness(store: SQLiteSocialStore.inMemory())
        #expect(SuspensionSweep(network: h.network, interval: interval).interval == .milliseconds(100))
    }

    @Test(arguments: [Duration.zero, .seconds(-5), .milliseconds(1)])
    func theMailSenderNeverPollsWithoutPause(interval: Duration) {
        let h = SocialTestHarness(store: SQLiteSocialStore.inMemory())
        let sender = MailOutboxSender(
            outbox: h.store, mailer: h.mailer, accounts: h.accounts, pollInterval: interval, clock: h.clock)
        #expect(sender.pollInterval == .milliseconds(100))
    }

    @Test
    func anIntervalAboveTheFloorIsKept() {
        let h = SocialTestHarness(store: SQLiteSocialStore.inMemory())
        #expect(SuspensionSweep(network: h.network, interval: .seconds(30)).interval == .seconds(30))
        #expect(SuspensionSweep(network: h.network, interval: .milliseconds(100)).interval == .milliseconds(100))
    }
}
