import Foundation
import Logging
import SocialModel
import Testing

/// The mail outbox: rows are claimed once, for a lease; a token or a password and the mail about
/// it are stored together or not at all; queued account mail is sent by the sender, retried with
/// backoff, and kept as failed when it cannot be sent; a deleted account's mail goes with it.
enum MailOutboxChecks {
    static let down = MailerError.transientFailure(message: "421 try again later")
    static let refused = MailerError.deliveryFailed(message: "550 no such mailbox")
    /// 10 s after the first failure, then 20 s, 40 s; three attempts in all.
    static let policy = MailRetryPolicy(maximumAttempts: 3, initialDelay: .seconds(10), maximumDelay: .seconds(60))

    /// The harness's accounts, queuing into the store's outbox, and a sender over it.
    static func queuing(_ h: SocialTestHarness) -> (accounts: AccountService, sender: MailOutboxSender) {
        let logger = Logger(label: "MailOutboxChecks") { [log = h.log] _ in log }
        let accounts = AccountService(
            store: h.store, mailer: h.mailer, outbox: h.store, clock: h.clock, hasher: h.accounts.hasher,
            logger: logger)
        let sender = MailOutboxSender(
            outbox: h.store, mailer: h.mailer, accounts: accounts, policy: policy, clock: h.clock, logger: logger)
        return (accounts, sender)
    }

    static func row(_ address: String, at date: Date) -> OutboxMail {
        .queued(
            .message(
                MailMessage(
                    to: address, subject: "Hello", body: "Body", purpose: .registrationAttempt, token: nil, sentAt: date
                )),
            at: date)
    }

    static let all: [ConformanceCheck] = [
        ConformanceCheck(.accounts, "outbox rows are claimed once, oldest first, and again after their lease") { h in
            let store = h.store
            let now = h.clock.now()
            let first = row("a@example.com", at: now - 2)
            let second = row("b@example.com", at: now - 1)
            var later = row("c@example.com", at: now)
            later.nextAttemptAt = now + 60
            for mail in [second, later, first] { try await store.enqueueMail(mail) }
            await #expect(throws: StoreError.duplicate(.id)) { try await store.enqueueMail(first) }
            #expect(try await store.mailOutboxCounts() == MailOutboxCounts(pending: 3, failed: 0))

            let claimed = try await store.claimDueMail(now: now, leaseUntil: now + 300, limit: 10)
            #expect(claimed.map(\.id) == [first.id, second.id])
            #expect(claimed.first?.content == first.content && claimed.allSatisfy { $0.nextAttemptAt == now + 300 })
            #expect(try await store.claimDueMail(now: now, leaseUntil: now + 300, limit: 10).isEmpty)
            // A sender that died keeps nothing: once the lease runs out the rows are due again.
            let again = try await store.claimDueMail(now: now + 300, leaseUntil: now + 600, limit: 10)
            #expect(again.map(\.id) == [first.id, second.id, later.id])

            try await store.markMailSent(id: first.id)
            try await store.rescheduleMail(id: second.id, attempts: 3, nextAttemptAt: nil, error: "550 refused")
            #expect(try await store.mailOutboxCounts() == MailOutboxCounts(pending: 1, failed: 1))
            // A failed row is never claimed, until an operator queues it again.
            #expect(
                try await store.claimDueMail(now: now + 10_000, leaseUntil: now + 20_000, limit: 10).map(\.id) == [
                    later.id
                ])
            #expect(try await store.requeueFailedMail(at: now + 15_000) == 1)
            let requeued = try await store.claimDueMail(now: now + 15_000, leaseUntil: now + 30_000, limit: 10)
            #expect(requeued.map(\.id) == [second.id] && requeued.first?.attempts == 0)
            #expect(requeued.first?.lastError == "550 refused")
        },
        ConformanceCheck(.accounts, "a token or a password and the mail about it are stored together or not at all") {
            h in
            let store = h.store
            let now = h.clock.now()
            let ghost = UserID(rawValue: "ghost")
            let token = OneTimeTokenRecord(
                tokenHash: SecretToken.generate().hash, userID: ghost, purpose: .passwordReset, createdAt: now,
                expiresAt: now + 60)
            await #expect(throws: StoreError.missingReference) {
                try await store.replaceTokens(with: token, enqueueing: row("ghost@example.com", at: now))
            }
            await #expect(throws: StoreError.missingReference) {
                try await store.setPasswordHash("hash", userID: ghost, enqueueing: row("ghost@example.com", at: now))
            }
            #expect(try await store.mailOutboxCounts() == MailOutboxCounts(pending: 0, failed: 0))

            let ada = try await h.registerVerified("ada")
            let queued = row("ada@example.com", at: now)
            try await store.enqueueMail(queued)
            let adaToken = OneTimeTokenRecord(
                tokenHash: SecretToken.generate().hash, userID: ada.id, purpose: .passwordReset, createdAt: now,
                expiresAt: now + 60)
            // The mail's id is taken: the token is not stored either.
            await #expect(throws: StoreError.duplicate(.id)) {
                try await store.replaceTokens(with: adaToken, enqueueing: queued)
            }
            #expect(try await store.token(hash: adaToken.tokenHash) == nil)
            let before = try await store.passwordHash(userID: ada.id)
            await #expect(throws: StoreError.duplicate(.id)) {
                try await store.setPasswordHash("other", userID: ada.id, enqueueing: queued)
            }
            #expect(try await store.passwordHash(userID: ada.id) == before)
        },
        ConformanceCheck(.accounts, "queued account mail is sent by the sender, retried with backoff, never dropped") {
            h in
            let (accounts, sender) = queuing(h)
            h.mailer.failNextSends(with: down)
            #expect(
                try await accounts.register(
                    Registration(email: "kai@example.com", username: "kai", password: SocialTestHarness.password))
                    == .queued)
            #expect(h.mailer.messages.isEmpty)
            let kai = try #require(try await h.store.user(email: "kai@example.com"))
            #expect(try await h.store.tokens(userID: kai.id).count == 1)

            #expect(try await sender.sendDue() == pass(retried: 1))
            #expect(try await sender.sendDue() == pass())
            h.clock.advance(by: 10)
            #expect(try await sender.sendDue() == pass(retried: 1))
            h.clock.advance(by: 19)
            #expect(try await sender.sendDue() == pass())
            // The server is back before the last attempt.
            h.mailer.failNextSends(with: nil)
            h.clock.advance(by: 1)
            #expect(try await sender.sendDue() == pass(sent: 1))
            #expect(try await sender.counts() == MailOutboxCounts(pending: 0, failed: 0))
            let token = try #require(h.mailer.latestToken(.emailVerification, to: "kai@example.com"))
            #expect(try await accounts.verifyEmail(token: token).username == "kai")
        },
        ConformanceCheck(
            .accounts, "a reset request is answered by the sender, and its notice is queued with the password"
        ) {
            h in
            let (accounts, sender) = queuing(h)
            try await h.registerVerified("lin")
            #expect(try await accounts.requestPasswordReset(email: "LIN@example.com") == .queued)
            #expect(try await accounts.requestPasswordReset(email: "nobody@example.com") == .queued)
            #expect(try await accounts.resendVerification(email: "lin@example.com") == .queued)
            let sentBefore = h.mailer.messages.count
            // Three requests answered, one of which queued a reset mail, sent in the same pass.
            #expect(try await sender.sendDue() == pass(sent: 4))
            #expect(h.mailer.messages.count == sentBefore + 1)
            let token = try #require(h.mailer.latestToken(.passwordReset, to: "lin@example.com"))
            #expect(try await accounts.resetPassword(token: token, newPassword: "Another-good-pass-77") == .queued)
            #expect(h.mailer.messages.last?.purpose == .passwordReset)
            try await sender.sendDue()
            #expect(h.mailer.messages.last?.purpose == .passwordChanged)
            #expect(try await sender.counts() == MailOutboxCounts(pending: 0, failed: 0))
        },
        ConformanceCheck(.accounts, "mail that cannot be sent is kept as failed, logged, and sent once requeued") { h in
            let (accounts, sender) = queuing(h)
            try await h.registerVerified("moe")
            h.mailer.failNextSends(with: refused)
            try await accounts.requestPasswordReset(email: "moe@example.com")
            // The request queues the reset mail; the mail server refuses it for good.
            #expect(try await sender.sendDue() == pass(sent: 1, failed: 1))
            #expect(try await sender.counts() == MailOutboxCounts(pending: 0, failed: 1))
            #expect(h.log.logged.contains { $0.level == .error && $0.metadata["error"] == "\(refused)" })
            h.clock.advance(by: 86_400)
            #expect(try await sender.sendDue() == pass())
            h.mailer.failNextSends(with: nil)
            #expect(try await h.store.requeueFailedMail(at: h.clock.now()) == 1)
            #expect(try await sender.sendDue() == pass(sent: 1))
            #expect(h.mailer.latestToken(.passwordReset, to: "moe@example.com") != nil)
        },
        ConformanceCheck(.accounts, "a deleted account's queued mail leaves the outbox with it, no one else's") { h in
            let store = h.store
            let (accounts, _) = queuing(h)
            let ida = try await h.registerVerified("ida")
            try await h.registerVerified("joe")
            let now = h.clock.now()
            // A message and a request for Ida's address (one of them failed for good), one for Joe's.
            let notice = row("ida@example.com", at: now)
            try await store.enqueueMail(notice)
            try await accounts.requestPasswordReset(email: "ida@example.com")
            try await store.rescheduleMail(id: notice.id, attempts: 3, nextAttemptAt: nil, error: "550 refused")
            let joes = row("joe@example.com", at: now)
            try await store.enqueueMail(joes)
            #expect(try await store.mailOutboxCounts() == MailOutboxCounts(pending: 2, failed: 1))

            #expect(try await store.deleteUser(id: ida.id))
            #expect(try await store.mailOutboxCounts() == MailOutboxCounts(pending: 1, failed: 0))
            #expect(try await store.requeueFailedMail(at: now) == 0)
            #expect(try await store.claimDueMail(now: now, leaseUntil: now + 60, limit: 10).map(\.id) == [joes.id])
        },
    ]

    static func pass(sent: Int = 0, retried: Int = 0, failed: Int = 0) -> MailOutboxSender.Pass {
        var pass = MailOutboxSender.Pass()
        pass.sent = sent
        pass.retried = retried
        pass.failed = failed
        return pass
    }
}
