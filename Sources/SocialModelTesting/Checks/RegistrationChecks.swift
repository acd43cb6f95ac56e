import Foundation
import SocialModel
import Testing

/// Registration and email verification.
enum RegistrationChecks {
    static let all: [ConformanceCheck] = [
        ConformanceCheck(.accounts, "registration normalises the email and requires verification") { h in
            try await h.accounts.register(
                Registration(
                    email: "  Ana.Lima@Example.COM ", username: "Ana_Lima", password: SocialTestHarness.password,
                    name: " Ana ", surname: "Lima"))
            let user = try #require(try await h.store.user(email: "ana.lima@example.com"))
            #expect(user.username == "Ana_Lima" && user.name == "Ana" && user.verifiedAt == nil)
            await #expect(throws: AccountError.emailNotVerified) {
                _ = try await h.accounts.signIn(
                    email: "ana.lima@example.com", password: SocialTestHarness.password, clientKey: "c")
            }
            let token = try #require(h.mailer.latestToken(.emailVerification, to: "ana.lima@example.com"))
            #expect(try await h.accounts.verifyEmail(token: token).verifiedAt == h.clock.now())
            let session = try await h.accounts.signIn(
                email: "ANA.LIMA@example.com", password: SocialTestHarness.password, clientKey: "c")
            #expect(session.user.id == user.id)
        },
        ConformanceCheck(.accounts, "every broken rule of a registration is reported") { h in
            let registration = Registration(
                email: "not an email", username: "a b", password: "short", name: String(repeating: "n", count: 51),
                surname: "line\u{7}bell")
            await #expect(
                throws: AccountError.invalid([
                    RuleViolation(.username, .containsWhitespace), RuleViolation(.email, .containsWhitespace),
                    RuleViolation(.email, .malformed(expected: "an address like name@example.com")),
                    RuleViolation(.password, .tooShort(minimum: 10)), RuleViolation(.password, .missingDigit),
                    RuleViolation(.name, .tooLong(maximum: 50)),
                    RuleViolation(.surname, .forbiddenCharacters(allowed: "printable characters")),
                ])
            ) { try await h.accounts.register(registration) }
            #expect(h.mailer.messages.isEmpty)
        },
        ConformanceCheck(.accounts, "passwords are refused by rule") { h in
            let cases: [(String, [ValidationRule])] = [
                ("abcdefghijk", [.missingDigit]), ("12345678901", [.missingLetter]),
                ("xx_mario_99_xx", [.containsIdentity]), ("mariorossi1234", [.containsIdentity]),
                (String(repeating: "a1", count: 600), [.tooLong(maximum: 1024)]),
            ]
            for (password, rules) in cases {
                await #expect(throws: AccountError.invalid(rules.map { RuleViolation(.password, $0) })) {
                    try await h.accounts.register(
                        Registration(email: "mariorossi@example.com", username: "Mario", password: password))
                }
            }
        },
        ConformanceCheck(.accounts, "usernames are unique ignoring case") { h in
            try await h.registerVerified("Alice")
            await #expect(throws: AccountError.invalid([RuleViolation(.username, .taken)])) {
                try await h.accounts.register(
                    Registration(email: "other@example.com", username: "aLiCe", password: SocialTestHarness.password))
            }
        },
        ConformanceCheck(.accounts, "registering a taken email reveals nothing and creates nothing") { h in
            let first = try await h.registerVerified("first", email: "same@example.com")
            try await h.accounts.register(
                Registration(email: "SAME@example.com", username: "second", password: SocialTestHarness.password))
            #expect(try await h.store.user(usernameKey: "second") == nil)
            #expect(try await h.store.user(email: "same@example.com")?.id == first.id)
            #expect(h.mailer.messages(to: "same@example.com").last?.purpose == .registrationAttempt)
        },
        ConformanceCheck(.accounts, "verification tokens expire and can be resent") { h in
            let first = try await h.registerPending("late")
            h.clock.advance(by: h.accounts.policy.emailVerificationLifetime + 1)
            await #expect(throws: AccountError.expiredToken) { try await h.accounts.verifyEmail(token: first) }
            try await h.accounts.resendVerification(email: "late@example.com")
            let second = try #require(h.mailer.latestToken(.emailVerification, to: "late@example.com"))
            #expect(second != first)
            #expect(try await h.accounts.verifyEmail(token: second).isVerified)
            await #expect(throws: AccountError.invalidToken) { try await h.accounts.verifyEmail(token: second) }
        },
        ConformanceCheck(.accounts, "resending replaces the earlier token, and says nothing of unknown addresses") {
            h in
            let first = try await h.registerPending("twice")
            try await h.accounts.resendVerification(email: "twice@example.com")
            await #expect(throws: AccountError.invalidToken) { try await h.accounts.verifyEmail(token: first) }
            let before = h.mailer.messages.count
            try await h.accounts.resendVerification(email: "nobody@example.com")
            #expect(h.mailer.messages.count == before)
        },
        ConformanceCheck(.concurrency, "concurrent registrations of one username have exactly one winner") { h throws in
            let outcomes = await withTaskGroup(of: Result<Void, AccountError>.self) { group in
                for index in 0..<16 {
                    group.addTask {
                        do throws(AccountError) {
                            try await h.accounts.register(
                                Registration(
                                    email: "racer\(index)@example.com", username: "Racer",
                                    password: SocialTestHarness.password))
                            return .success(())
                        } catch {
                            return .failure(error)
                        }
                    }
                }
                return await group.reduce(into: [Result<Void, AccountError>]()) { $0.append($1) }
            }
            #expect(outcomes.filter { (try? $0.get()) != nil }.count == 1)
            for case .failure(let error) in outcomes {
                #expect(error == .invalid([RuleViolation(.username, .taken)]))
            }
            #expect(try await h.store.user(usernameKey: "racer") != nil)
        },
    ]
}
