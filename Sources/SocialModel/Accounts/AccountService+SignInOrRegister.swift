/// The result of the recipe app's email sign-in screen.
public enum EmailSignInOutcome: Sendable, Hashable {
    /// Signed in.
    case signedIn(SignedInSession)
    /// The email and password matched no account: offer to register with this (normalised) address.
    ///
    /// The original app offered registration when the email was unknown. Saying so only for unknown
    /// addresses would reveal which are registered, so the offer comes with every failed
    /// credential check ("wrong password, or new here?"); registering a taken address then only
    /// emails its owner (see ``AccountService/register(_:)``).
    case registrationOffered(email: String)
}

extension AccountService {
    /// Signs in with email and password, or offers registration when they match no account.
    /// - Throws: as ``signIn(email:password:clientKey:)`` except ``AccountError/invalidCredentials``.
    public func signInOrOfferRegistration(email: String, password: String, clientKey: String) async throws(AccountError)
        -> EmailSignInOutcome
    {
        do {
            return .signedIn(try await signIn(email: email, password: password, clientKey: clientKey))
        } catch .invalidCredentials {
            return .registrationOffered(email: AccountValidator.normalizedEmail(email))
        }
    }
}
