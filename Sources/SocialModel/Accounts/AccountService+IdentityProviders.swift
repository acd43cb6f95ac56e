extension AccountService {
    /// Signs in with an external provider's token. The first sign-in creates a verified account
    /// (with the provider's email when it vouches for it); later ones find that account.
    ///
    /// A provider whose verified email already belongs to an account is not linked silently, which
    /// would let whoever controls the provider account take it over: sign in and call
    /// ``AccountSession/linkProvider(_:providerToken:nonce:)`` instead.
    /// - Parameters:
    ///   - provider: the provider's name.
    ///   - providerToken: the token the provider's sign-in returned (an OpenID Connect ID token,
    ///     a Facebook access token).
    ///   - nonce: the nonce the app put into this sign-in request, which the token must carry
    ///     (OpenID Connect's replay protection), or `nil` if the request had none. A provider
    ///     whose tokens carry no nonce refuses a non-`nil` one.
    /// - Returns: the new session.
    /// - Throws: ``AccountError/unknownProvider(_:)``, ``AccountError/providerRejected(_:)`` (a
    ///   wrong or missing nonce too), ``AccountError/emailBelongsToExistingAccount``.
    public func signIn(provider: String, providerToken: String, nonce: String? = nil) async throws(AccountError)
        -> SignedInSession
    {
        let identity = try await verifiedIdentity(provider: provider, token: providerToken, nonce: nonce)
        if let user = try await linkedUser(identity) {
            return try await openSession(for: user)
        }
        var email: String?
        if identity.emailVerified, let offered = identity.email.map(AccountValidator.normalizedEmail),
            validator.email(offered).isEmpty
        {
            email = offered
            if try await fromStore({ try await store.user(email: offered) }) != nil {
                return try await sessionForConcurrentFirstSignIn(identity)
            }
        }
        let now = clock.now()
        // The provider's display name becomes the name only if it meets the same rules as a typed one.
        let offeredName = AccountValidator.normalizedLine(identity.displayName ?? "")
        let name = validator.line(offeredName, .name).isEmpty ? offeredName : ""
        for attempt in 0..<8 {
            let user = User(
                id: .random(), username: suggestedUsername(identity, attempt: attempt), email: email, name: name,
                createdAt: now, verifiedAt: now)
            let link = IdentityLink(
                provider: identity.provider, subject: identity.subject, userID: user.id, linkedAt: now)
            do {
                try await store.insertUser(user, passwordHash: nil, identity: link)
            } catch .duplicate(.username) {
                continue
            } catch .duplicate(.identity), .duplicate(.email) {
                return try await sessionForConcurrentFirstSignIn(identity)
            } catch {
                throw .storage(error)
            }
            return try await openSession(for: user)
        }
        throw .invalid([.init(.username, .taken)])
    }

    /// When the email or link turned out to be taken: if a concurrent first sign-in of the same
    /// identity made the account, sign in to it; otherwise the address belongs to someone else.
    func sessionForConcurrentFirstSignIn(_ identity: VerifiedIdentity) async throws(AccountError) -> SignedInSession {
        guard let existing = try await linkedUser(identity) else { throw .emailBelongsToExistingAccount }
        return try await openSession(for: existing)
    }

    func verifiedIdentity(provider: String, token: String, nonce: String?) async throws(AccountError)
        -> VerifiedIdentity
    {
        guard let verifier = providers[provider] else { throw .unknownProvider(provider) }
        let identity: VerifiedIdentity
        do {
            identity = try await verifier.verify(token: token, nonce: nonce)
        } catch {
            throw .providerRejected(error)
        }
        guard identity.provider == provider, !identity.subject.isEmpty else {
            throw .providerRejected(.invalidToken(reason: "the identity is for another provider or has no subject"))
        }
        return identity
    }

    func linkedUser(_ identity: VerifiedIdentity) async throws(AccountError) -> User? {
        guard
            let link = try await fromStore({
                try await store.identityLink(provider: identity.provider, subject: identity.subject)
            })
        else { return nil }
        return try await fromStore { try await store.user(id: link.userID) }
    }

    /// A username from the display name or email, made unique with a random suffix after the first try.
    func suggestedUsername(_ identity: VerifiedIdentity, attempt: Int) -> String {
        let source = identity.displayName ?? identity.email?.split(separator: "@").first.map(String.init) ?? ""
        var base = String(
            source.lowercased().unicodeScalars.compactMap { scalar -> Character? in
                if scalar == " " || scalar == "-" { return "_" }
                let keep = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
                return keep || scalar == "_" ? Character(scalar) : nil
            }
            .prefix(20))
        if base.count < policy.usernameLength.lowerBound { base = "user" }
        guard attempt > 0 else { return base }
        return Self.uniquified(base)
    }

    /// A username made of `base` and a random suffix, for when `base` itself is taken or must not be used.
    static func uniquified(_ base: String) -> String {
        base + "_" + String(UInt32.random(in: 0..<1_000_000))
    }
}
