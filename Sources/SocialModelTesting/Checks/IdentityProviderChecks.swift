import Foundation
import SocialModel
import Testing

/// Sign-in with external identity providers, and linking them.
enum IdentityProviderChecks {
    static let all: [ConformanceCheck] = [
        ConformanceCheck(.accounts, "a first provider sign-in creates the user and later ones find it") { h in
            h.provider.register(token: "t1", subject: "fb-100", email: "Olga@Example.com", displayName: "Olga K")
            let first = try await h.accounts.signIn(provider: "facebook", providerToken: "t1")
            #expect(first.user.username == "olga_k" && first.user.email == "olga@example.com" && first.user.isVerified)
            #expect(try await h.store.passwordHash(userID: first.user.id) == nil)
            h.provider.register(token: "t2", subject: "fb-100", email: "olga@example.com")
            let again = try await h.accounts.signIn(provider: "facebook", providerToken: "t2")
            #expect(again.user.id == first.user.id && again.token != first.token)
        },
        ConformanceCheck(.accounts, "taken usernames get a suffix and unverified emails are not kept") { h in
            try await h.registerVerified("olga")
            h.provider.register(
                token: "t", subject: "fb-7", email: "spoof@example.com", emailVerified: false, displayName: "Olga")
            let session = try await h.accounts.signIn(provider: "facebook", providerToken: "t")
            #expect(session.user.username.hasPrefix("olga_") && session.user.email == nil)
        },
        ConformanceCheck(.accounts, "refused tokens and unknown providers are typed errors") { h in
            await #expect(throws: AccountError.providerRejected(.invalidToken(reason: "unknown token"))) {
                _ = try await h.accounts.signIn(provider: "facebook", providerToken: "forged")
            }
            await #expect(throws: AccountError.unknownProvider("myspace")) {
                _ = try await h.accounts.signIn(provider: "myspace", providerToken: "x")
            }
        },
        ConformanceCheck(.accounts, "an existing email is not taken over by a provider, but can be linked") { h in
            let pia = try await h.signedIn("pia")
            h.provider.register(token: "t", subject: "fb-9", email: "pia@example.com")
            await #expect(throws: AccountError.emailBelongsToExistingAccount) {
                _ = try await h.accounts.signIn(provider: "facebook", providerToken: "t")
            }
            let link = try await pia.account.linkProvider("facebook", providerToken: "t")
            #expect(link.userID == pia.user.id)
            #expect(try await h.accounts.signIn(provider: "facebook", providerToken: "t").user.id == pia.user.id)
            let quinn = try await h.signedIn("quinn")
            await #expect(throws: AccountError.identityAlreadyLinked) {
                try await quinn.account.linkProvider("facebook", providerToken: "t")
            }
        },
        ConformanceCheck(.accounts, "a sign-in's nonce reaches the provider, for signing in and linking") { h in
            h.provider.register(token: "t", subject: "fb-n", nonce: "n-1")
            await #expect(throws: AccountError.providerRejected(.invalidToken(reason: "the nonce does not match"))) {
                _ = try await h.accounts.signIn(provider: "facebook", providerToken: "t", nonce: "n-2")
            }
            let first = try await h.accounts.signIn(provider: "facebook", providerToken: "t", nonce: "n-1")
            let rae = try await h.signedIn("rae")
            h.provider.register(token: "t2", subject: "fb-rae", nonce: "n-3")
            await #expect(throws: AccountError.providerRejected(.invalidToken(reason: "the nonce does not match"))) {
                try await rae.account.linkProvider("facebook", providerToken: "t2", nonce: "n-1")
            }
            #expect(
                try await rae.account.linkProvider("facebook", providerToken: "t2", nonce: "n-3").userID
                    != first.user.id)
        },
        ConformanceCheck(.accounts, "the last way to sign in cannot be unlinked") { h in
            h.provider.register(token: "t", subject: "fb-1")
            let member = try await h.member(try await h.accounts.signIn(provider: "facebook", providerToken: "t"))
            await #expect(throws: AccountError.lastSignInMethod) {
                try await member.account.unlinkProvider("facebook", subject: "fb-1")
            }
            h.provider.register(token: "t2", subject: "fb-2")
            try await member.account.linkProvider("facebook", providerToken: "t2")
            try await member.account.unlinkProvider("facebook", subject: "fb-1")
            #expect(try await member.account.identityLinks().map(\.subject) == ["fb-2"])
        },
        ConformanceCheck(.concurrency, "concurrent first provider sign-ins make one account") { h in
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
        },
    ]
}
