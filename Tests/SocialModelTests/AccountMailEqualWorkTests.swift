import Foundation
import SocialModel
import SocialModelMocks
import Testing

/// A password reset or a verification resend must not tell, by the work it does (and so by how long
/// it takes), whether the address has an account: with an outbox, both only queue the request.
@Suite("Account mail requests do the same work for every address")
struct AccountMailEqualWorkTests {
    let store = RecordingAccountStore()
    let mailer = CapturingMailer()
    let clock = ManualClock()

    func accounts(outbox: Bool) -> AccountService {
        AccountService(
            store: store, mailer: mailer, outbox: outbox ? store : nil, clock: clock,
            hasher: PBKDF2PasswordHasher(unsafeIterations: 1_000))
    }

    /// `known@example.com` verified, `pending@example.com` not.
    func seed() async throws {
        let direct = accounts(outbox: false)
        for name in ["known", "pending"] {
            try await direct.register(
                Registration(email: "\(name)@example.com", username: name, password: "Tr0ub4dor&3-horse"))
        }
        let token = try #require(mailer.latestToken(.emailVerification, to: "known@example.com"))
        try await direct.verifyEmail(token: token)
    }

    /// The store calls one request makes, and what it queued.
    func calls(_ request: (AccountService) async throws -> MailOutcome) async throws -> [String] {
        store.reset()
        let outcome = try await request(accounts(outbox: true))
        #expect(outcome == .queued)
        return store.calls
    }

    @Test func aResetAndAResendMakeTheSameStoreCallsForKnownAndUnknownAddresses() async throws {
        try await seed()
        let sentBefore = mailer.messages.count
        var sequences: Set<[String]> = []
        for address in ["known@example.com", "pending@example.com", "nobody@example.com", "NOBODY@Example.com"] {
            sequences.insert(try await calls { try await $0.requestPasswordReset(email: address) })
            sequences.insert(try await calls { try await $0.resendVerification(email: address) })
        }
        #expect(sequences == [["enqueueMail(_:)"]])
        #expect(mailer.messages.count == sentBefore)
        // The rows differ only in the address: the same size of write, whoever asked.
        let rows = try await store.base.claimDueMail(now: clock.now(), leaseUntil: clock.now() + 60, limit: 100)
        #expect(rows.count == 8)
        #expect(
            Set(
                rows.map { row in
                    guard case .accountRequest(let request) = row.content else { return "message" }
                    return request.kind.rawValue
                }) == ["password-reset", "email-verification"])
    }

    @Test func withoutAnOutboxTheAnswerStillDependsOnTheAddress() async throws {
        // What the outbox fixes: the direct path reads the account and mails only a known one.
        try await seed()
        store.reset()
        #expect(try await accounts(outbox: false).requestPasswordReset(email: "nobody@example.com") == .notSent)
        let unknown = store.calls
        store.reset()
        #expect(try await accounts(outbox: false).requestPasswordReset(email: "known@example.com") == .sent)
        #expect(unknown != store.calls)
    }
}
