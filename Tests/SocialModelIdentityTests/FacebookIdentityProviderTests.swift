import Foundation
import SocialModel
import SocialModelIdentity
import TestSupport
import Testing

/// Facebook user access tokens against a Graph-API-shaped server on loopback.
@Suite("Facebook access tokens", .highPriority)
struct FacebookIdentityProviderTests {
    @Test func aValidTokenNamesTheUserWithTheirEmail() async throws {
        try await withFixture(TestGraphAPI.start) { graph in
            let identity = try await graph.provider().verify(token: "valid")
            #expect(
                identity
                    == VerifiedIdentity(
                        provider: "facebook", subject: "1001", email: "lubo@example.sk", emailVerified: true,
                        displayName: "Ľubomír Šťastný"))
            #expect(try await graph.provider().verify(token: "never-expires").subject == "1005")
        }
    }

    @Test func aUserWhoSharesNoEmailIsStillSignedIn() async throws {
        try await withFixture(TestGraphAPI.start) { graph in
            let identity = try await graph.provider().verify(token: "no-email")
            #expect(identity.subject == "1002")
            #expect(identity.email == nil)
            #expect(!identity.emailVerified)
        }
    }

    @Test(arguments: [
        ("expired", TokenRejection.expired), ("still-dated", .expired), ("revoked", .revoked),
        ("other-app", .wrongAudience),
        ("page", .notAUserToken), ("mismatch", .revoked), ("no-user", .missingSubject), ("made-up", .revoked),
        ("", .malformed),
    ])
    func refusedTokens(token: String, rejection: TokenRejection) async throws {
        try await withFixture(TestGraphAPI.start) { graph in
            await #expect(throws: rejection.providerError) { _ = try await graph.provider().verify(token: token) }
        }
    }

    @Test func aGraphAPIThatFailsOrRefusesTheAppIsUnavailable() async throws {
        try await withFixture(TestGraphAPI.start) { graph in
            for (token, secret) in [
                ("valid", "wrong-secret"), ("broken-me", TestGraphAPI.appSecret),
                ("garbage-me", TestGraphAPI.appSecret),
            ] {
                do throws(IdentityProviderError) {
                    _ = try await graph.provider(secret: secret).verify(token: token)
                    Issue.record("\(token) was accepted")
                } catch {
                    guard case .unavailable(let reason) = error else {
                        Issue.record("\(token): \(error)")
                        continue
                    }
                    #expect(
                        !reason.contains(secret) && !reason.contains("valid"), "the reason leaks a secret: \(reason)")
                }
            }
        }
        let gone = try await TestGraphAPI.start()
        await gone.stop()
        await #expect(throws: IdentityProviderError.self) { _ = try await gone.provider().verify(token: "valid") }
    }

    @Test func tokensWithCharactersThatNeedEncodingArriveIntact() async throws {
        try await withFixture(TestGraphAPI.start) { graph in
            // "+" and "|" would be mangled by a form decoder if they were not percent-encoded.
            await #expect(throws: TokenRejection.revoked.providerError) {
                _ = try await graph.provider().verify(token: "a+b|c&input_token=valid")
            }
            #expect(graph.server.received.contains { $0.query["input_token"] == "a+b|c&input_token=valid" })
        }
    }
}
