import Hummingbird
import SocialModel
import SocialModelAPI

extension SocialRoutes {
    /// Registration, email verification, sign-in and sign-out, and the signed-in user's account.
    func addAccountRoutes<Context: RequestContext>(to routes: RouteCollection<Context>) {
        let accounts = network.accounts
        // Answers 202 whether or not the address was taken, so registration does not reveal
        // which addresses have accounts (AccountService emails the owner instead).
        routes.post("accounts") { request, _ in
            let registration = try await HTTPJSON.body(Registration.self, of: request, limit: limits.jsonBodyBytes)
            try await accounts.register(registration)
            return Response(status: .accepted)
        }
        routes.post("accounts/verification") { request, _ in
            let body = try await HTTPJSON.body(VerificationRequest.self, of: request, limit: limits.jsonBodyBytes)
            let user = try await accounts.verifyEmail(token: SecretToken(rawValue: body.token))
            return try HTTPJSON.response(user)
        }
        routes.post("accounts/verification/resend") { request, _ in
            let body = try await HTTPJSON.body(
                ResendVerificationRequest.self, of: request, limit: limits.jsonBodyBytes)
            try await accounts.resendVerification(email: body.email)
            return Response(status: .accepted)
        }
        routes.post("sessions") { request, context in
            let body = try await HTTPJSON.body(SignInRequest.self, of: request, limit: limits.jsonBodyBytes)
            let session = try await accounts.signIn(
                email: body.email, password: body.password,
                clientKey: clientAddress.of(request, context: context) ?? "unknown")
            return try CreatedResponse.json(
                SessionResponse(token: session.token.rawValue, user: session.user, expiresAt: session.expiresAt),
                for: request, routeSegments: 1, at: "sessions", "current")
        }
        routes.delete("sessions/current") { request, _ in
            try await session(request).account.signOut()
            return Response(status: .noContent)
        }
        routes.delete("sessions") { request, _ in
            try await session(request).account.signOutEverywhere()
            return Response(status: .noContent)
        }
        routes.put("me/password") { request, _ in
            let me = try await session(request)
            let body = try await HTTPJSON.body(PasswordChangeRequest.self, of: request, limit: limits.jsonBodyBytes)
            do {
                try await me.account.changePassword(current: body.current, to: body.new)
            } catch AccountError.invalidCredentials {
                // The session is fine; only the password given is wrong, so not a 401 that would
                // tell a client to sign in again.
                throw SocialAPIError(
                    status: 403, code: "invalid-credentials", message: AccountError.invalidCredentials.description)
            }
            return Response(status: .noContent)
        }
        routes.get("me") { request, _ in
            try HTTPJSON.response(try await session(request).user)
        }
        routes.patch("me") { request, _ in
            let me = try await session(request)
            let change = try await HTTPJSON.body(ProfileChange.self, of: request, limit: limits.jsonBodyBytes)
            return try HTTPJSON.response(try await me.account.updateProfile(change))
        }
        routes.delete("me") { request, _ in
            try await session(request).account.deleteAccount()
            return Response(status: .noContent)
        }
    }
}
