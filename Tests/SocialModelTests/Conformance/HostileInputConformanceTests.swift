import Foundation
import SocialModel
import SocialModelMocks
import TestSupport
import Testing

/// Quotes, SQL fragments, very long strings, NUL bytes and odd Unicode in every text field.
@Suite("Hostile input, on every store")
struct HostileInputConformanceTests {
    static let texts = [
        "Robert'); DROP TABLE users;--", "' OR 1=1 --", "\" OR \"\"=\"", "%_\\%", "'; DELETE FROM sessions; --",
        "Z̷̢̛a̸l̶g̵o̴", "\u{202E}reversed\u{202C}", "👩‍👩‍👧‍👦", "\u{FEFF}bom", "日本語テキスト", "Ω≈ç√∫",
        "NULL", "e\u{301}", "\u{1D573}\u{1D586}", "<script>alert(1)</script>",
    ]

    /// What the service stores for a one-line text: trimmed and NFC-composed.
    static func stored(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
    }

    @Test(arguments: StoreKind.allCases)
    func profileFieldsRoundTripExactly(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let session = try await h.signedIn("tess")
            for text in Self.texts {
                let updated = try await h.accounts.updateProfile(
                    session.token, ProfileChange(name: text, surname: text, bio: text + "\n" + text))
                let reread = try #require(try await h.store.user(id: session.user.id))
                #expect(reread == updated)
                #expect(reread.name == Self.stored(text))
                #expect(reread.surname == Self.stored(text))
                #expect(reread.bio == Self.stored(text + "\n" + text))
            }
            #expect(try await h.store.user(usernameKey: "tess")?.id == session.user.id)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func hostileRegistrationsAreRefusedByRule(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let long = String(repeating: "x", count: 1_000_000)
            let attempts: [(Registration, Set<AccountField>)] = [
                (
                    Registration(email: "' OR 1=1 --", username: "' OR 1=1 --", password: Harness.password),
                    [.username, .email]
                ),
                (
                    Registration(email: "a\u{0}b@example.com", username: "nul\u{0}name", password: Harness.password),
                    [.username, .email]
                ),
                (
                    Registration(email: long + "@example.com", username: long, password: long + "1"),
                    [.username, .email, .password]
                ),
                (
                    Registration(
                        email: "ok@example.com", username: "okay", password: Harness.password, name: "a\u{0}b",
                        surname: long), [.name, .surname]
                ),
                (Registration(email: "ok@example.com", username: "Ωmega", password: Harness.password), [.username]),
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
        }
    }

    @Test(arguments: StoreKind.allCases)
    func quotesInEmailsAndPasswordsWork(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let password = "' OR 1=1 -- x9\u{0}tail"
            let user = try await h.registerVerified("obrien", email: "o'brien+films@example.com", password: password)
            #expect(user.email == "o'brien+films@example.com")
            _ = try await h.accounts.signIn(
                email: "o'brien+films@example.com", password: password, clientKey: "' OR 1=1 --")
            // The password is hashed whole: what comes before the NUL is not enough.
            await #expect(throws: AccountError.invalidCredentials) {
                _ = try await h.accounts.signIn(
                    email: "o'brien+films@example.com", password: "' OR 1=1 -- x9", clientKey: "c")
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func hostileLookupsFindNothing(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            try await h.registerVerified("uma")
            for text in Self.texts + ["uma@example.com' --", "%", "_", "*"] {
                await #expect(throws: AccountError.invalidCredentials) {
                    _ = try await h.accounts.signIn(email: text, password: text, clientKey: text)
                }
                await #expect(throws: AccountError.unauthorized) {
                    _ = try await h.accounts.authenticate(SecretToken(rawValue: text))
                }
                await #expect(throws: AccountError.invalidToken) {
                    try await h.accounts.verifyEmail(token: SecretToken(rawValue: text))
                }
                try await h.accounts.resendVerification(email: text)
                try await h.accounts.requestPasswordReset(email: text)
            }
            #expect(h.mailer.messages.filter { $0.purpose == .passwordReset }.isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func hostileProviderSubjectsRoundTrip(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            for (index, text) in Self.texts.enumerated() {
                h.provider.register(token: "t\(index)", subject: text, displayName: text)
                let session = try await h.accounts.signIn(provider: "facebook", providerToken: "t\(index)")
                let link = try #require(try await h.store.identityLink(provider: "facebook", subject: text))
                #expect(link.userID == session.user.id)
                #expect(
                    try await h.accounts.signIn(provider: "facebook", providerToken: "t\(index)").user.id
                        == session.user.id)
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func theStoreKeepsHostileValuesVerbatim(kind: StoreKind) async throws {
        try await kind.withStore { store, _ in try await Self.keepsHostileValuesVerbatim(store) }
    }

    static func keepsHostileValuesVerbatim(_ store: any SocialStore) async throws {
        var stored: [User] = []
        for (index, text) in Self.texts.enumerated() {
            // The store does not validate, so even usernames and emails carry the raw text.
            let user = User(
                id: UserID(rawValue: "usr_\(text)_\(index)"), username: "\(text)\(index)", email: "\(text)\(index)",
                name: text, surname: text, bio: text, avatar: text, createdAt: Date(timeIntervalSince1970: 1.25))
            try await store.insertUser(user, passwordHash: text, identity: nil)
            stored.append(user)
        }
        for (index, user) in stored.enumerated() {
            #expect(try await store.user(id: user.id) == user)
            #expect(try await store.user(usernameKey: user.usernameKey) == user)
            #expect(try await store.user(email: "\(Self.texts[index])\(index)") == user)
            #expect(try await store.passwordHash(userID: user.id) == Self.texts[index])
        }
        #expect(try await store.user(email: "' OR 1=1 --") == nil)
        #expect(try await store.user(usernameKey: "%") == nil)
    }

    @Test(arguments: StoreKind.allCases)
    func recipeTextsRoundTripExactly(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let session = try await h.signedIn("cook")
            for text in Self.texts {
                let recipe = try await h.recipes.publish(
                    session.token,
                    RecipeDraft(name: text, preparationMinutes: 5, ingredients: [text, text], steps: [text]))
                let stored = try #require(try await h.store.recipe(id: recipe.id))
                #expect(stored == recipe)
                #expect(stored.name == Self.stored(text))
                #expect(stored.ingredients == [Self.stored(text), Self.stored(text)])
                #expect(stored.steps == [Self.stored(text)])
            }
            #expect(try await h.recipes.page(2).totalCount == Self.texts.count)
        }
    }
}
