import Foundation
import SocialModel
import Testing

/// Mail that cannot be sent never fails the operation that sends it, never loses the account,
/// and leaves the token re-sendable.
enum MailFailureChecks {
    static let password = SocialTestHarness.password
    static let down = MailerError.transientFailure(message: "421 try again later")
    static let refused = MailerError.deliveryFailed(message: "550 no such mailbox")

    static let all: [ConformanceCheck] = [
        ConformanceCheck(.accounts, "a transient mail failure does not fail registration and the token stays valid") {
            h in
            h.mailer.failNextSends(with: down)
            let outcome = try await h.accounts.register(
                Registration(email: "vic@example.com", username: "vic", password: password))
            #expect(outcome == .deferred(down))
            let vic = try #require(try await h.store.user(email: "vic@example.com"))
            let pending = try await h.store.tokens(userID: vic.id)
            #expect(pending.count == 1)
            #expect(pending.allSatisfy { $0.purpose == .emailVerification && $0.expiresAt > h.clock.now() })
            #expect(h.log.logged.contains { $0.level == .warning && $0.metadata["user-id"] == "\(vic.id)" })
            // The server is back: the token is sent again and verifies.
            h.mailer.failNextSends(with: nil)
            #expect(try await h.accounts.resendVerification(email: "vic@example.com") == .sent)
            let token = try #require(h.mailer.latestToken(.emailVerification, to: "vic@example.com"))
            #expect(try await h.accounts.verifyEmail(token: token).username == "vic")
        },
        ConformanceCheck(.accounts, "a permanent mail failure is returned and logged, and the account is kept") { h in
            h.mailer.failNextSends(with: refused)
            let outcome = try await h.accounts.register(
                Registration(email: "wes@example.com", username: "wes", password: password))
            #expect(outcome == .failed(refused) && outcome.error == refused && !outcome.isSent)
            #expect(h.log.logged.contains { $0.level == .error && $0.metadata["error"] == "\(refused)" })
            #expect(try await h.store.user(email: "wes@example.com") != nil)
            #expect(try await h.accounts.resendVerification(email: "wes@example.com") == .failed(refused))
            // Once the address or the configuration is fixed, the same resend works.
            h.mailer.failNextSends(with: nil)
            try await h.accounts.resendVerification(email: "wes@example.com")
            let token = try #require(h.mailer.latestToken(.emailVerification, to: "wes@example.com"))
            #expect(try await h.accounts.verifyEmail(token: token).username == "wes")
        },
        ConformanceCheck(.accounts, "a reset survives mail failures: its request, and the notice after it") { h in
            let xia = try await h.registerVerified("xia")
            h.mailer.failNextSends(with: down)
            #expect(try await h.accounts.requestPasswordReset(email: "xia@example.com") == .deferred(down))
            let pending = try await h.store.tokens(userID: xia.id)
            #expect(pending.contains { $0.purpose == .passwordReset && $0.expiresAt > h.clock.now() })
            h.mailer.failNextSends(with: nil)
            #expect(try await h.accounts.requestPasswordReset(email: "xia@example.com") == .sent)
            let token = try #require(h.mailer.latestToken(.passwordReset, to: "xia@example.com"))
            h.mailer.failNextSends(with: refused)
            #expect(
                try await h.accounts.resetPassword(token: token, newPassword: "Another-good-pass-77")
                    == .failed(refused))
            _ = try await h.accounts.signIn(email: "xia@example.com", password: "Another-good-pass-77", clientKey: "c")
            // Nothing is due for an unknown address, and nothing says so to the requester but this value.
            #expect(try await h.accounts.requestPasswordReset(email: "ghost@example.com") == .notSent)
        },
        ConformanceCheck(.accounts, "a password change survives a mail failure") { h in
            let yan = try await h.signedIn("yan")
            h.mailer.failNextSends(with: down, count: 1)
            #expect(
                try await yan.account.changePassword(current: password, to: "Another-good-pass-77") == .deferred(down))
            _ = try await h.accounts.signIn(email: "yan@example.com", password: "Another-good-pass-77", clientKey: "c")
            // The mailer recovered after one failure.
            try await yan.account.changePassword(current: "Another-good-pass-77", to: "Third-good-pass-99")
            #expect(h.mailer.messages(to: "yan@example.com").last?.purpose == .passwordChanged)
        },
    ]
}
