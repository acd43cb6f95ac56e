import Foundation
import HTTPTypes
import HummingbirdTesting
import SocialModel
import SocialModelAPI
import SocialModelHTTP
import SocialModelTesting
import Testing

@Suite("Account routes")
struct AccountRoutesTests {
    @Test("register, verify, sign in, read and change the account, sign out")
    func accountLifecycle() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("Ada", in: fixture)
            #expect(ada.user.email == "ada@example.com")

            let me = try await client.call(.get, "/me", as: ada)
            #expect(me.status == .ok)
            #expect(try me.decoded(User.self).username == "Ada")

            let changed = try await client.call(.patch, "/me", as: ada, json: ProfileChange(bio: "Shoots Portra."))
            #expect(changed.status == .ok)
            #expect(try changed.decoded(User.self).bio == "Shoots Portra.")

            #expect(try await client.call(.delete, "/sessions/current", as: ada).status == .noContent)
            let after = try await client.call(.get, "/me", as: ada)
            #expect(after.status == .unauthorized)
            #expect(after.apiError?.code == "unauthorized")
            #expect(after.headers[.wwwAuthenticate] == "Bearer")
        }
    }

    @Test("registration answers 202 for a taken address too, and lists every broken rule as 422")
    func registration() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            _ = try await client.signUp("ada", in: fixture)
            let again = try await client.call(
                .post, "/accounts",
                json: Registration(email: "ada@example.com", username: "ada2", password: SocialTestHarness.password))
            #expect(again.status == .accepted)

            let bad = try await client.call(
                .post, "/accounts", json: Registration(email: "not-an-address", username: "ada", password: "short"))
            #expect(bad.status == .unprocessableContent)
            let error = try #require(bad.apiError)
            #expect(error.code == "invalid")
            let rules = Set((error.violations ?? []).map { "\($0.field) \($0.rule)" })
            #expect(rules.contains("username taken"))
            #expect(rules.contains("email malformed"))
            #expect(rules.contains("password too-short"))
        }
    }

    @Test("sign-in failures: unverified, wrong password, rate limit with Retry-After")
    func signInFailures() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let pending = try await client.call(
                .post, "/accounts",
                json: Registration(email: "bob@example.com", username: "bob", password: SocialTestHarness.password))
            #expect(pending.status == .accepted)
            let unverified = try await client.call(
                .post, "/sessions", json: SignInRequest(email: "bob@example.com", password: SocialTestHarness.password))
            #expect(unverified.status == .forbidden)
            #expect(unverified.apiError?.code == "email-not-verified")

            var last = try await client.call(
                .post, "/sessions", json: SignInRequest(email: "bob@example.com", password: "wrong-1"))
            #expect(last.status == .unauthorized)
            #expect(last.apiError?.code == "invalid-credentials")
            for attempt in 2...10 where last.status != .tooManyRequests {
                last = try await client.call(
                    .post, "/sessions", json: SignInRequest(email: "bob@example.com", password: "wrong-\(attempt)"))
            }
            #expect(last.status == .tooManyRequests)
            #expect(last.apiError?.code == "rate-limited")
            let retryAfter = try #require(last.headers[.retryAfter].flatMap { Int($0) })
            #expect(retryAfter > 0 && last.apiError?.retryAfter == retryAfter)
        }
    }

    @Test("a used verification token is refused; resending answers 202")
    func verificationTokens() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            _ = try await client.call(
                .post, "/accounts",
                json: Registration(email: "cyd@example.com", username: "cyd", password: SocialTestHarness.password))
            let token = try #require(fixture.harness.mailer.latestToken(.emailVerification, to: "cyd@example.com"))
            #expect(
                try await client.call(.post, "/accounts/verification", json: VerificationRequest(token: token.rawValue))
                    .status == .ok)
            let reused = try await client.call(
                .post, "/accounts/verification", json: VerificationRequest(token: token.rawValue))
            #expect(reused.status == .badRequest)
            #expect(reused.apiError?.code == "invalid-token")
            let resend = try await client.call(
                .post, "/accounts/verification/resend", json: ResendVerificationRequest(email: "nobody@example.com"))
            #expect(resend.status == .accepted)
        }
    }

    @Test("malformed and oversized bodies are refused with their codes")
    func hostileBodies() async throws {
        let fixture = HTTPFixture(limits: SocialHTTPLimits(jsonBodyBytes: 256, photoBodyBytes: 1024))
        try await fixture.test { client in
            let json: HTTPFields = [.contentType: "application/json"]
            let malformed = try await client.call(.post, "/sessions", body: Data("{\"email\": 3".utf8), headers: json)
            #expect(malformed.status == .badRequest)
            #expect(malformed.apiError?.code == "malformed-body")

            let huge = try await client.call(
                .post, "/sessions", body: Data("{\"email\": \"\(String(repeating: "a", count: 1000))\"}".utf8),
                headers: json)
            #expect(huge.status == .contentTooLarge)
            #expect(huge.apiError?.code == "body-too-large")

            let ada = try await client.signUp("ada", in: fixture)
            let bigPhoto = try await client.call(.post, "/posts", as: ada, body: Data(count: 4096))
            #expect(bigPhoto.status == .contentTooLarge)
            #expect(bigPhoto.apiError?.code == "body-too-large")
        }
    }

    @Test("deleting the account ends its sessions")
    func deleteAccount() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            #expect(try await client.call(.delete, "/me", as: ada).status == .noContent)
            #expect(try await client.call(.get, "/me", as: ada).status == .unauthorized)
            let signIn = try await client.call(
                .post, "/sessions", json: SignInRequest(email: "ada@example.com", password: SocialTestHarness.password))
            #expect(signIn.apiError?.code == "invalid-credentials")
        }
    }
}
