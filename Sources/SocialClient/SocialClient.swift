import Foundation
import SocialModel
import SocialModelAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A Swift client of SocialModelHTTP's routes for apps, over `URLSession` (which runs on Linux
/// too): the calls that need no session (registration, verification, sign-in, public photos),
/// and ``SocialClientSession`` for a signed-in user's calls.
///
/// ```swift
/// let client = SocialClient(baseURL: URL(string: "https://social.example.com/api")!, session: .shared)
/// let me = try await client.signIn(email: "ada@example.com", password: "…")
/// let page = try await me.home()
/// ```
public struct SocialClient: Sendable {
    let transport: Transport

    /// A client of the routes mounted at `baseURL`.
    /// - Parameters:
    ///   - baseURL: where the routes are mounted, such as `https://host/api`.
    ///   - session: the URL session to send with (`.shared` is the system's; say so at the call site).
    ///   - locale: the language the server's error messages (``SocialClientError/api(_:)``'s
    ///     `message`) come in, sent as `Accept-Language`: English, Slovak or Czech (others get
    ///     English). By default the process's preferred language.
    public init(baseURL: URL, session: URLSession, locale: Locale = SocialClient.preferredLocale) {
        transport = Transport(baseURL: baseURL, session: session, locale: locale)
    }

    /// The process's preferred language (the first of `Locale.preferredLanguages`), else its locale.
    public static var preferredLocale: Locale {
        Locale.preferredLanguages.first.map { Locale(identifier: $0) } ?? .current
    }

    /// The routes' base URL.
    public var baseURL: URL { transport.baseURL }

    /// Registers an account; the server emails a verification token. Succeeds for a taken
    /// address too, as the server does not tell.
    /// - Parameter registration: the form.
    /// - Throws: ``SocialClientError/api(_:)`` with `invalid` listing every broken rule.
    public func register(_ registration: Registration) async throws(SocialClientError) {
        _ = try await transport.send(
            "POST", ["accounts"], body: transport.encoded(registration), expect: [202])
    }

    /// Verifies an email address with the emailed token.
    /// - Parameter token: the token from the email.
    /// - Returns: the verified user.
    /// - Throws: ``SocialClientError/api(_:)`` with `invalid-token` or `expired-token`.
    public func verifyEmail(token: String) async throws(SocialClientError) -> User {
        try await transport.json(
            User.self, "POST", ["accounts", "verification"], body: VerificationRequest(token: token))
    }

    /// Asks for a new verification email (nothing happens for an unknown or verified address).
    /// - Parameter email: the address registered.
    /// - Throws: ``SocialClientError`` when the server cannot be reached or fails.
    public func resendVerification(email: String) async throws(SocialClientError) {
        _ = try await transport.send(
            "POST", ["accounts", "verification", "resend"],
            body: transport.encoded(ResendVerificationRequest(email: email)), expect: [202])
    }

    /// Signs in.
    /// - Parameters:
    ///   - email: the account's address.
    ///   - password: the password.
    /// - Returns: the signed-in user's session.
    /// - Throws: ``SocialClientError/api(_:)`` with `invalid-credentials`, `email-not-verified` or
    ///   `rate-limited` (its `retryAfter` says when to try again).
    public func signIn(email: String, password: String) async throws(SocialClientError) -> SocialClientSession {
        let response = try await transport.json(
            SessionResponse.self, "POST", ["sessions"], body: SignInRequest(email: email, password: password),
            expect: 201)
        return SocialClientSession(transport: transport, token: response.token, user: response.user)
    }

    /// Signs in (or registers) with a token from an identity provider's own sign-in.
    /// - Parameters:
    ///   - provider: the provider's name, as the server configured it.
    ///   - token: the token the provider's sign-in returned.
    ///   - nonce: the nonce the app put into that sign-in request, if any.
    /// - Returns: the signed-in user's session.
    /// - Throws: ``SocialClientError/api(_:)`` with `unknown-provider`, `provider-rejected`,
    ///   `email-belongs-to-existing-account`, or `provider-unavailable` (503) when the server cannot reach
    ///   the provider (the same token may be tried again later).
    public func signIn(provider: String, token: String, nonce: String? = nil) async throws(SocialClientError)
        -> SocialClientSession
    {
        let response = try await transport.json(
            SessionResponse.self, "POST", ["sessions", "provider"],
            body: ProviderSignInRequest(provider: provider, token: token, nonce: nonce), expect: 201)
        return SocialClientSession(transport: transport, token: response.token, user: response.user)
    }

    /// Asks for a password-reset email (nothing is sent for an unknown address, and the server does not tell).
    /// - Parameter email: the account's address.
    /// - Throws: ``SocialClientError`` when the server cannot be reached or fails.
    public func requestPasswordReset(email: String) async throws(SocialClientError) {
        _ = try await transport.send(
            "POST", ["accounts", "password-reset"], body: transport.encoded(PasswordResetRequest(email: email)),
            expect: [202])
    }

    /// Sets a new password with the emailed reset token; every session of the user ends.
    /// - Parameters:
    ///   - token: the token from the reset email.
    ///   - newPassword: the password to set.
    /// - Throws: ``SocialClientError/api(_:)`` with `invalid-token`, `expired-token` or `invalid`.
    public func resetPassword(token: String, newPassword: String) async throws(SocialClientError) {
        _ = try await transport.send(
            "POST", ["accounts", "password-reset", "confirm"],
            body: transport.encoded(PasswordResetConfirmation(token: token, password: newPassword)), expect: [204])
    }

    /// A session from a token kept earlier (the server checks it on each call).
    /// - Parameter token: a token ``signIn(email:password:)`` returned.
    /// - Returns: the session.
    public func session(token: String) -> SocialClientSession {
        SocialClientSession(transport: transport, token: token, user: nil)
    }

    /// A post's photo at one of the server's sizes, as JPEG; needs no session.
    /// - Parameters:
    ///   - postID: the post.
    ///   - size: one of the server's post photo sizes.
    /// - Returns: the JPEG and its `ETag`.
    /// - Throws: ``SocialClientError/api(_:)`` with `not-found`.
    public func postPhoto(postID: PostID, size: Int) async throws(SocialClientError) -> (jpeg: Data, etag: String?) {
        try await photo(["posts", postID.rawValue, "photo", String(size)])
    }

    /// A user's avatar at one of the server's sizes, as JPEG; needs no session.
    /// - Parameters:
    ///   - userID: whose avatar.
    ///   - size: one of the server's avatar sizes.
    /// - Returns: the JPEG and its `ETag`.
    /// - Throws: ``SocialClientError/api(_:)`` with `not-found`.
    public func avatar(userID: UserID, size: Int) async throws(SocialClientError) -> (jpeg: Data, etag: String?) {
        try await photo(["users", userID.rawValue, "avatar", String(size)])
    }

    /// A recipe's photo at one of the server's sizes, as JPEG; needs no session.
    /// - Parameters:
    ///   - recipeID: the recipe.
    ///   - size: one of the server's recipe photo sizes.
    /// - Returns: the JPEG and its `ETag`.
    /// - Throws: ``SocialClientError/api(_:)`` with `not-found`.
    public func recipePhoto(recipeID: RecipeID, size: Int) async throws(SocialClientError) -> (
        jpeg: Data, etag: String?
    ) {
        try await photo(["recipes", recipeID.rawValue, "photo", String(size)])
    }

    /// The names of the filters a post's photo may use, in alphabetical order; needs no session.
    /// - Returns: the names, for ``SocialClientSession/publish(photo:caption:filter:)``'s `filter`.
    /// - Throws: ``SocialClientError`` when the server cannot be reached or fails.
    public func filterNames() async throws(SocialClientError) -> [String] {
        try await transport.json(FilterList.self, "GET", ["filters"]).filters
    }

    /// The body of `GET /filters`.
    struct FilterList: Decodable {
        var filters: [String]
    }

    func photo(_ path: [String]) async throws(SocialClientError) -> (jpeg: Data, etag: String?) {
        let answer = try await transport.send("GET", path)
        return (answer.data, answer.response.value(forHTTPHeaderField: "ETag"))
    }
}
