import Foundation
import SocialModel
import SocialModelMocks
import TestSupport
import Testing

@Suite("Profile edits and account deletion, on every store")
struct ProfileAndDeletionConformanceTests {
    @Test(arguments: StoreKind.allCases)
    func profileEditsAreSavedWithinLimits(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let session = try await h.signedIn("mia")
            let updated = try await h.accounts.updateProfile(
                session.token, ProfileChange(name: " Mia ", surname: "Khalifa-Øst", bio: "Film nerd.\r\nTea.\n📷"))
            #expect(updated.name == "Mia")
            #expect(updated.bio == "Film nerd.\nTea.\n📷")
            #expect(try await h.store.user(id: session.user.id) == updated)

            let tooLong = String(repeating: "b", count: 151)
            await #expect(
                throws: AccountError.invalid([
                    RuleViolation(.name, .tooManyLines(maximum: 1)),
                    RuleViolation(.bio, .tooLong(maximum: 150)),
                    RuleViolation(.bio, .tooManyLines(maximum: 4)),
                ])
            ) {
                _ = try await h.accounts.updateProfile(
                    session.token, ProfileChange(name: "two\nlines", bio: tooLong + "\n1\n2\n3\n4"))
            }
            #expect(try await h.store.user(id: session.user.id) == updated)
            await #expect(throws: AccountError.unauthorized) {
                _ = try await h.accounts.updateProfile(SecretToken(rawValue: "nope"), ProfileChange(name: "X"))
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func deletionTakesEverythingOfTheUser(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let other = try await h.signedIn("other")
            let session = try await h.signedIn("ned")
            let id = session.user.id
            h.provider.register(token: "fb-ned", subject: "fb-1")
            try await h.accounts.linkProvider(session.token, provider: "facebook", providerToken: "fb-ned")
            try await h.accounts.requestPasswordReset(email: "ned@example.com")
            #expect(try await !h.store.tokens(userID: id).isEmpty)

            try await h.accounts.deleteAccount(session.token)
            #expect(try await h.store.user(id: id) == nil)
            #expect(try await h.store.user(email: "ned@example.com") == nil)
            #expect(try await h.store.passwordHash(userID: id) == nil)
            #expect(try await h.store.sessions(userID: id).isEmpty)
            #expect(try await h.store.tokens(userID: id).isEmpty)
            #expect(try await h.store.identityLinks(userID: id).isEmpty)
            #expect(try await h.store.identityLink(provider: "facebook", subject: "fb-1") == nil)
            await #expect(throws: AccountError.unauthorized) { _ = try await h.accounts.authenticate(session.token) }
            // Others keep everything, and the username and address are free again.
            #expect(try await h.accounts.authenticate(other.token).id == other.user.id)
            try await h.registerVerified("NED", email: "ned@example.com")
        }
    }
}
