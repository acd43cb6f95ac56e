import Foundation
import SocialModel
import SocialModelMocks
import TestSupport
import Testing

@Suite("External identity providers, on every store")
struct IdentityProviderConformanceTests {
    @Test(arguments: StoreKind.allCases)
    func firstSignInCreatesTheUserAndLaterOnesFindIt(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            h.provider.register(token: "t1", subject: "fb-100", email: "Olga@Example.com", displayName: "Olga K")
            let first = try await h.accounts.signIn(provider: "facebook", providerToken: "t1")
            #expect(first.user.username == "olga_k")
            #expect(first.user.email == "olga@example.com")
            #expect(first.user.isVerified)
            #expect(try await h.store.passwordHash(userID: first.user.id) == nil)

            h.provider.register(token: "t2", subject: "fb-100", email: "olga@example.com")
            let again = try await h.accounts.signIn(provider: "facebook", providerToken: "t2")
            #expect(again.user.id == first.user.id)
            #expect(again.token != first.token)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func takenUsernamesGetASuffixAndUnverifiedEmailsAreNotKept(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            try await h.registerVerified("olga")
            h.provider.register(
                token: "t", subject: "fb-7", email: "spoof@example.com", emailVerified: false, displayName: "Olga")
            let session = try await h.accounts.signIn(provider: "facebook", providerToken: "t")
            #expect(session.user.username.hasPrefix("olga_"))
            #expect(session.user.email == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func refusedTokensAndUnknownProviders(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            await #expect(throws: AccountError.providerRejected(.invalidToken(reason: "unknown token"))) {
                _ = try await h.accounts.signIn(provider: "facebook", providerToken: "forged")
            }
            await #expect(throws: AccountError.unknownProvider("myspace")) {
                _ = try await h.accounts.signIn(provider: "myspace", providerToken: "x")
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anExistingEmailIsNotTakenOverButCanBeLinked(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let session = try await h.signedIn("pia")
            h.provider.register(token: "t", subject: "fb-9", email: "pia@example.com")
            await #expect(throws: AccountError.emailBelongsToExistingAccount) {
                _ = try await h.accounts.signIn(provider: "facebook", providerToken: "t")
            }
            let link = try await h.accounts.linkProvider(session.token, provider: "facebook", providerToken: "t")
            #expect(link.userID == session.user.id)
            let viaProvider = try await h.accounts.signIn(provider: "facebook", providerToken: "t")
            #expect(viaProvider.user.id == session.user.id)

            let other = try await h.signedIn("quinn")
            await #expect(throws: AccountError.identityAlreadyLinked) {
                try await h.accounts.linkProvider(other.token, provider: "facebook", providerToken: "t")
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func theLastWayToSignInCannotBeUnlinked(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            h.provider.register(token: "t", subject: "fb-1")
            let session = try await h.accounts.signIn(provider: "facebook", providerToken: "t")
            await #expect(throws: AccountError.lastSignInMethod) {
                try await h.accounts.unlinkProvider(session.token, provider: "facebook", subject: "fb-1")
            }
            h.provider.register(token: "t2", subject: "fb-2")
            try await h.accounts.linkProvider(session.token, provider: "facebook", providerToken: "t2")
            try await h.accounts.unlinkProvider(session.token, provider: "facebook", subject: "fb-1")
            #expect(try await h.store.identityLinks(userID: session.user.id).map(\.subject) == ["fb-2"])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func concurrentFirstSignInsMakeOneAccount(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            h.provider.register(token: "t", subject: "fb-race", email: "racer@example.com", displayName: "Racer")
            let users = try await withThrowingTaskGroup(of: UserID.self) { group in
                for _ in 0..<8 {
                    group.addTask { try await h.accounts.signIn(provider: "facebook", providerToken: "t").user.id }
                }
                return try await group.reduce(into: Set<UserID>()) { $0.insert($1) }
            }
            #expect(users.count == 1)
            let user = try #require(users.first)
            #expect(try await h.store.identityLinks(userID: user).count == 1)
            #expect(try await h.store.sessions(userID: user).count == 8)
        }
    }
}
