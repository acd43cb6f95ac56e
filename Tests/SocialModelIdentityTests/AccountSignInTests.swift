import Foundation
import SocialModel
import SocialModelIdentity
import SocialModelMocks
import SocialModelSQLite
import TestSupport
import Testing

/// The real providers behind AccountService's sign-in: accounts are made and found by the verified
/// identity, linked by verified email only as the linking rules say, and a refused token fails the
/// same way whether or not its person has an account.
@Suite("Sign-in with the real providers", .highPriority)
struct AccountSignInTests {
    private func accounts(_ providers: [any IdentityProvider], clock: ManualClock) -> AccountService {
        AccountService(
            store: SQLiteSocialStore.inMemory(), mailer: CapturingMailer(), clock: clock,
            hasher: PBKDF2PasswordHasher(unsafeIterations: 1_000), identityProviders: providers)
    }

    @Test func anOIDCSignInMakesAnAccountAndFindsItAgain() async throws {
        try await withFixture(TestIssuer.start) { issuer in
            let service = accounts([issuer.provider()], clock: issuer.clock)
            let first = try await service.signIn(
                provider: "film-id", providerToken: try await issuer.sign(issuer.claims()))
            #expect(first.user.email == "olga@example.com")
            #expect(first.user.isVerified)
            let again = try await service.signIn(
                provider: "film-id", providerToken: try await issuer.sign(issuer.claims()))
            #expect(again.user.id == first.user.id)
        }
    }

    @Test func aSignInsNonceReachesTheIssuersCheckForSigningInAndLinking() async throws {
        try await withFixture(TestIssuer.start) { issuer in
            // Nonces required: a token without the request's nonce is refused even when it has one.
            let service = accounts([issuer.provider { $0.requiresNonce = true }], clock: issuer.clock)
            let mismatch = AccountError.providerRejected(TokenRejection.nonceMismatch.providerError)
            var claims = issuer.claims()
            claims.nonce = "n-0S6_WzA2Mj"
            let token = try await issuer.sign(claims)
            await #expect(throws: mismatch) { _ = try await service.signIn(provider: "film-id", providerToken: token) }
            await #expect(throws: mismatch) {
                _ = try await service.signIn(provider: "film-id", providerToken: token, nonce: "n-other")
            }
            let session = try await service.signIn(provider: "film-id", providerToken: token, nonce: "n-0S6_WzA2Mj")
            #expect(session.user.email == "olga@example.com")
            // A token without a nonce is refused when the request had one.
            await #expect(throws: mismatch) {
                _ = try await service.signIn(
                    provider: "film-id", providerToken: try await issuer.sign(issuer.claims()), nonce: "n-0S6_WzA2Mj")
            }

            // Linking checks the nonce the same way.
            try await service.register(
                Registration(email: "pia@example.com", username: "pia", password: "Tr0ub4dor&3-horse"))
            let mailer = try #require(service.mailer as? CapturingMailer)
            let verification = try #require(mailer.latestToken(.emailVerification, to: "pia@example.com"))
            _ = try await service.verifyEmail(token: verification)
            let pia = try await service.session(
                try await service.signIn(email: "pia@example.com", password: "Tr0ub4dor&3-horse", clientKey: "c").token)
            var other = issuer.claims(subject: "pia-at-issuer", email: "pia@example.com")
            other.nonce = "n-link"
            let linkToken = try await issuer.sign(other)
            await #expect(throws: mismatch) { try await pia.linkProvider("film-id", providerToken: linkToken) }
            await #expect(throws: mismatch) {
                try await pia.linkProvider("film-id", providerToken: linkToken, nonce: "n-0S6_WzA2Mj")
            }
            let link = try await pia.linkProvider("film-id", providerToken: linkToken, nonce: "n-link")
            #expect(link.userID == pia.user.id && link.subject == "pia-at-issuer")
        }
    }

    @Test func aNonceIsCheckedWhenGivenEvenIfNotRequired() async throws {
        try await withFixture(TestIssuer.start) { issuer in
            let service = accounts([issuer.provider()], clock: issuer.clock)
            var claims = issuer.claims()
            claims.nonce = "n-1"
            let token = try await issuer.sign(claims)
            await #expect(throws: AccountError.providerRejected(TokenRejection.nonceMismatch.providerError)) {
                _ = try await service.signIn(provider: "film-id", providerToken: token, nonce: "n-2")
            }
            _ = try await service.signIn(provider: "film-id", providerToken: token, nonce: "n-1")
        }
    }

    @Test func facebookTokensCarryNoNonceSoOneIsRefused() async throws {
        try await withFixture(TestGraphAPI.start) { graph in
            let service = accounts([graph.provider()], clock: graph.clock)
            do throws(AccountError) {
                _ = try await service.signIn(provider: "facebook", providerToken: "valid", nonce: "n-1")
                Issue.record("a nonce was accepted for a provider that cannot check it")
            } catch {
                guard case .providerRejected(.invalidToken) = error else { throw error }
            }
        }
    }

    @Test func aRefusedTokenSaysNothingAboutWhetherItsPersonHasAnAccount() async throws {
        try await withFixture(TestIssuer.start) { issuer in
            let service = accounts([issuer.provider()], clock: issuer.clock)
            _ = try await service.signIn(
                provider: "film-id", providerToken: try await issuer.sign(issuer.claims(subject: "known")))
            try await service.register(
                Registration(email: "pia@example.com", username: "pia", password: "Tr0ub4dor&3-horse"))

            for (make, rejection) in [
                (
                    { (c: inout TestClaims) in c.exp = issuer.clock.now().addingTimeInterval(-3600) },
                    TokenRejection.expired
                ),
                ({ (c: inout TestClaims) in c.aud = ["someone.else"] }, .wrongAudience),
                ({ (c: inout TestClaims) in c.iss = "https://evil.example" }, .wrongIssuer),
            ] {
                var errors: [AccountError] = []
                for (subject, email) in [
                    ("known", "olga@example.com"), ("stranger", "nobody@example.com"), ("x", "pia@example.com"),
                ] {
                    var claims = issuer.claims(subject: subject, email: email)
                    make(&claims)
                    let token = try await issuer.sign(claims)
                    do throws(AccountError) {
                        _ = try await service.signIn(provider: "film-id", providerToken: token)
                        Issue.record("a refused token signed in")
                    } catch {
                        errors.append(error)
                    }
                }
                #expect(errors == Array(repeating: .providerRejected(rejection.providerError), count: 3))
                #expect(Set(errors.map(\.description)).count == 1)
            }
        }
    }

    @Test func facebookSignInsWithAndWithoutEmail() async throws {
        try await withFixture(TestGraphAPI.start) { graph in
            let service = accounts([graph.provider()], clock: graph.clock)
            let withEmail = try await service.signIn(provider: "facebook", providerToken: "valid")
            #expect(withEmail.user.email == "lubo@example.sk")
            let withoutEmail = try await service.signIn(provider: "facebook", providerToken: "no-email")
            #expect(withoutEmail.user.email == nil)
            #expect(withoutEmail.user.username == "ana")
            await #expect(throws: AccountError.providerRejected(TokenRejection.wrongAudience.providerError)) {
                _ = try await service.signIn(provider: "facebook", providerToken: "other-app")
            }
        }
    }

    @Test func aVerifiedEmailOfAnExistingAccountIsNotTakenOver() async throws {
        try await withFixture(TestIssuer.start) { issuer in
            let service = accounts([issuer.provider()], clock: issuer.clock)
            try await service.register(
                Registration(email: "olga@example.com", username: "olga", password: "Tr0ub4dor&3-horse"))
            await #expect(throws: AccountError.emailBelongsToExistingAccount) {
                _ = try await service.signIn(provider: "film-id", providerToken: try await issuer.sign(issuer.claims()))
            }
        }
    }
}
