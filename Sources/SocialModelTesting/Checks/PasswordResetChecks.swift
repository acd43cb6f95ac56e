import Foundation
import SocialModel
import Testing

/// Password reset by emailed token.
enum PasswordResetChecks {
    static let newPassword = "Another-good-pass-77"

    static let all: [ConformanceCheck] = [
        ConformanceCheck(.accounts, "a reset replaces the password and revokes every session") { h in
            let hana = try await h.signedIn("hana")
            try await h.accounts.requestPasswordReset(email: "HANA@example.com")
            let token = try #require(h.mailer.latestToken(.passwordReset, to: "hana@example.com"))
            try await h.accounts.resetPassword(token: token, newPassword: newPassword)
            await #expect(throws: AccountError.unauthorized) { _ = try await h.accounts.session(hana.token) }
            await #expect(throws: AccountError.invalidCredentials) {
                _ = try await h.accounts.signIn(
                    email: "hana@example.com", password: SocialTestHarness.password, clientKey: "c")
            }
            _ = try await h.accounts.signIn(email: "hana@example.com", password: newPassword, clientKey: "c")
            #expect(h.mailer.messages(to: "hana@example.com").last?.purpose == .passwordChanged)
        },
        ConformanceCheck(.accounts, "reset tokens are single-use") { h in
            try await h.registerVerified("ivan")
            try await h.accounts.requestPasswordReset(email: "ivan@example.com")
            let token = try #require(h.mailer.latestToken(.passwordReset, to: "ivan@example.com"))
            try await h.accounts.resetPassword(token: token, newPassword: newPassword)
            await #expect(throws: AccountError.invalidToken) {
                try await h.accounts.resetPassword(token: token, newPassword: "Yet-another-pass-88")
            }
        },
        ConformanceCheck(.accounts, "reset tokens expire") { h in
            try await h.registerVerified("jon")
            try await h.accounts.requestPasswordReset(email: "jon@example.com")
            let token = try #require(h.mailer.latestToken(.passwordReset, to: "jon@example.com"))
            h.clock.advance(by: h.accounts.policy.passwordResetLifetime)
            await #expect(throws: AccountError.expiredToken) {
                try await h.accounts.resetPassword(token: token, newPassword: newPassword)
            }
            await #expect(throws: AccountError.invalidToken) {
                try await h.accounts.resetPassword(token: token, newPassword: newPassword)
            }
            _ = try await h.accounts.signIn(
                email: "jon@example.com", password: SocialTestHarness.password, clientKey: "c")
        },
        ConformanceCheck(.accounts, "a weak new password keeps the token") { h in
            try await h.registerVerified("kim")
            try await h.accounts.requestPasswordReset(email: "kim@example.com")
            let token = try #require(h.mailer.latestToken(.passwordReset, to: "kim@example.com"))
            await #expect(throws: AccountError.invalid([RuleViolation(.password, .missingDigit)])) {
                try await h.accounts.resetPassword(token: token, newPassword: "no-digits-here")
            }
            try await h.accounts.resetPassword(token: token, newPassword: newPassword)
        },
        ConformanceCheck(.accounts, "unknown addresses and wrong purposes reveal nothing") { h in
            try await h.accounts.requestPasswordReset(email: "ghost@example.com")
            #expect(h.mailer.messages.isEmpty)
            try await h.accounts.register(
                Registration(email: "lea@example.com", username: "lea", password: SocialTestHarness.password))
            let verification = try #require(h.mailer.latestToken(.emailVerification, to: "lea@example.com"))
            await #expect(throws: AccountError.invalidToken) {
                try await h.accounts.resetPassword(token: verification, newPassword: newPassword)
            }
            // The verification token was not spent by the wrong use.
            #expect(try await h.accounts.verifyEmail(token: verification).isVerified)
        },
        ConformanceCheck(.accounts, "a reset of an unverified account releases the username its registrant chose") {
            h in
            // Someone registers "nia" on Nia's address; they can never verify it.
            try await h.accounts.register(
                Registration(
                    email: "nia@example.com", username: "nia", password: SocialTestHarness.password, name: "Not",
                    surname: "Nia"))
            let squatted = try #require(try await h.store.user(email: "nia@example.com"))
            try await h.accounts.requestPasswordReset(email: "nia@example.com")
            let token = try #require(h.mailer.latestToken(.passwordReset, to: "nia@example.com"))
            try await h.accounts.resetPassword(token: token, newPassword: newPassword)
            let claimed = try #require(try await h.store.user(id: squatted.id))
            #expect(claimed.isVerified && claimed.username.hasPrefix("user_"))
            #expect(claimed.name.isEmpty && claimed.surname.isEmpty)
            #expect(try await h.store.user(usernameKey: User.usernameKey(for: "nia")) == nil)
            // The owner signs in with the new password and can take the name back; so could anyone.
            let nia = try await h.accounts.signIn(email: "nia@example.com", password: newPassword, clientKey: "c")
            #expect(nia.user.id == squatted.id)
            // A verified account's reset keeps its username.
            try await h.registerVerified("oto")
            try await h.accounts.requestPasswordReset(email: "oto@example.com")
            let otoToken = try #require(h.mailer.latestToken(.passwordReset, to: "oto@example.com"))
            try await h.accounts.resetPassword(token: otoToken, newPassword: newPassword)
            #expect(try await h.store.user(email: "oto@example.com")?.username == "oto")
        },
    ]
}
