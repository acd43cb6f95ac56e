import Foundation
import TestSupport
import Testing

/// The `social-accounts` example against real servers on loopback: it signs up through aiosmtpd,
/// the verification mail arrives addressed by name with its link, and it signs in with an ID token
/// from the test issuer, its nonce checked.
@Suite("The social-accounts example with SMTP and OpenID Connect", .highPriority)
struct SocialAccountsExampleTests {
    @Test func signsUpThroughSMTPAndSignsInWithAnIDToken() async throws {
        let smtp = try await SMTPTestServer.start()
        defer { smtp.stop() }
        try await withFixture(TestIssuer.start) { issuer in
            let directory = try TemporaryDirectory("social-accounts-smtp")
            defer { directory.remove() }
            // The example checks the token against the system clock, not the issuer's test clock.
            var claims = issuer.claims(subject: "oidc-42", email: "olga@example.com")
            claims.iat = Date()
            claims.exp = Date().addingTimeInterval(600)
            claims.nonce = "n-example"
            let token = try await issuer.sign(claims)
            let arguments = [
                "--database", directory.file("social.sqlite").path, "--iterations", "210000",
                "--smtp", "smtp://127.0.0.1:\(smtp.port)?tls=none", "--link-base", "https://accounts.example/a",
                "--email", "lubo@example.sk", "--username", "lubo", "--name", "Ľubomír",
                "--oidc-issuer", issuer.issuer, "--oidc-client-id", TestIssuer.clientID, "--id-token", token,
                "--nonce", "n-example",
            ]
            let result = try await ChildProcess.run(ChildProcess.product("social-accounts"), arguments)
            #expect(result.status == 0, "\(result.error)")
            for line in [
                "mail:     SMTP", "verification mail: sent", "signed in as lubo", "changed; notification mail: sent",
                "8. sign in with an OpenID Connect ID token from \(issuer.issuer)",
                "<olga@example.com>, verified: true", "linked to oidc:oidc-42",
            ] {
                #expect(result.output.contains(line), "missing: \(line)\n\(result.output)")
            }
            let delivered = try smtp.messages()
            #expect(delivered.count == 2)
            let verification = try #require(delivered.first)
            #expect(verification.message.toAddress == "lubo@example.sk")
            #expect(verification.message.toName == "Ľubomír")
            #expect(verification.part("text/plain")?.contains("https://accounts.example/a/verify-email?token=") == true)
            #expect(delivered.last?.message.subject == "Your Social Accounts password was changed")

            // A wrong nonce is refused: the example fails with the provider's refusal.
            let refused = try await ChildProcess.run(
                ChildProcess.product("social-accounts"),
                arguments.map { $0 == "n-example" ? "n-replayed" : $0 }
                    .map { $0 == directory.file("social.sqlite").path ? directory.file("other.sqlite").path : $0 })
            #expect(refused.status != 0)
            #expect(refused.error.contains("nonce"), "\(refused.error)")
        }
    }
}
