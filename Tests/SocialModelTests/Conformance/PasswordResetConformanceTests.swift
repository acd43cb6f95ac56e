import Foundation
import SocialModel
import SocialModelMocks
import TestSupport
import Testing

@Suite("Password reset, on every store")
struct PasswordResetConformanceTests {
    static let newPassword = "Another-good-pass-77"

    @Test(arguments: StoreKind.allCases)
    func resetReplacesThePasswordAndRevokesSessions(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let session = try await h.signedIn("hana")
            try await h.accounts.requestPasswordReset(email: "HANA@example.com")
            let token = try #require(h.mailer.latestToken(.passwordReset, to: "hana@example.com"))
            try await h.accounts.resetPassword(token: token, newPassword: Self.newPassword)

            await #expect(throws: AccountError.unauthorized) { _ = try await h.accounts.authenticate(session.token) }
            await #expect(throws: AccountError.invalidCredentials) {
                _ = try await h.accounts.signIn(email: "hana@example.com", password: Harness.password, clientKey: "c")
            }
            _ = try await h.accounts.signIn(email: "hana@example.com", password: Self.newPassword, clientKey: "c")
            #expect(h.mailer.messages(to: "hana@example.com").last?.purpose == .passwordChanged)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func resetTokensAreSingleUse(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            try await h.registerVerified("ivan")
            try await h.accounts.requestPasswordReset(email: "ivan@example.com")
            let token = try #require(h.mailer.latestToken(.passwordReset, to: "ivan@example.com"))
            try await h.accounts.resetPassword(token: token, newPassword: Self.newPassword)
            await #expect(throws: AccountError.invalidToken) {
                try await h.accounts.resetPassword(token: token, newPassword: "Yet-another-pass-88")
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func resetTokensExpire(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            try await h.registerVerified("jon")
            try await h.accounts.requestPasswordReset(email: "jon@example.com")
            let token = try #require(h.mailer.latestToken(.passwordReset, to: "jon@example.com"))
            h.clock.advance(by: h.accounts.policy.passwordResetLifetime)
            await #expect(throws: AccountError.expiredToken) {
                try await h.accounts.resetPassword(token: token, newPassword: Self.newPassword)
            }
            await #expect(throws: AccountError.invalidToken) {
                try await h.accounts.resetPassword(token: token, newPassword: Self.newPassword)
            }
            _ = try await h.accounts.signIn(email: "jon@example.com", password: Harness.password, clientKey: "c")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aWeakNewPasswordKeepsTheToken(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            try await h.registerVerified("kim")
            try await h.accounts.requestPasswordReset(email: "kim@example.com")
            let token = try #require(h.mailer.latestToken(.passwordReset, to: "kim@example.com"))
            await #expect(throws: AccountError.invalid([RuleViolation(.password, .missingDigit)])) {
                try await h.accounts.resetPassword(token: token, newPassword: "no-digits-here")
            }
            try await h.accounts.resetPassword(token: token, newPassword: Self.newPassword)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func unknownAddressesAndWrongPurposesRevealNothing(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            try await h.accounts.requestPasswordReset(email: "ghost@example.com")
            #expect(h.mailer.messages.isEmpty)
            try await h.accounts.register(
                Registration(email: "lea@example.com", username: "lea", password: Harness.password))
            let verification = try #require(h.mailer.latestToken(.emailVerification, to: "lea@example.com"))
            await #expect(throws: AccountError.invalidToken) {
                try await h.accounts.resetPassword(token: verification, newPassword: Self.newPassword)
            }
            // The verification token was not spent by the wrong use.
            #expect(try await h.accounts.verifyEmail(token: verification).isVerified)
        }
    }
}
