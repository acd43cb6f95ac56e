import Foundation
import SocialModel
import SocialModelMocks
import SocialModelSQLite
import SocialModelTesting
import Testing

/// Printable and one-line text: what looks like one character or one line is one.
@Suite("Text rules")
struct TextRuleTests {
    static let refused: [String] = [
        "line\u{2028}break", "para\u{2029}graph", "\u{202E}evil", "a\u{202A}b", "a\u{2066}b", "a\u{2069}b",
        "a\u{200E}b", "a\u{200F}b", "a\u{061C}b", "e" + String(repeating: "\u{0301}", count: 500),
    ]

    @Test("separators, bidi controls and overlong characters are refused in names and bios", arguments: refused)
    func refusedInProfiles(_ text: String) async throws {
        let h = SocialTestHarness(store: SQLiteSocialStore.inMemory())
        let ana = try await h.signedIn("ana")
        for change in [ProfileChange(name: text), ProfileChange(surname: text), ProfileChange(bio: text)] {
            await #expect(throws: AccountError.self, "\(change)") { _ = try await ana.account.updateProfile(change) }
        }
    }

    @Test("long emoji sequences and a few combining marks are still one character each")
    func emojiAndMarksPass() async throws {
        let h = SocialTestHarness(store: SQLiteSocialStore.inMemory())
        let ana = try await h.signedIn("ana")
        let kiss = "👩🏽‍❤️‍💋‍👨🏿"  // 10 code points, one character
        let updated = try await ana.account.updateProfile(
            ProfileChange(name: "Zoë Ảnh \(kiss)", bio: "e\u{0301}\u{0323}\u{0302} ok\nsecond line"))
        #expect(updated.name.hasSuffix(kiss))
    }

    @Test("email domains are mapped as IDNA does before they are compared or kept")
    func emailDomains() async throws {
        let h = SocialTestHarness(store: SQLiteSocialStore.inMemory())
        try await h.registerVerified("alice", email: "alice@example.com")
        for typed in ["alice@ｅxample.com", "ALICE@ＥＸＡＭＰＬＥ．ＣＯＭ", "alice@example\u{3002}com"] {
            let session = try await h.accounts.signIn(
                email: typed, password: SocialTestHarness.password, clientKey: "c")
            #expect(session.user.username == "alice", "\(typed)")
        }
        // Kept (and mailed) in the mapped form.
        for (username, typed, kept) in [
            ("hans", "Hans@Bücher.example", "hans@xn--bcher-kva.example"),
            ("jorg", "jorg@München。de", "jorg@xn--mnchen-3ya.de"),
        ] {
            try await h.accounts.register(
                Registration(email: typed, username: username, password: SocialTestHarness.password))
            let token = try #require(h.mailer.latestToken(.emailVerification, to: kept), "\(typed)")
            #expect(try await h.accounts.verifyEmail(token: token).email == kept)
        }
        let hans = try #require(try await h.store.user(email: "hans@xn--bcher-kva.example"))
        let signedIn = try await h.accounts.signIn(
            email: "hans@BÜCHER.example", password: SocialTestHarness.password, clientKey: "c")
        #expect(signedIn.user.id == hans.id)
    }
}
