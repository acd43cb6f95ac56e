import Foundation
import SocialModel
import SocialModelMocks
import TestSupport
import Testing

@Suite("Registration and email verification, on every store")
struct RegistrationConformanceTests {
    @Test(arguments: StoreKind.allCases)
    func registrationNormalisesEmailAndRequiresVerification(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            try await h.accounts.register(
                Registration(
                    email: "  Ana.Lima@Example.COM ", username: "Ana_Lima", password: Harness.password,
                    name: " Ana ", surname: "Lima"))
            let user = try #require(try await h.store.user(email: "ana.lima@example.com"))
            #expect(user.username == "Ana_Lima")
            #expect(user.name == "Ana")
            #expect(user.verifiedAt == nil)
            await #expect(throws: AccountError.emailNotVerified) {
                _ = try await h.accounts.signIn(
                    email: "ana.lima@example.com", password: Harness.password, clientKey: "c")
            }
            let token = try #require(h.mailer.latestToken(.emailVerification, to: "ana.lima@example.com"))
            let verified = try await h.accounts.verifyEmail(token: token)
            #expect(verified.verifiedAt == h.clock.now())
            let session = try await h.accounts.signIn(
                email: "ANA.LIMA@example.com", password: Harness.password, clientKey: "c")
            #expect(session.user.id == user.id)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func everyBrokenRuleIsReported(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let registration = Registration(
                email: "not an email", username: "a b", password: "short", name: String(repeating: "n", count: 51),
                surname: "line\u{7}bell")
            await #expect(
                throws: AccountError.invalid([
                    RuleViolation(.username, .containsWhitespace),
                    RuleViolation(.email, .containsWhitespace),
                    RuleViolation(.email, .malformed(expected: "an address like name@example.com")),
                    RuleViolation(.password, .tooShort(minimum: 10)),
                    RuleViolation(.password, .missingDigit),
                    RuleViolation(.name, .tooLong(maximum: 50)),
                    RuleViolation(.surname, .forbiddenCharacters(allowed: "printable characters")),
                ])
            ) {
                try await h.accounts.register(registration)
            }
            #expect(h.mailer.messages.isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func passwordRules(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let cases: [(String, [ValidationRule])] = [
                ("abcdefghijk", [.missingDigit]),
                ("12345678901", [.missingLetter]),
                ("xx_mario_99_xx", [.containsIdentity]),
                ("mariorossi1234", [.containsIdentity]),
                (String(repeating: "a1", count: 600), [.tooLong(maximum: 1024)]),
            ]
            for (password, rules) in cases {
                await #expect(throws: AccountError.invalid(rules.map { RuleViolation(.password, $0) })) {
                    try await h.accounts.register(
                        Registration(email: "mariorossi@example.com", username: "Mario", password: password))
                }
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func usernamesAreUniqueIgnoringCase(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            try await h.registerVerified("Alice")
            await #expect(throws: AccountError.invalid([RuleViolation(.username, .taken)])) {
                try await h.accounts.register(
                    Registration(email: "other@example.com", username: "aLiCe", password: Harness.password))
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func registeringATakenEmailRevealsNothingAndCreatesNothing(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let first = try await h.registerVerified("first", email: "same@example.com")
            try await h.accounts.register(
                Registration(email: "SAME@example.com", username: "second", password: Harness.password))
            #expect(try await h.store.user(usernameKey: "second") == nil)
            #expect(try await h.store.user(email: "same@example.com")?.id == first.id)
            #expect(h.mailer.messages(to: "same@example.com").last?.purpose == .registrationAttempt)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func verificationTokensExpireAndCanBeResent(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let first = try await h.registerPending("late")
            h.clock.advance(by: h.accounts.policy.emailVerificationLifetime + 1)
            await #expect(throws: AccountError.expiredToken) { try await h.accounts.verifyEmail(token: first) }

            try await h.accounts.resendVerification(email: "late@example.com")
            let second = try #require(h.mailer.latestToken(.emailVerification, to: "late@example.com"))
            #expect(second != first)
            #expect(try await h.accounts.verifyEmail(token: second).isVerified)
            await #expect(throws: AccountError.invalidToken) { try await h.accounts.verifyEmail(token: second) }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func resendingReplacesTheEarlierToken(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let first = try await h.registerPending("twice")
            try await h.accounts.resendVerification(email: "twice@example.com")
            await #expect(throws: AccountError.invalidToken) { try await h.accounts.verifyEmail(token: first) }
            // An unknown address gets no mail and no error.
            let before = h.mailer.messages.count
            try await h.accounts.resendVerification(email: "nobody@example.com")
            #expect(h.mailer.messages.count == before)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func concurrentRegistrationOfOneUsernameHasExactlyOneWinner(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let outcomes = await withTaskGroup(of: Result<Void, AccountError>.self) { group in
                for index in 0..<16 {
                    group.addTask {
                        do throws(AccountError) {
                            try await h.accounts.register(
                                Registration(
                                    email: "racer\(index)@example.com", username: "Racer", password: Harness.password))
                            return .success(())
                        } catch {
                            return .failure(error)
                        }
                    }
                }
                var outcomes: [Result<Void, AccountError>] = []
                for await outcome in group { outcomes.append(outcome) }
                return outcomes
            }
            let winners = outcomes.filter { if case .success = $0 { true } else { false } }
            #expect(winners.count == 1)
            for case .failure(let error) in outcomes {
                #expect(error == .invalid([RuleViolation(.username, .taken)]))
            }
            let stored = try await h.store.user(usernameKey: "racer")
            #expect(stored != nil)
        }
    }
}
