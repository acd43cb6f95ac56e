import Foundation
import SocialModel
import Testing

/// Sign-in, sessions and rate limits.
enum SignInChecks {
    static let password = SocialTestHarness.password

    static let all: [ConformanceCheck] = [
        ConformanceCheck(.accounts, "a wrong password and an unknown email fail the same way") { h in
            try await h.registerVerified("bob")
            await #expect(throws: AccountError.invalidCredentials) {
                _ = try await h.accounts.signIn(email: "bob@example.com", password: "Wrong-pass-123", clientKey: "c")
            }
            await #expect(throws: AccountError.invalidCredentials) {
                _ = try await h.accounts.signIn(email: "nobody@example.com", password: password, clientKey: "c")
            }
        },
        ConformanceCheck(.accounts, "sessions authenticate until signed out or expired") { h in
            let carol = try await h.signedIn("carol")
            #expect(try await h.accounts.session(carol.token).user.id == carol.user.id)
            #expect(carol.signIn.expiresAt == h.clock.now() + h.accounts.policy.sessionLifetime)

            try await carol.account.signOut()
            await #expect(throws: AccountError.unauthorized) { _ = try await h.accounts.session(carol.token) }
            try await carol.account.signOut()  // twice is harmless

            let second = try await h.accounts.signIn(email: "carol@example.com", password: password, clientKey: "c")
            h.clock.advance(by: h.accounts.policy.sessionLifetime)
            await #expect(throws: AccountError.unauthorized) { _ = try await h.accounts.session(second.token) }
            #expect(try await h.store.sessions(userID: second.user.id).isEmpty)
            await #expect(throws: AccountError.unauthorized) {
                _ = try await h.accounts.session(SecretToken(rawValue: "made-up"))
            }
        },
        ConformanceCheck(.accounts, "signing out everywhere revokes every session") { h in
            let first = try await h.signedIn("dave")
            let second = try await h.member(
                try await h.accounts.signIn(email: "dave@example.com", password: password, clientKey: "c"))
            #expect(try await h.store.sessions(userID: first.user.id).count == 2)
            try await second.account.signOutEverywhere()
            await #expect(throws: AccountError.unauthorized) { _ = try await h.accounts.session(first.token) }
            #expect(try await h.store.sessions(userID: first.user.id).isEmpty)
        },
        ConformanceCheck(.accounts, "failed sign-ins are limited per account and client, not locking out the owner") {
            h in
            try await h.registerVerified("erin")
            let limit = h.accounts.policy.accountRateLimit
            let (attacker, owner) = ("203.0.113.9", "198.51.100.7")
            for attempt in 0..<limit.maximumFailures {
                await #expect(throws: AccountError.invalidCredentials) {
                    _ = try await h.accounts.signIn(
                        email: "erin@example.com", password: "Wrong-pass-\(attempt)", clientKey: attacker)
                }
            }
            // Even the right password is refused now from that client...
            await #expect(throws: AccountError.rateLimited(retryAfter: limit.window)) {
                _ = try await h.accounts.signIn(email: "erin@example.com", password: password, clientKey: attacker)
            }
            h.clock.advance(by: limit.window / 3)
            await #expect(throws: AccountError.rateLimited(retryAfter: limit.window * 2 / 3)) {
                _ = try await h.accounts.signIn(email: "erin@example.com", password: password, clientKey: attacker)
            }
            // ...while the owner signs in from elsewhere.
            let session = try await h.accounts.signIn(email: "erin@example.com", password: password, clientKey: owner)
            #expect(session.user.username == "erin")
            h.clock.advance(by: limit.window)
            _ = try await h.accounts.signIn(email: "erin@example.com", password: password, clientKey: attacker)
        },
        ConformanceCheck(.accounts, "failures of an account from many clients bring growing delays, not a lock-out") {
            h in
            try await h.registerVerified("fen")
            let delay = h.accounts.policy.accountDelay
            for attempt in 0...delay.freeFailures {
                await #expect(throws: AccountError.invalidCredentials) {
                    _ = try await h.accounts.signIn(
                        email: "fen@example.com", password: "Wrong-pass-\(attempt)", clientKey: "client-\(attempt)")
                }
            }
            await #expect(throws: AccountError.rateLimited(retryAfter: delay.initialDelay)) {
                _ = try await h.accounts.signIn(email: "fen@example.com", password: password, clientKey: "owner")
            }
            h.clock.advance(by: delay.initialDelay)
            await #expect(throws: AccountError.invalidCredentials) {
                _ = try await h.accounts.signIn(
                    email: "fen@example.com", password: "Wrong-pass-x", clientKey: "client-x")
            }
            // Each further failure doubles the wait.
            await #expect(throws: AccountError.rateLimited(retryAfter: delay.initialDelay * 2)) {
                _ = try await h.accounts.signIn(email: "fen@example.com", password: password, clientKey: "owner")
            }
            h.clock.advance(by: delay.initialDelay * 2)
            _ = try await h.accounts.signIn(email: "fen@example.com", password: password, clientKey: "owner")
        },
        ConformanceCheck(.accounts, "a success clears the account's failures") { h in
            try await h.registerVerified("fay")
            let limit = h.accounts.policy.accountRateLimit
            for _ in 0..<2 {
                for _ in 0..<(limit.maximumFailures - 1) {
                    _ = try? await h.accounts.signIn(email: "fay@example.com", password: "Wrong-pass-1", clientKey: "c")
                }
                _ = try await h.accounts.signIn(email: "fay@example.com", password: password, clientKey: "c")
            }
        },
        ConformanceCheck(.accounts, "failures from one client bring it growing delays, not a lock-out of its accounts")
        { h in
            var policy = AccountPolicy()
            policy.clientDelay = ProgressiveDelay(freeFailures: 3, initialDelay: 2, maximumDelay: 8, window: 600)
            let h = SocialTestHarness(store: h.store, accountPolicy: policy)
            try await h.registerVerified("gus")
            // Spraying one password over many addresses from one client slows that client...
            for index in 0...3 {
                _ = try? await h.accounts.signIn(
                    email: "victim\(index)@example.com", password: "guess-123456", clientKey: "203.0.113.9")
            }
            await #expect(throws: AccountError.rateLimited(retryAfter: 2)) {
                _ = try await h.accounts.signIn(email: "gus@example.com", password: password, clientKey: "203.0.113.9")
            }
            // ...other clients are unaffected...
            _ = try await h.accounts.signIn(email: "gus@example.com", password: password, clientKey: "198.51.100.7")
            // ...and someone else behind the same address signs in once the short delay is over.
            h.clock.advance(by: 2)
            _ = try await h.accounts.signIn(email: "gus@example.com", password: password, clientKey: "203.0.113.9")
        },
        ConformanceCheck(.accounts, "email sign-in offers registration without revealing accounts") { h in
            try await h.registerVerified("known")
            let unknown = try await h.accounts.signInOrOfferRegistration(
                email: " New@Example.com", password: password, clientKey: "c")
            #expect(unknown == .registrationOffered(email: "new@example.com"))
            let wrong = try await h.accounts.signInOrOfferRegistration(
                email: "known@example.com", password: "Wrong-pass-123", clientKey: "c")
            #expect(wrong == .registrationOffered(email: "known@example.com"))
            let right = try await h.accounts.signInOrOfferRegistration(
                email: "known@example.com", password: password, clientKey: "c")
            guard case .signedIn(let session) = right else {
                Issue.record("the right password did not sign in")
                return
            }
            #expect(session.user.username == "known")
        },
    ]
}
