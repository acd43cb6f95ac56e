import Foundation
import HummingbirdTesting
import SocialModel
import SocialModelAPI
import SocialModelHTTP
import SocialModelTesting
import Testing

@Suite("Password reset and identity-provider routes")
struct IdentityRoutesTests {
    @Test("a reset token sets a new password once, ends the sessions; unknown addresses get the same 202")
    func passwordReset() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            let unknown = try await client.call(
                .post, "/accounts/password-reset", json: PasswordResetRequest(email: "nobody@example.com"))
            #expect(unknown.status == .accepted)
            let asked = try await client.call(
                .post, "/accounts/password-reset", json: PasswordResetRequest(email: "ada@example.com"))
            #expect(asked.status == .accepted)
            let token = try #require(fixture.harness.mailer.latestToken(.passwordReset, to: "ada@example.com"))
            let weak = try await client.call(
                .post, "/accounts/password-reset/confirm",
                json: PasswordResetConfirmation(token: token.rawValue, password: "x"))
            #expect(weak.apiError?.code == "invalid")
            let reset = try await client.call(
                .post, "/accounts/password-reset/confirm",
                json: PasswordResetConfirmation(token: token.rawValue, password: "Another-horse-42"))
            #expect(reset.status == .noContent)
            #expect(try await client.call(.get, "/me", as: ada).status == .unauthorized)
            let again = try await client.call(
                .post, "/accounts/password-reset/confirm",
                json: PasswordResetConfirmation(token: token.rawValue, password: "Third-horse-43"))
            #expect(again.apiError?.code == "invalid-token")
            let signIn = try await client.call(
                .post, "/sessions", json: SignInRequest(email: "ada@example.com", password: "Another-horse-42"))
            #expect(signIn.status == .created)
        }
    }

    @Test("provider sign-in, links listed, linked and unlinked; the last sign-in method stays")
    func providers() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let provider = fixture.harness.provider
            provider.register(token: "t1", subject: "fb-1", email: "olga@example.com", displayName: "Olga K")
            let signedIn = try await client.call(
                .post, "/sessions/provider", json: ProviderSignInRequest(provider: "facebook", token: "t1"))
            #expect(signedIn.status == .created)
            let olga = try signedIn.decoded(SessionResponse.self)
            let caller = Caller(user: olga.user, token: olga.token)
            let links = try await client.call(.get, "/me/identities", as: caller).decoded([IdentityLink].self)
            #expect(links.map(\.subject) == ["fb-1"])
            let last = try await client.call(.delete, "/me/identities/facebook/fb-1", as: caller)
            #expect(last.status == .conflict && last.apiError?.code == "last-sign-in-method")

            let ada = try await client.call(
                .post, "/sessions/provider", json: ProviderSignInRequest(provider: "myspace", token: "x"))
            #expect(ada.apiError?.code == "unknown-provider")
            let forged = try await client.call(
                .post, "/sessions/provider", json: ProviderSignInRequest(provider: "facebook", token: "forged"))
            #expect(forged.status == .unauthorized && forged.apiError?.code == "provider-rejected")

            let bo = try await client.signUp("bob", in: fixture)
            provider.register(token: "t2", subject: "fb-2")
            let linked = try await client.call(
                .post, "/me/identities", as: bo, json: ProviderSignInRequest(provider: "facebook", token: "t2"))
            #expect(linked.status == .created)
            #expect(try linked.decoded(IdentityLink.self).userID == bo.user.id)
            let taken = try await client.call(
                .post, "/me/identities", as: bo, json: ProviderSignInRequest(provider: "facebook", token: "t1"))
            #expect(taken.status == .conflict && taken.apiError?.code == "identity-already-linked")
            #expect(try await client.call(.delete, "/me/identities/facebook/fb-2", as: bo).status == .noContent)
            #expect(try await client.call(.get, "/me/identities", as: bo).decoded([IdentityLink].self).isEmpty)
        }
    }

    @Test("a provider outage answers 503 provider-unavailable, not a refusal; the same token works once it is over")
    func providerOutage() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let provider = fixture.harness.provider
            provider.register(token: "t1", subject: "fb-1")
            let bo = try await client.signUp("bob", in: fixture)
            provider.beginOutage(reason: "connection refused")
            let signIn = try await client.call(
                .post, "/sessions/provider", json: ProviderSignInRequest(provider: "facebook", token: "t1"))
            #expect(signIn.status == .serviceUnavailable && signIn.apiError?.code == "provider-unavailable")
            #expect(signIn.apiError?.message.contains("connection refused") == true)
            let link = try await client.call(
                .post, "/me/identities", as: bo, json: ProviderSignInRequest(provider: "facebook", token: "t1"))
            #expect(link.status == .serviceUnavailable && link.apiError?.code == "provider-unavailable")
            #expect(try await client.call(.get, "/me/identities", as: bo).decoded([IdentityLink].self).isEmpty)
            provider.endOutage()
            let linked = try await client.call(
                .post, "/me/identities", as: bo, json: ProviderSignInRequest(provider: "facebook", token: "t1"))
            #expect(linked.status == .created)
            let later = try await client.call(
                .post, "/sessions/provider", json: ProviderSignInRequest(provider: "facebook", token: "t1"))
            #expect(try later.decoded(SessionResponse.self).user.id == bo.user.id)
        }
    }
}
