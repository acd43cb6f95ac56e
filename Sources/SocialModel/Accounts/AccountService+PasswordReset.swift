import Foundation

extension AccountService {
    /// Emails a password reset token if the address has an account; says nothing either way.
    ///
    /// Asking again replaces the earlier token, so this is also how a reset mail that could not be
    /// sent is re-sent. A mail failure is logged and returned, not thrown (see ``MailOutcome``).
    /// With an ``outbox``, the call only queues the request (``AccountMailRequest``), the same
    /// single write for every address, registered or not, so its answer takes as long for both;
    /// the sender looks the address up (``resolve(_:)``).
    /// - Parameter email: the address of the account.
    /// - Returns: what became of the email; ``MailOutcome/notSent`` when the address has no account,
    ///   ``MailOutcome/queued`` with an outbox.
    /// - Throws: ``AccountError/storage(_:)`` when the store fails.
    @discardableResult
    public func requestPasswordReset(email: String) async throws(AccountError) -> MailOutcome {
        try await request(.init(kind: .passwordReset, address: AccountValidator.normalizedEmail(email)))
    }

    /// Answers an account mail request: looks its address up and, if mail is due (an account for a
    /// reset, an unverified one for a verification), issues the token and mails it, queued in the
    /// ``outbox`` with the token if there is one. What ``MailOutboxSender`` does with a queued request.
    /// - Parameter request: the request.
    /// - Returns: what became of the email; ``MailOutcome/notSent`` when none was due.
    /// - Throws: ``AccountError/storage(_:)`` when the store fails.
    @discardableResult
    public func resolve(_ request: AccountMailRequest) async throws(AccountError) -> MailOutcome {
        let email = request.address
        guard let user = try await fromStore({ try await store.user(email: email) }) else { return .notSent }
        switch request.kind {
        case .emailVerification:
            guard !user.isVerified else { return .notSent }
            return try await sendVerification(to: user)
        case .passwordReset:
            return try await mailToken(
                .passwordReset, to: user, address: email, lifetime: policy.passwordResetLifetime,
                subject: "Reset your password"
            ) { token in
                "Choose a new password with this token within \(Int(policy.passwordResetLifetime / 60)) minutes:\n\n"
                    + "\(token.rawValue)\n\nIf you did not ask for this, ignore this message."
            }
        }
    }

    /// Queues a request in the ``outbox`` (one write, whatever the address), or answers it at once without one.
    func request(_ request: AccountMailRequest) async throws(AccountError) -> MailOutcome {
        guard let outbox else { return try await resolve(request) }
        try await fromStore { try await outbox.enqueueMail(.queued(.accountRequest(request), at: clock.now())) }
        return .queued
    }

    /// Sets a new password with an emailed reset token, then revokes every session of the account
    /// and tells its owner by email.
    ///
    /// The new password is checked before the token is used up, so a weak password can be
    /// corrected with the same token. Reading the mail also proves the address, so an unverified
    /// account becomes verified — and, as nobody had proved the address before, whoever registered
    /// it may not be its owner: what they chose is released. The username becomes a placeholder
    /// (`user_` and digits, which the owner can change) and the name and surname are cleared, so a
    /// username squatted on someone else's address does not survive their reset.
    /// - Parameters:
    ///   - token: the token from the reset email.
    ///   - newPassword: the new password, held to the registration rules.
    /// - Returns: what became of the notification email.
    /// - Throws: ``AccountError/invalidToken``, ``AccountError/expiredToken``,
    ///   ``AccountError/invalid(_:)``.
    @discardableResult
    public func resetPassword(token: SecretToken, newPassword: String) async throws(AccountError) -> MailOutcome {
        let hash = token.hash
        guard let pending = try await fromStore({ try await store.token(hash: hash) }),
            pending.purpose == .passwordReset,
            var user = try await fromStore({ try await store.user(id: pending.userID) })
        else { throw .invalidToken }
        guard pending.expiresAt > clock.now() else {
            _ = try await fromStore { try await store.consumeToken(hash: hash, purpose: .passwordReset) }
            throw .expiredToken
        }
        let newHash = try newPasswordHash(newPassword, for: user)
        // Consuming is the atomic step: of two racing resets with one token, one gets nil here.
        _ = try await consume(token, purpose: .passwordReset)
        if user.verifiedAt == nil {
            user = try await claimUnverified(user)
        }
        return try await storePassword(newHash, for: user, keepingSession: nil)
    }

    /// Verifies an account its address's owner claims through a reset, releasing the username
    /// and names its registrant chose (see ``resetPassword(token:newPassword:)``).
    func claimUnverified(_ user: User) async throws(AccountError) -> User {
        var claimed = user
        claimed.verifiedAt = clock.now()
        claimed.name = ""
        claimed.surname = ""
        for _ in 0..<8 {
            claimed.username = Self.uniquified("user")
            do {
                try await store.updateUser(claimed)
                return claimed
            } catch .duplicate(.username) {
                continue
            } catch {
                throw .storage(error)
            }
        }
        throw .invalid([.init(.username, .taken)])
    }

    // MARK: Shared with the signed-in password change

    /// The hash of a new password, if it meets the same rules as at registration.
    func newPasswordHash(_ password: String, for user: User) throws(AccountError) -> String {
        let violations = validator.password(password, username: user.username, email: user.email ?? "")
        guard violations.isEmpty else { throw .invalid(violations) }
        return try hashPassword(password)
    }

    /// Stores a new password hash, revokes every session of the user but `kept`, forgets the
    /// account's failed sign-ins and emails the owner; with an ``outbox``, the notice is queued in
    /// the transaction that stores the hash.
    func storePassword(_ hash: String, for user: User, keepingSession kept: Data?) async throws(AccountError)
        -> MailOutcome
    {
        let revoked = kept == nil ? "every session was signed out" : "every other session was signed out"
        let notice = user.email.map { email in
            message(
                to: email, user: user, purpose: .passwordChanged, subject: "Your password was changed",
                body:
                    "The password of \(user.username) was changed and \(revoked). If it was not you, reset it at once.")
        }
        if let outbox, let notice {
            try await fromStore {
                try await outbox.setPasswordHash(
                    hash, userID: user.id, enqueueing: .queued(.message(notice), at: notice.sentAt))
            }
        } else {
            try await fromStore { try await store.setPasswordHash(hash, userID: user.id) }
        }
        try await revoke(.init(userID: user.id, scope: kept.map { .allExcept(tokenHash: $0) } ?? .all))
        guard let notice, let email = user.email else { return .notSent }
        try await fromStore { try await store.clearFailedSignIns(key: Self.accountRateKey(email)) }
        return outbox == nil ? await deliver(notice, user: user) : .queued
    }
}
