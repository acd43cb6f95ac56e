import Crypto
import Foundation
import SocialModel
import SocialModelIdentity
import SocialModelMocks
import TestSupport
import Testing

/// ID tokens against an issuer on loopback: the valid ones are accepted, and every forgery,
/// mistake and stale token of the matrix is refused with its own ``TokenRejection``.
@Suite("OpenID Connect ID tokens", .highPriority)
struct OpenIDConnectProviderTests {
    private func expect(
        _ provider: OpenIDConnectProvider, _ token: String, nonce: String? = nil, refusedWith rejection: TokenRejection,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        await #expect(throws: rejection.providerError, sourceLocation: sourceLocation) {
            _ = try await provider.verify(token: token, nonce: nonce)
        }
    }

    @Test func aValidTokenNamesThePerson() async throws {
        try await withFixture(TestIssuer.start) { issuer in
            let identity = try await issuer.provider().verify(token: try await issuer.sign(issuer.claims()))
            #expect(
                identity
                    == VerifiedIdentity(
                        provider: "film-id", subject: "user-1", email: "olga@example.com", emailVerified: true,
                        displayName: "Olga Kováčová"))
            // Apple writes email_verified as a string; an unverified or absent email is not vouched for.
            var apple = issuer.claims()
            apple.email_verified = .string("true")
            #expect(try await issuer.provider().verify(token: try await issuer.sign(apple)).emailVerified)
            apple.email_verified = .string("false")
            #expect(try await issuer.provider().verify(token: try await issuer.sign(apple)).emailVerified == false)
            let anonymous = try await issuer.provider().verify(token: try await issuer.sign(issuer.claims(email: nil)))
            #expect(anonymous.email == nil && !anonymous.emailVerified)
        }
    }

    @Test func expiryAndIssueTimesAllowTheClockSkewAndNoMore() async throws {
        try await withFixture(TestIssuer.start) { issuer in
            let provider = issuer.provider()
            let now = issuer.clock.now()
            var claims = issuer.claims()
            claims.exp = now.addingTimeInterval(-30)
            _ = try await provider.verify(token: try await issuer.sign(claims))
            claims.exp = now.addingTimeInterval(-90)
            await expect(provider, try await issuer.sign(claims), refusedWith: .expired)

            claims = issuer.claims()
            claims.iat = now.addingTimeInterval(30)
            _ = try await provider.verify(token: try await issuer.sign(claims))
            claims.iat = now.addingTimeInterval(300)
            await expect(provider, try await issuer.sign(claims), refusedWith: .notYetValid)

            claims = issuer.claims()
            claims.nbf = now.addingTimeInterval(300)
            await expect(provider, try await issuer.sign(claims), refusedWith: .notYetValid)

            claims = issuer.claims()
            claims.iat = now.addingTimeInterval(-7200)
            let strict = issuer.provider { $0.maximumTokenAge = 3600 }
            await expect(strict, try await issuer.sign(claims), refusedWith: .tooOld)
        }
    }

    @Test func anotherAppsIssuersOrNoncesTokenIsRefused() async throws {
        try await withFixture(TestIssuer.start) { issuer in
            let provider = issuer.provider()
            var claims = issuer.claims()
            claims.aud = ["com.example.other"]
            await expect(provider, try await issuer.sign(claims), refusedWith: .wrongAudience)
            claims.aud = [TestIssuer.clientID, "com.example.untrusted"]
            await expect(provider, try await issuer.sign(claims), refusedWith: .wrongAudience)

            claims = issuer.claims()
            claims.iss = "https://accounts.evil.example"
            await expect(provider, try await issuer.sign(claims), refusedWith: .wrongIssuer)

            claims = issuer.claims()
            claims.nonce = "n-123"
            let withNonce = try await issuer.sign(claims)
            #expect(try await provider.verify(token: withNonce, nonce: "n-123").subject == "user-1")
            await expect(provider, withNonce, nonce: "n-124", refusedWith: .nonceMismatch)
            await expect(provider, try await issuer.sign(issuer.claims()), nonce: "n-123", refusedWith: .nonceMismatch)
            let requiring = issuer.provider { $0.requiresNonce = true }
            await expect(requiring, withNonce, refusedWith: .nonceMismatch)

            claims = issuer.claims(subject: "")
            await expect(provider, try await issuer.sign(claims), refusedWith: .missingSubject)
        }
    }

    @Test func forgedTokensAreRefused() async throws {
        try await withFixture(TestIssuer.start) { issuer in
            let provider = issuer.provider()
            let claims = issuer.claims()
            // Signed by a key the issuer does not publish, under its own id or under a published one.
            await expect(provider, try await issuer.sign(claims, kid: "k3"), refusedWith: .unknownKey)
            let lying = try await issuer.sign(claims, kid: "k3").split(separator: ".")
            let k2Header = try await issuer.sign(claims, kid: "k2").split(separator: ".")[0]
            await expect(provider, [k2Header, lying[1], lying[2]].joined(separator: "."), refusedWith: .unknownKey)
            issuer.update { $0.published = ["k1", "k2"] }
            issuer.clock.advance(by: 120)
            await expect(
                provider, [k2Header, lying[1], lying[2]].joined(separator: "."), refusedWith: .badSignature)

            // alg "none", in any spelling, with an empty signature.
            for alg in ["none", "None", "NONE"] {
                let unsigned = try TestIssuer.assemble(
                    header: #"{"alg":"\#(alg)","kid":"k1","typ":"JWT"}"#, claims: issuer.claims()
                ) { _ in Data() }
                await expect(provider, unsigned, refusedWith: .unsupportedAlgorithm)
            }
            // HS256 with the issuer's public key as the HMAC secret (algorithm confusion).
            let confused = try TestIssuer.assemble(
                header: #"{"alg":"HS256","kid":"k1","typ":"JWT"}"#, claims: issuer.claims()
            ) {
                Data(
                    HMAC<SHA256>.authenticationCode(
                        for: $0, using: SymmetricKey(data: Data(issuer.rsaPublicKeyPEM.utf8))))
            }
            await expect(provider, confused, refusedWith: .unsupportedAlgorithm)
            // A key whose JWK says RS256 does not verify an ES256 header.
            let mislabelled = try await issuer.sign(issuer.claims(), kid: "k2").split(separator: ".")
            let rsHeader = Data(#"{"alg":"RS256","kid":"k2","typ":"JWT"}"#.utf8).base64URL
            await expect(
                provider, [Substring(rsHeader), mislabelled[1], mislabelled[2]].joined(separator: "."),
                refusedWith: .unsupportedAlgorithm)

            // A valid signature over other claims.
            let genuine = try await issuer.sign(claims).split(separator: ".")
            var other = claims
            other.email = "mallory@example.com"
            let swapped = try TestIssuer.assemble(header: #"{"alg":"RS256","kid":"k1","typ":"JWT"}"#, claims: other) {
                _ in Data()
            }
            .split(separator: ".")
            await expect(
                provider, [genuine[0], swapped[1], genuine[2]].joined(separator: "."), refusedWith: .badSignature)

            // A header with extensions this code does not know, and a token with no key id.
            let critical = try await issuer.sign(claims).split(separator: ".")
            let criticalHeader = Data(#"{"alg":"RS256","kid":"k1","crit":["exp-ext"],"exp-ext":1}"#.utf8).base64URL
            await expect(
                provider, [Substring(criticalHeader), critical[1], critical[2]].joined(separator: "."),
                refusedWith: .malformed)
            let noKid = Data(#"{"alg":"RS256"}"#.utf8).base64URL
            await expect(
                provider, [Substring(noKid), critical[1], critical[2]].joined(separator: "."), refusedWith: .unknownKey)
        }
    }

    @Test(arguments: [
        "", "token", "a.b", "a.b.c.d", "...", "e30.e30.", "eyJhbGciOiJSUzI1NiIsImtpZCI6ImsxIn0.bm90IGpzb24.c2ln",
        "eyJhbGciOiJSUzI1NiIsImtpZCI6ImsxIn0.e30.c2ln", "\u{0}.\u{0}.\u{0}", "Ľ.š.ť",
        String(repeating: "A", count: 20_000),
    ])
    func malformedTokensAreRefused(token: String) async throws {
        try await withFixture(TestIssuer.start) { issuer in
            let provider = issuer.provider()
            do throws(IdentityProviderError) {
                _ = try await provider.verify(token: token)
                Issue.record("a malformed token was accepted")
            } catch {
                // "e30.e30." has no alg; the last ones decode but lack the claims; all are refused as tokens.
                guard case .invalidToken = error else {
                    Issue.record("\(error)")
                    return
                }
            }
        }
    }

    @Test func aRotatedKeyIsFetchedOnceItIsPublishedAndARetiredOneIsRefused() async throws {
        try await withFixture(TestIssuer.start) { issuer in
            let provider = issuer.provider()
            _ = try await provider.verify(token: try await issuer.sign(issuer.claims(), kid: "k1"))
            #expect(issuer.keySetFetches == 1)

            // The issuer starts signing with k2. A key id the fresh set lacks is fetched again, but not
            // within a minute of the last fetch, so made-up key ids cannot hammer the issuer.
            issuer.update { $0.published = ["k1", "k2"] }
            await expect(provider, try await issuer.sign(issuer.claims(), kid: "k2"), refusedWith: .unknownKey)
            #expect(issuer.keySetFetches == 1)
            issuer.clock.advance(by: 61)
            _ = try await provider.verify(token: try await issuer.sign(issuer.claims(), kid: "k2"))
            #expect(issuer.keySetFetches == 2)

            // k1 is retired; once the cached set is old enough to refresh, its tokens are refused.
            issuer.update { $0.published = ["k2"] }
            issuer.clock.advance(by: 61)
            _ = try await provider.verify(token: try await issuer.sign(issuer.claims(), kid: "k1"))
            #expect(issuer.keySetFetches == 2, "k1 is still in the cached set")
            issuer.clock.advance(by: 3600)
            await expect(provider, try await issuer.sign(issuer.claims(), kid: "k1"), refusedWith: .unknownKey)
            #expect(issuer.keySetFetches == 3)
        }
    }

    @Test func theKeySetIsKeptAsLongAsCacheControlSays() async throws {
        try await withFixture(TestIssuer.start) { issuer in
            issuer.update { $0.cacheControl = "public, max-age=600, must-revalidate" }
            let provider = issuer.provider()
            for _ in 0..<5 {
                _ = try await provider.verify(token: try await issuer.sign(issuer.claims()))
            }
            #expect(issuer.keySetFetches == 1)
            issuer.clock.advance(by: 601)
            _ = try await provider.verify(token: try await issuer.sign(issuer.claims()))
            #expect(issuer.keySetFetches == 2)

            // no-store still keeps the keys for the configured minimum (60 s), not for no time at all.
            issuer.update { $0.cacheControl = "no-store" }
            issuer.clock.advance(by: 601)
            _ = try await provider.verify(token: try await issuer.sign(issuer.claims()))
            _ = try await provider.verify(token: try await issuer.sign(issuer.claims()))
            #expect(issuer.keySetFetches == 3)
            issuer.clock.advance(by: 61)
            _ = try await provider.verify(token: try await issuer.sign(issuer.claims()))
            #expect(issuer.keySetFetches == 4)
        }
    }

    @Test func concurrentVerificationsShareOneFetch() async throws {
        try await withFixture(TestIssuer.start) { issuer in
            let provider = issuer.provider()
            let token = try await issuer.sign(issuer.claims())
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<20 { group.addTask { _ = try await provider.verify(token: token) } }
                try await group.waitForAll()
            }
            #expect(issuer.keySetFetches == 1)
        }
    }

    @Test func anIssuerThatCannotBeTrustedOrReachedIsUnavailable() async throws {
        try await withFixture(TestIssuer.start) { issuer in
            let token = try await issuer.sign(issuer.claims())
            issuer.update { $0.discoveryIssuer = "https://accounts.evil.example" }
            await #expect(
                throws: IdentityProviderError.unavailable(reason: "the discovery document names another issuer")
            ) {
                _ = try await issuer.provider().verify(token: token)
            }
            issuer.update {
                $0.discoveryIssuer = nil
                $0.jwksURI = "http://keys.example.com/jwks"
            }
            await #expect(
                throws: IdentityProviderError.unavailable(
                    reason: "the discovery document's jwks_uri is not an https URL")
            ) {
                _ = try await issuer.provider().verify(token: token)
            }
            issuer.update {
                $0.jwksURI = nil
                $0.keySetStatus = .internalServerError
            }
            guard case .unavailable? = await providerError(issuer.provider(), token) else {
                Issue.record("a failing key set was not reported as unavailable")
                return
            }
        }
        // An issuer that is gone.
        let gone = try await TestIssuer.start()
        let token = try await gone.sign(gone.claims())
        await gone.stop()
        guard case .unavailable? = await providerError(gone.provider(), token) else {
            Issue.record("an unreachable issuer was not reported as unavailable")
            return
        }
    }

    @Test func aFailedRefreshKeepsUsingTheKeysItHas() async throws {
        try await withFixture(TestIssuer.start) { issuer in
            let provider = issuer.provider()
            _ = try await provider.verify(token: try await issuer.sign(issuer.claims()))
            issuer.update { $0.keySetStatus = .serviceUnavailable }
            issuer.clock.advance(by: 3601)
            #expect(try await provider.verify(token: try await issuer.sign(issuer.claims())).subject == "user-1")
            #expect(issuer.keySetFetches == 2)
        }
    }

    @Test func presetsForAppleAndGoogle() {
        let apple = OpenIDConnectConfiguration.apple(clientIDs: ["com.example.film"])
        #expect(apple.issuer == "https://appleid.apple.com")
        #expect(apple.discoveryURL.absoluteString == "https://appleid.apple.com/.well-known/openid-configuration")
        #expect(apple.algorithms == ["RS256"])
        #expect(apple.name == "apple")
        let google = OpenIDConnectConfiguration.google(clientIDs: ["123.apps.googleusercontent.com"])
        #expect(google.discoveryURL.absoluteString == "https://accounts.google.com/.well-known/openid-configuration")
        #expect(google.issuerAliases == ["accounts.google.com"])
        #expect(OpenIDConnectConfiguration.asymmetricAlgorithms.allSatisfy { !$0.hasPrefix("HS") && $0 != "none" })
    }

    @Test func aliasesOfTheIssuerAreAccepted() async throws {
        try await withFixture(TestIssuer.start) { issuer in
            var claims = issuer.claims()
            claims.iss = "accounts.loopback.test"
            let token = try await issuer.sign(claims)
            await expect(issuer.provider(), token, refusedWith: .wrongIssuer)
            #expect(
                try await issuer.provider { $0.issuerAliases = ["accounts.loopback.test"] }.verify(token: token).subject
                    == "user-1")
        }
    }

    /// A provider that implements only `verify(token:)`, so the protocol's default nonce check applies.
    struct NonceFreeProvider: IdentityProvider {
        let name = "plain"
        func verify(token: String) async throws(IdentityProviderError) -> VerifiedIdentity {
            VerifiedIdentity(provider: name, subject: "1")
        }
    }

    @Test func providersWithoutNoncesRefuseToCheckOne() async throws {
        let provider = NonceFreeProvider()
        await #expect(throws: IdentityProviderError.invalidToken(reason: "this provider's tokens carry no nonce")) {
            _ = try await provider.verify(token: "t", nonce: "n")
        }
        #expect(try await provider.verify(token: "t", nonce: nil).subject == "1")
    }

    private func providerError(_ provider: OpenIDConnectProvider, _ token: String) async -> IdentityProviderError? {
        do throws(IdentityProviderError) {
            _ = try await provider.verify(token: token)
            return nil
        } catch {
            return error
        }
    }
}
