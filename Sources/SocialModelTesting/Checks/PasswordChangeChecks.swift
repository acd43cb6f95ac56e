import Foundation
import SocialModel
import Testing

/// Changing the password while signed in.
enum PasswordChangeChecks {
    static let password = SocialTestHarness.password
    static let newPassword = "Another-good-pass-77"

    static let all: [ConformanceCheck] = [
        ConformanceCheck(.accounts, "a password change keeps this session and revokes every other") { h in
            let here = try await h.signedIn("gus")
            let elsewhere = try await h.accounts.signIn(email: "gus@example.com", password: password, clientKey: "c")
            let outcome = try await here.account.changePassword(current: password, to: newPassword)
            #expect(outcome == .sent)
            #expect(try await h.accounts.session(here.token).user.id == here.user.id)
            await #expect(throws: AccountError.unauthorized) { _ = try await h.accounts.session(elsewhere.token) }
            #expect(try await h.store.sessions(userID: here.user.id).count == 1)
            await #expect(throws: AccountError.invalidCredentials) {
                _ = try await h.accounts.signIn(email: "gus@example.com", password: password, clientKey: "c")
            }
            _ = try await h.accounts.signIn(email: "gus@example.com", password: newPassword, clientKey: "c")
        },
        ConformanceCheck(.accounts, "a password change needs the current password, rate-limited like sign-in") { h in
            let hal = try await h.signedIn("hal")
            let limit = h.accounts.policy.accountRateLimit
            for _ in 0..<limit.maximumFailures {
                await #expect(throws: AccountError.invalidCredentials) {
                    try await hal.account.changePassword(current: "Wrong-pass-123", to: newPassword)
                }
            }
            // Guessing here stops, the right password included...
            do throws(AccountError) {
                try await hal.account.changePassword(current: password, to: newPassword)
                Issue.record("a change went through past the rate limit")
            } catch {
                guard case .rateLimited = error else { throw error }
            }
            // ...but a thief holding the session cannot lock the owner out of signing in.
            _ = try await h.accounts.signIn(email: "hal@example.com", password: password, clientKey: "c")
            h.clock.advance(by: limit.window + 1)
            try await hal.account.changePassword(current: password, to: newPassword)
            _ = try await h.accounts.signIn(email: "hal@example.com", password: newPassword, clientKey: "c")
        },
        ConformanceCheck(.accounts, "a new password is held to the registration rules") { h in
            let ida = try await h.signedIn("ida")
            // The same rules and the same violations as registering with it.
            let weak = "no-digits-here"
            var registering: [RuleViolation] = []
            do throws(AccountError) {
                try await h.accounts.register(Registration(email: "ida2@example.com", username: "ida2", password: weak))
            } catch .invalid(let violations) {
                registering = violations
            } catch {
                throw error
            }
            #expect(registering == [RuleViolation(.password, .missingDigit)])
            await #expect(throws: AccountError.invalid(registering)) {
                try await ida.account.changePassword(current: password, to: weak)
            }
            await #expect(throws: AccountError.invalid([RuleViolation(.password, .containsIdentity)])) {
                try await ida.account.changePassword(current: password, to: "ida@example.com-Pass-123")
            }
            _ = try await h.accounts.signIn(email: "ida@example.com", password: password, clientKey: "c")
            #expect(!h.mailer.messages(to: "ida@example.com").contains { $0.purpose == .passwordChanged })
        },
        ConformanceCheck(.accounts, "the owner is told of a password change, by name") { h in
            try await h.accounts.register(
                Registration(
                    email: "lubo@example.sk", username: "lubo", password: password, name: "Ľubomír",
                    surname: "Šťastný"))
            let verification = try #require(h.mailer.messages(to: "lubo@example.sk").last)
            #expect(verification.recipientName == "Ľubomír Šťastný")
            _ = try await h.accounts.verifyEmail(token: try #require(verification.token.map(SecretToken.init)))
            let lubo = try await h.member(
                try await h.accounts.signIn(email: "lubo@example.sk", password: password, clientKey: "c"))
            try await lubo.account.changePassword(current: password, to: newPassword)
            let notice = try #require(h.mailer.messages(to: "lubo@example.sk").last)
            #expect(notice.purpose == .passwordChanged)
            #expect(notice.recipientName == "Ľubomír Šťastný")
            #expect(notice.token == nil)
            // Without a name, the address stands alone.
            try await h.registerVerified("anon")
            #expect(h.mailer.messages(to: "anon@example.com").allSatisfy { $0.recipientName == nil })
        },
        ConformanceCheck(.accounts, "a revoked or expired session, or an account without a password, cannot change it")
        { h in
            let joy = try await h.signedIn("joy")
            try await joy.account.signOut()
            await #expect(throws: AccountError.unauthorized) {
                try await joy.account.changePassword(current: password, to: newPassword)
            }
            let kay = try await h.signedIn("kay")
            h.clock.advance(by: h.accounts.policy.sessionLifetime)
            await #expect(throws: AccountError.unauthorized) {
                try await kay.account.changePassword(current: password, to: newPassword)
            }
            h.provider.register(token: "t", subject: "fb-joy")
            let member = try await h.member(try await h.accounts.signIn(provider: "facebook", providerToken: "t"))
            await #expect(throws: AccountError.invalidCredentials) {
                try await member.account.changePassword(current: "", to: newPassword)
            }
            #expect(try await h.store.passwordHash(userID: member.user.id) == nil)
        },
    ]
}
