import Hummingbird
import SocialModel
import SocialModelAPI

extension SocialRoutes {
    /// Password reset by email, sign-in with an identity provider, and the signed-in user's
    /// provider links.
    func addIdentityRoutes<Context: RequestContext>(to routes: RouteCollection<Context>) {
        let accounts = network.accounts
        // 202 whether or not the address has an account, as registration does.
        routes.post("accounts/password-reset") { request, _ in
            let body = try await HTTPJSON.body(PasswordResetRequest.self, of: request, limit: limits.jsonBodyBytes)
            try await accounts.requestPasswordReset(email: body.email)
            return Response(status: .accepted)
        }
        routes.post("accounts/password-reset/confirm") { request, _ in
            let body = try await HTTPJSON.body(PasswordResetConfirmation.self, of: request, limit: limits.jsonBodyBytes)
            try await accounts.resetPassword(token: SecretToken(rawValue: body.token), newPassword: body.password)
            return Response(status: .noContent)
        }
        routes.post("sessions/provider") { request, _ in
            let body = try await HTTPJSON.body(ProviderSignInRequest.self, of: request, limit: limits.jsonBodyBytes)
            let session = try await accounts.signIn(
                provider: body.provider, providerToken: body.token, nonce: body.nonce)
            return try CreatedResponse.json(
                SessionResponse(token: session.token.rawValue, user: session.user, expiresAt: session.expiresAt),
                for: request, routeSegments: 2, at: "sessions", "current")
        }
        routes.get("me/identities") { request, _ in
            try HTTPJSON.response(try await session(request).account.identityLinks())
        }
        routes.post("me/identities") { request, _ in
            let me = try await session(request)
            let body = try await HTTPJSON.body(ProviderSignInRequest.self, of: request, limit: limits.jsonBodyBytes)
            let link = try await me.account.linkProvider(body.provider, providerToken: body.token, nonce: body.nonce)
            return try CreatedResponse.json(
                link, for: request, routeSegments: 2, at: "me", "identities", link.provider, link.subject)
        }
        routes.delete("me/identities/:provider/:subject") { request, context in
            try await session(request).account.unlinkProvider(
                try context.parameters.require("provider"), subject: try context.parameters.require("subject"))
            return Response(status: .noContent)
        }
    }
}
