import Foundation
import SocialModel
import Testing

/// Quotes, SQL fragments, very long strings, NUL bytes and odd Unicode in every text field.
enum HostileInputChecks {
    static let texts = [
        "Robert'); DROP TABLE users;--", "' OR 1=1 --", "\" OR \"\"=\"", "%_\\%", "'; DELETE FROM sessions; --",
        "Z̷̢̛a̸l̶g̵o̴", "\u{200B}zero\u{200B}width\u{2060}", "👩‍👩‍👧‍👦", "\u{FEFF}bom", "日本語テキスト", "Ω≈ç√∫",
        "NULL", "e\u{301}", "\u{1D573}\u{1D586}", "<script>alert(1)</script>",
    ]

    /// What the services store for a one-line text: trimmed and NFC-composed.
    static func stored(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
    }

    static let all: [ConformanceCheck] = [
        ConformanceCheck(.hostileInput, "profile fields round-trip exactly") { h in
            let tess = try await h.signedIn("tess")
            for text in texts {
                let updated = try await tess.account.updateProfile(
                    ProfileChange(name: text, surname: text, bio: text + "\n" + text))
                let reread = try #require(try await h.store.user(id: tess.user.id))
                #expect(reread == updated)
                #expect(reread.name == stored(text) && reread.surname == stored(text))
                #expect(reread.bio == stored(text + "\n" + text))
            }
            #expect(try await h.store.user(usernameKey: "tess")?.id == tess.user.id)
        },
        ConformanceCheck(.hostileInput, "hostile registrations are refused by rule") { h in
            let long = String(repeating: "x", count: 1_000_000)
            let password = SocialTestHarness.password
            let attempts: [(Registration, Set<AccountField>)] = [
                (Registration(email: "' OR 1=1 --", username: "' OR 1=1 --", password: password), [.username, .email]),
                (
                    Registration(email: "a\u{0}b@example.com", username: "nul\u{0}name", password: password),
                    [.username, .email]
                ),
                (
                    Registration(email: long + "@example.com", username: long, password: long + "1"),
                    [.username, .email, .password]
                ),
                (
                    Registration(
                        email: "ok@example.com", username: "okay", password: password, name: "a\u{0}b", surname: long),
                    [.name, .surname]
                ),
                (Registration(email: "ok@example.com", username: "Ωmega", password: password), [.username]),
            ]
            for (registration, fields) in attempts {
                do throws(AccountError) {
                    try await h.accounts.register(registration)
                    Issue.record("accepted \(registration.username.prefix(20))")
                } catch .invalid(let violations) {
                    #expect(Set(violations.map(\.field)) == fields)
                } catch {
                    Issue.record("unexpected \(error)")
                }
            }
            #expect(h.mailer.messages.isEmpty)
        },
        ConformanceCheck(.hostileInput, "quotes in emails and passwords work, and passwords are hashed whole") { h in
            let password = "' OR 1=1 -- x9\u{0}tail"
            let user = try await h.registerVerified("obrien", email: "o'brien+films@example.com", password: password)
            #expect(user.email == "o'brien+films@example.com")
            _ = try await h.accounts.signIn(
                email: "o'brien+films@example.com", password: password, clientKey: "' OR 1=1 --")
            await #expect(throws: AccountError.invalidCredentials) {
                _ = try await h.accounts.signIn(
                    email: "o'brien+films@example.com", password: "' OR 1=1 -- x9", clientKey: "c")
            }
        },
        ConformanceCheck(.hostileInput, "hostile lookups find nothing") { h in
            try await h.registerVerified("uma")
            for text in texts + ["uma@example.com' --", "%", "_", "*"] {
                await #expect(throws: AccountError.invalidCredentials) {
                    _ = try await h.accounts.signIn(email: text, password: text, clientKey: text)
                }
                await #expect(throws: AccountError.unauthorized) {
                    _ = try await h.accounts.session(SecretToken(rawValue: text))
                }
                await #expect(throws: AccountError.invalidToken) {
                    try await h.accounts.verifyEmail(token: SecretToken(rawValue: text))
                }
                try await h.accounts.resendVerification(email: text)
                try await h.accounts.requestPasswordReset(email: text)
            }
            #expect(h.mailer.messages.filter { $0.purpose == .passwordReset }.isEmpty)
        },
        ConformanceCheck(.hostileInput, "hostile provider subjects round-trip") { h in
            for (index, text) in texts.enumerated() {
                h.provider.register(token: "t\(index)", subject: text, displayName: text)
                let session = try await h.accounts.signIn(provider: "facebook", providerToken: "t\(index)")
                let link = try #require(try await h.store.identityLink(provider: "facebook", subject: text))
                #expect(link.userID == session.user.id)
                #expect(
                    try await h.accounts.signIn(provider: "facebook", providerToken: "t\(index)").user.id
                        == session.user.id)
            }
        },
        ConformanceCheck(.hostileInput, "the store keeps hostile values verbatim") { h in
            let store = h.store
            var users: [User] = []
            for (index, text) in texts.enumerated() {
                // The store does not validate, so even usernames and emails carry the raw text.
                let user = User(
                    id: UserID(rawValue: "usr_\(text)_\(index)"), username: "\(text)\(index)", email: "\(text)\(index)",
                    name: text, surname: text, bio: text, avatar: text, createdAt: Date(timeIntervalSince1970: 1.25))
                try await store.insertUser(user, passwordHash: text, identity: nil)
                users.append(user)
            }
            for (index, user) in users.enumerated() {
                #expect(try await store.user(id: user.id) == user)
                #expect(try await store.user(usernameKey: user.usernameKey) == user)
                #expect(try await store.user(email: "\(texts[index])\(index)") == user)
                #expect(try await store.passwordHash(userID: user.id) == texts[index])
            }
            #expect(try await store.user(email: "' OR 1=1 --") == nil)
            #expect(try await store.user(usernameKey: "%") == nil)
        },
        ConformanceCheck(.hostileInput, "recipe texts round-trip exactly") { h in
            let cook = try await h.signedIn("cook")
            for text in texts {
                let recipe = try await cook.recipes.publish(
                    RecipeDraft(name: text, preparationMinutes: 5, ingredients: [text, text], steps: [text]))
                let reread = try #require(try await h.store.recipe(id: recipe.id))
                #expect(reread == recipe && reread.name == stored(text))
                #expect(reread.ingredients == [stored(text), stored(text)] && reread.steps == [stored(text)])
            }
            #expect(try await h.recipes.page(2).totalCount == texts.count)
        },
    ]
}
