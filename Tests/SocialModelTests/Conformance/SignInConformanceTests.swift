import Foundation
import SocialModel
import SocialModelMocks
import TestSupport
import Testing

@Suite("Sign-in, sessions and rate limits, on every store")
struct SignInConformanceTests {
    @Test(arguments: StoreKind.allCases)
    func wrongPasswordAndUnknownEmailFailTheSameWay(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            try await h.registerVerified("bob")
            await #expect(throws: AccountError.invalidCredentials) {
                _ = try await h.accounts.signIn(email: "bob@example.com", password: "Wrong-pass-123", clientKey: "c")
            }
            await #expect(throws: AccountError.invalidCredentials) {
                _ = try await h.accounts.signIn(email: "nobody@example.com", password: Harness.password, clientKey: "c")
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func sessionsAuthenticateUntilSignOutOrExpiry(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let session = try await h.signedIn("carol")
            #expect(try await h.accounts.authenticate(session.token).id == session.user.id)
            #expect(session.expiresAt == h.clock.now() + h.accounts.policy.sessionLifetime)

            try await h.accounts.signOut(session.token)
            await #expect(throws: AccountError.unauthorized) { _ = try await h.accounts.authenticate(session.token) }
            try await h.accounts.signOut(session.token)

            let second = try await h.accounts.signIn(
                email: "carol@example.com", password: Harness.password, clientKey: "c")
            h.clock.advance(by: h.accounts.policy.sessionLifetime)
            await #expect(throws: AccountError.unauthorized) { _ = try await h.accounts.authenticate(second.token) }
            #expect(try await h.store.sessions(userID: second.user.id).isEmpty)

            await #expect(throws: AccountError.unauthorized) {
                _ = try await h.accounts.authenticate(SecretToken(rawValue: "made-up"))
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func signOutEverywhereRevokesAllSessions(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let first = try await h.signedIn("dave")
            let second = try await h.accounts.signIn(
                email: "dave@example.com", password: Harness.password, clientKey: "c")
            #expect(try await h.store.sessions(userID: first.user.id).count == 2)
            try await h.accounts.signOutEverywhere(second.token)
            await #expect(throws: AccountError.unauthorized) { _ = try await h.accounts.authenticate(first.token) }
            #expect(try await h.store.sessions(userID: first.user.id).isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func failedSignInsAreLimitedPerAccount(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            try await h.registerVerified("erin")
            let limit = h.accounts.policy.accountRateLimit
            for attempt in 0..<limit.maximumFailures {
                await #expect(throws: AccountError.invalidCredentials) {
                    _ = try await h.accounts.signIn(
                        email: "erin@example.com", password: "Wrong-pass-\(attempt)", clientKey: "client-\(attempt)")
                }
            }
            // Even the right password is refused now, from any client.
            await #expect(throws: AccountError.rateLimited(retryAfter: limit.window)) {
                _ = try await h.accounts.signIn(
                    email: "erin@example.com", password: Harness.password, clientKey: "fresh")
            }
            h.clock.advance(by: limit.window / 3)
            await #expect(throws: AccountError.rateLimited(retryAfter: limit.window * 2 / 3)) {
                _ = try await h.accounts.signIn(
                    email: "erin@example.com", password: Harness.password, clientKey: "fresh")
            }
            h.clock.advance(by: limit.window)
            let session = try await h.accounts.signIn(
                email: "erin@example.com", password: Harness.password, clientKey: "fresh")
            #expect(session.user.username == "erin")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func successClearsTheAccountsFailures(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            try await h.registerVerified("fay")
            let limit = h.accounts.policy.accountRateLimit
            for _ in 0..<(limit.maximumFailures - 1) {
                _ = try? await h.accounts.signIn(email: "fay@example.com", password: "Wrong-pass-1", clientKey: "c")
            }
            _ = try await h.accounts.signIn(email: "fay@example.com", password: Harness.password, clientKey: "c")
            for _ in 0..<(limit.maximumFailures - 1) {
                _ = try? await h.accounts.signIn(email: "fay@example.com", password: "Wrong-pass-1", clientKey: "c")
            }
            _ = try await h.accounts.signIn(email: "fay@example.com", password: Harness.password, clientKey: "c")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func failedSignInsAreLimitedPerClient(kind: StoreKind) async throws {
        var policy = AccountPolicy()
        policy.clientRateLimit = RateLimit(maximumFailures: 3, window: 600)
        try await Harness.with(kind, policy: policy) { h in
            try await h.registerVerified("gus")
            // Spraying one password over many addresses from one client trips the client limit.
            for index in 0..<3 {
                _ = try? await h.accounts.signIn(
                    email: "victim\(index)@example.com", password: "guess-123456", clientKey: "203.0.113.9")
            }
            await #expect(throws: AccountError.rateLimited(retryAfter: 600)) {
                _ = try await h.accounts.signIn(
                    email: "gus@example.com", password: Harness.password, clientKey: "203.0.113.9")
            }
            // Other clients are unaffected.
            _ = try await h.accounts.signIn(
                email: "gus@example.com", password: Harness.password, clientKey: "198.51.100.7")
        }
    }
}
