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

    /// Revokes this session. Signing out twice is harmless.
    /// - Throws: ``AccountError/storage(_:)`` when the store fails.
    public func signOut() async throws(AccountError) {
        _ = try await service.fromStore { try await store.deleteSession(tokenHash: tokenHash) }
    }

    /// Revokes every session of the user, this one included.
    /// - Throws: ``AccountError/storage(_:)`` when the store fails.
    public func signOutEverywhere() async throws(AccountError) {
        try await service.fromStore { try await store.deleteSessions(userID: user.id) }
    }

    /// Deletes the user and everything that belongs to them.
    /// - Throws: ``AccountError/storage(_:)`` when the store fails.
    public func deleteAccount() async throws(AccountError) {
        _ = try await service.fromStore { try await store.deleteUser(id: user.id) }
        if let email = user.email {
            try await service.fromStore {
                try await store.clearFailedSignIns(key: AccountService.accountRateKey(email))
            }
        }
    }

    /// Links a provider account to the user, so either can sign in.
    /// - Parameters:
    ///   - provider: the provider's name.
    ///   - providerToken: a token from the provider's sign-in.
    /// - Returns: the new link.
    /// - Throws: ``AccountError/identityAlreadyLinked`` if it signs in another user (or this one),
    ///   ``AccountError/unknownProvider(_:)``, ``AccountError/providerRejected(_:)``.
    @discardableResult
    public func linkProvider(_ provider: String, providerToken: String) async throws(AccountError) -> IdentityLink {
        let identity = try await service.verifiedIdentity(provider: provider, token: providerToken)
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
