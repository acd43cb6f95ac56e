import Foundation
import GRDB
import SocialModel
import SocialModelMocks
import SocialModelSQLite
import SocialModelTesting
import TestSupport
import Testing

/// SocialModelTesting's share-link checks on every store, and the service's own rules.
@Suite("Share links of posts")
struct ShareLinkServiceTests {
    @Test(arguments: StoreKind.allCases, ShareLinkConformance.checks)
    func storeKeepsTheRule(kind: StoreKind, check: ConformanceCheck) async throws {
        try await kind.withStore { store, _ in try await check.run(on: store) }
    }

    @Test("The token comes from the injected source; the database holds its SHA-256 and never the token")
    func tokenIsStoredHashed() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.url.appendingPathComponent("social.sqlite")
        let store = try SQLiteSocialStore(url: url)
        let harness = SocialTestHarness(store: store)
        let token = SecretToken(rawValue: String(repeating: "Ab9_-", count: 8) + "xyz")
        let makeToken: @Sendable () -> SecretToken = { token }
        let links = try #require(harness.network.shareLinks(makeToken: makeToken))
        let ana = try await harness.signedIn("ana")
        let post = try await ana.posts.publish(PostDraft(photo: MockPhotoProcessor.photo(width: 40, height: 30)))
        let created = try await links.create(postID: post.id, by: ana.account)
        #expect(created.token == token.rawValue)
        #expect(try await links.resolve(token: token.rawValue).post.id == post.id)

        let queue = try DatabaseQueue(path: url.path)
        let stored = try await queue.read { db in try Data.fetchAll(db, sql: "SELECT token_hash FROM share_links") }
        // SecretToken.hash is SHA-256 (32 bytes) of the token's text, as the session tokens are kept.
        #expect(stored == [token.hash] && stored.first?.count == 32)
        let everything = try await queue.read { db in
            try String.fetchAll(db, sql: "SELECT quote(id) || quote(post_id) || quote(token_hash) FROM share_links")
        }
        #expect(!everything.joined().contains(token.rawValue))
    }

    @Test("A token of the wrong shape is refused before the store is asked")
    func malformedTokens() async throws {
        let harness = SocialTestHarness(store: SQLiteSocialStore.inMemory())
        let links = try #require(harness.network.shareLinks())
        for token in [
            "", "short", String(repeating: "a", count: 42), String(repeating: "a", count: 44),
            String(repeating: "a", count: 42) + "=", String(repeating: "a", count: 42) + "/",
            String(repeating: "é", count: 43), String(repeating: "a", count: 100_000),
        ] {
            #expect(!ShareLinkService.isWellFormed(token))
            await #expect(throws: ShareLinkError.notFound(.link)) { try await links.resolve(token: token) }
        }
        #expect(ShareLinkService.isWellFormed(SecretToken.generate().rawValue))
    }

    @Test("Every key of the share links' table exists in en, sk and cs")
    func everyKeyInEveryLanguage() {
        #expect(MessageTable.shareLinks.problems() == [])
    }

    @Test("Each error reads in English (its description), Slovak and Czech, with plural forms for 1, 2–4, 5+ and 0")
    func errorsInThreeLanguages() {
        let english = Locale(identifier: "en")
        let slovak = Locale(identifier: "sk")
        let czech = Locale(identifier: "cs")
        let errors: [ShareLinkError] =
            ShareLinkEntity.allCases.map { .notFound($0) } + [
                .forbidden, .tooManyLinks(maximum: 3), .storage(.missingReference),
            ]
        for error in errors {
            #expect(error.localizedDescription(for: english) == error.description)
            #expect(error.localizedDescription(for: slovak) != error.description, "\(error)")
            #expect(error.localizedDescription(for: czech) != error.localizedDescription(for: slovak), "\(error)")
        }
        #expect(
            ShareLinkError.forbidden.localizedDescription(for: czech)
                == "příspěvek může sdílet a jeho odkazy rušit jen jeho autor")
        let counts = [1, 3, 5, 0].map { ShareLinkError.tooManyLinks(maximum: $0) }
        #expect(
            counts.map { $0.localizedDescription(for: english) } == [
                "a post may have at most 1 live share link; revoke it first",
                "a post may have at most 3 live share links; revoke one first",
                "a post may have at most 5 live share links; revoke one first",
                "a post may have at most 0 live share links; revoke one first",
            ])
        #expect(
            counts.map { $0.localizedDescription(for: slovak) } == [
                "príspevok môže mať najviac 1 platný odkaz na zdieľanie; najprv ho zrušte",
                "príspevok môže mať najviac 3 platné odkazy na zdieľanie; najprv jeden zrušte",
                "príspevok môže mať najviac 5 platných odkazov na zdieľanie; najprv jeden zrušte",
                "príspevok môže mať najviac 0 platných odkazov na zdieľanie; najprv jeden zrušte",
            ])
        #expect(
            counts.map { $0.localizedDescription(for: czech) } == [
                "příspěvek může mít nejvýše 1 platný odkaz ke sdílení; nejprve ho zrušte",
                "příspěvek může mít nejvýše 3 platné odkazy ke sdílení; nejprve jeden zrušte",
                "příspěvek může mít nejvýše 5 platných odkazů ke sdílení; nejprve jeden zrušte",
                "příspěvek může mít nejvýše 0 platných odkazů ke sdílení; nejprve jeden zrušte",
            ])
    }

    @Test("The shared post's photo sizes: never enlarged, the longer side at most the bound")
    func pixelSizes() {
        let post = Post(
            id: .random(), authorID: .random(), caption: "", filter: nil, width: 300, height: 400, createdAt: Date())
        let shared = SharedPost(
            post: post, author: User(id: post.authorID, username: "ana", email: nil, createdAt: Date()),
            photoSizes: [1080, 320])
        #expect(shared.pixelSize(atBound: 1080) == (300, 400) && shared.pixelSize(atBound: 320) == (240, 320))
        #expect(shared.authorDisplayName == "ana")
    }
}
