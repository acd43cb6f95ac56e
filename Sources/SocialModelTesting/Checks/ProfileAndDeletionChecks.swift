import Foundation
import SocialModel
import Testing

/// Profile edits and account deletion.
enum ProfileAndDeletionChecks {
    static let all: [ConformanceCheck] = [
        ConformanceCheck(.accounts, "profile edits are saved within limits") { h in
            let mia = try await h.signedIn("mia")
            let updated = try await mia.account.updateProfile(
                ProfileChange(name: " Mia ", surname: "Khalifa-Øst", bio: "Film nerd.\r\nTea.\n📷"))
            #expect(updated.name == "Mia" && updated.bio == "Film nerd.\nTea.\n📷")
            #expect(try await h.store.user(id: mia.user.id) == updated)
            let tooLong = String(repeating: "b", count: 151)
            await #expect(
                throws: AccountError.invalid([
                    RuleViolation(.name, .tooManyLines(maximum: 1)), RuleViolation(.bio, .tooLong(maximum: 150)),
                    RuleViolation(.bio, .tooManyLines(maximum: 4)),
                ])
            ) {
                _ = try await mia.account.updateProfile(
                    ProfileChange(name: "two\nlines", bio: tooLong + "\n1\n2\n3\n4"))
            }
            #expect(try await h.store.user(id: mia.user.id) == updated)
        },
        ConformanceCheck(.accounts, "deleting an account takes everything of the user") { h in
            let other = try await h.signedIn("other")
            let ned = try await h.signedIn("ned")
            let id = ned.user.id
            h.provider.register(token: "fb-ned", subject: "fb-1")
            try await ned.account.linkProvider("facebook", providerToken: "fb-ned")
            try await h.accounts.requestPasswordReset(email: "ned@example.com")
            #expect(try await !h.store.tokens(userID: id).isEmpty)

            try await ned.account.deleteAccount()
            #expect(try await h.store.user(id: id) == nil)
            #expect(try await h.store.user(email: "ned@example.com") == nil)
            #expect(try await h.store.passwordHash(userID: id) == nil)
            #expect(try await h.store.sessions(userID: id).isEmpty)
            #expect(try await h.store.tokens(userID: id).isEmpty)
            #expect(try await h.store.identityLinks(userID: id).isEmpty)
            #expect(try await h.store.identityLink(provider: "facebook", subject: "fb-1") == nil)
            await #expect(throws: AccountError.unauthorized) { _ = try await h.accounts.session(ned.token) }
            // Others keep everything, and the username and address are free again.
            #expect(try await h.accounts.session(other.token).user.id == other.user.id)
            try await h.registerVerified("NED", email: "ned@example.com")
        },
    ]
}
