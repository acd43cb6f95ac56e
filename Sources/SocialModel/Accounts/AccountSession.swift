import Foundation

/// A signed-in account, authenticated once by ``AccountService/session(_:)``: its user, and what
/// the user may do to their own account. Other services take it to act as this user.
///
/// Only ``AccountService`` makes one, so holding one proves that a valid session token was
/// presented. It is a snapshot of the user at that moment; make one per request.
public struct AccountSession: Sendable {
    /// The signed-in user, as they were when the session was authenticated.
    public let user: User
    /// When the session stops being accepted.
    public let expiresAt: Date
    let tokenHash: Data
    let service: AccountService

    init(user: User, expiresAt: Date, tokenHash: Data, service: AccountService) {
        self.user = user
        self.expiresAt = expiresAt
        self.tokenHash = tokenHash
        self.service = service
    }

    var store: any AccountStore & SessionStore { service.store }

    /// Changes the user's name, surname or bio.
    /// - Parameter change: the fields to change.
    /// - Returns: the user as stored.
    /// - Throws: ``AccountError/invalid(_:)`` listing every broken length, line or character rule.
    public func updateProfile(_ change: ProfileChange) async throws(AccountError) -> User {
        var user = user
        var violations: [RuleViolation] = []
        if let name = change.name.map(AccountValidator.normalizedLine) {
            violations += service.validator.line(name, .name)
            user.name = name
        }
        if let surname = change.surname.map(AccountValidator.normalizedLine) {
            violations += service.validator.line(surname, .surname)
            user.surname = surname
        }
        if let bio = change.bio.map(AccountValidator.normalizedText) {
            violations += service.validator.bio(bio)
            user.bio = bio
        }
        guard violations.isEmpty else { throw .invalid(violations) }
        try await service.fromStore { [user] in try await store.updateUser(user) }
        return user
    }

    /// Changes the password of a signed-in user who knows the current one, signs out every other
    /// session of the user (this one stays valid) and tells the owner by email.
    ///
    /// A wrong current password counts as a failed sign-in of the account from a client of its
    /// own: ``AccountPolicy/accountRateLimit`` refuses further guesses here, and the account's
    /// delays (``AccountPolicy/accountDelay``) count them with those made at
    /// ``AccountService/signIn(email:password:clientKey:)``, without locking the owner out there. The
    /// new password is held to the registration rules. An account without a password (made by an
    /// identity provider) has no current password to give: it sets one through a password reset.
    /// A notification that cannot be sent does not undo the change; it is logged and returned.
    /// - Parameters:
    ///   - current: the password now in force.
    ///   - newPassword: the password to set.
    /// - Returns: what became of the notification email.
    /// - Throws: ``AccountError/invalidCredentials`` if `current` is wrong (or the account has no
    ///   password), ``AccountError/rateLimited(retryAfter:)`` after too many wrong guesses,
    ///   ``AccountError/invalid(_:)`` listing every rule the new password breaks,
    ///   ``AccountError/unauthorized`` if this session was revoked or has expired meanwhile.
    @discardableResult
    public func changePassword(current: String, to newPassword: String) async throws(AccountError) -> MailOutcome {
        let now = service.clock.now()
        // Checked again: the value may outlive a sign-out or the session's expiry.
        guard let record = try await service.fromStore({ try await store.session(tokenHash: tokenHash) }),
            record.expiresAt > now
        else { throw .unauthorized }
        let accountKey = user.email.map(AccountService.accountRateKey) ?? "user:\(user.id)"
        let rateKey = AccountService.pairRateKey(account: accountKey, client: "password-change")
        try await service.checkRateLimit(key: rateKey, limit: service.policy.accountRateLimit, now: now)
        try await service.checkDelay(key: accountKey, service.policy.accountDelay, now: now)
        let stored = try await service.fromStore { try await store.passwordHash(userID: user.id) }
        // Hashed even without a stored password, so the answer takes as long either way.
        let matches = try service.verifyPassword(current, against: stored ?? service.decoyHash)
        guard stored != nil, matches else {
            try await service.recordFailure(keys: [rateKey, accountKey], now: now)
            throw .invalidCredentials
        }
        let newHash = try service.newPasswordHash(newPassword, for: user)
        return try await service.storePassword(newHash, for: user, keepingSession: tokenHash)
    }

    /// Revokes this session. Signing out twice is harmless.
    /// - Throws: ``AccountError/storage(_:)`` when the store fails.
    public func signOut() async throws(AccountError) {
        try await service.revoke(.init(userID: user.id, scope: .session(tokenHash: tokenHash)))
    }

    /// Revokes every session of the user, this one included.
    /// - Throws: ``AccountError/storage(_:)`` when the store fails.
    public func signOutEverywhere() async throws(AccountError) {
        try await service.revoke(.init(userID: user.id, scope: .all))
    }

    /// Deletes the user and everything that belongs to them.
    /// - Throws: ``AccountError/storage(_:)`` when the store fails.
    public func deleteAccount() async throws(AccountError) {
        _ = try await service.fromStore { try await store.deleteUser(id: user.id) }
        service.published(.init(userID: user.id, scope: .all))
        if let email = user.email {
            try await service.fromStore {
                try await store.clearFailedSignIns(key: AccountService.accountRateKey(email))
            }
        }
    }

    /// Waits until this session stops being accepted: until it is revoked (a sign-out, a sign-out
    /// everywhere, a password change made in another session, a password reset, the account's
    /// deletion — made through this process, or through another one when a PostgreSQL store's
    /// event relay feeds the service's ``AccountService/events``) or until it expires by the
    /// service's clock. What keeps something open for a session (a live connection) waits here
    /// and closes when it returns.
    ///
    /// It listens before it looks the session up again, so a revocation made since this value was
    /// made is not missed. A store that cannot be read does not end the wait.
    /// - Returns: why the session ended, or `nil` if the task was cancelled first.
    public func waitUntilEnded() async -> SessionEnd? {
        let revocations = service.events.sessionRevocations(for: user.id)
        let (userID, tokenHash, clock, expiresAt) = (user.id, tokenHash, service.clock, expiresAt)
        do {
            guard try await store.session(tokenHash: tokenHash) != nil else { return .revoked }
        } catch {
            // Not a reason to end it: the revocations and the expiry below still are.
        }
        return await withTaskGroup(of: SessionEnd?.self) { group in
            group.addTask {
                for await revocation in revocations where revocation.ends(tokenHash: tokenHash, userID: userID) {
                    return .revoked
                }
                return nil
            }
            group.addTask {
                do {
                    try await clock.sleep(until: expiresAt)
                    return .expired
                } catch {
                    return nil
                }
            }
            let end = await group.next() ?? nil
            group.cancelAll()
            return end
        }
    }

    /// Links a provider account to the user, so either can sign in.
    /// - Parameters:
    ///   - provider: the provider's name.
    ///   - providerToken: a token from the provider's sign-in.
    ///   - nonce: the nonce the app put into that sign-in request, which the token must carry, or
    ///     `nil` if it had none (see ``AccountService/signIn(provider:providerToken:nonce:)``).
    /// - Returns: the new link.
    /// - Throws: ``AccountError/identityAlreadyLinked`` if it signs in another user (or this one),
    ///   ``AccountError/unknownProvider(_:)``, ``AccountError/providerRejected(_:)`` (a wrong or
    ///   missing nonce too).
    @discardableResult
    public func linkProvider(_ provider: String, providerToken: String, nonce: String? = nil) async throws(AccountError)
        -> IdentityLink
    {
        let identity = try await service.verifiedIdentity(provider: provider, token: providerToken, nonce: nonce)
        let link = IdentityLink(
            provider: identity.provider, subject: identity.subject, userID: user.id, linkedAt: service.clock.now())
        do {
            try await store.insertIdentityLink(link)
        } catch .duplicate {
            throw .identityAlreadyLinked
        } catch {
            throw .storage(error)
        }
        return link
    }

    /// Removes one of the user's provider links; a link they do not have is ignored.
    /// - Parameters:
    ///   - provider: the provider's name.
    ///   - subject: the provider's id for the person.
    /// - Throws: ``AccountError/lastSignInMethod`` if the account has no password and no other link.
    public func unlinkProvider(_ provider: String, subject: String) async throws(AccountError) {
        let links = try await service.fromStore { try await store.identityLinks(userID: user.id) }
        guard links.contains(where: { $0.provider == provider && $0.subject == subject }) else { return }
        let hasPassword = try await service.fromStore { try await store.passwordHash(userID: user.id) } != nil
        guard hasPassword || links.count > 1 else { throw .lastSignInMethod }
        _ = try await service.fromStore { try await store.deleteIdentityLink(provider: provider, subject: subject) }
    }

    /// The user's provider links, oldest first.
    /// - Returns: the links.
    /// - Throws: ``AccountError/storage(_:)`` when the store fails.
    public func identityLinks() async throws(AccountError) -> [IdentityLink] {
        try await service.fromStore { try await store.identityLinks(userID: user.id) }
    }
}
