extension AccountService {
    /// Emails a password reset token if the address has an account; says nothing either way.
    ///
    /// - Throws: ``AccountError/mail(_:)`` if the mailer cannot deliver the message, or ``AccountError/storage(_:)``
    ///   if the store fails; an address with no account is not an error.
    public func requestPasswordReset(email: String) async throws(AccountError) {
        let email = AccountValidator.normalizedEmail(email)
        guard let user = try await fromStore({ try await store.user(email: email) }) else { return }
        try await mailToken(
            .passwordReset, to: user, address: email, lifetime: policy.passwordResetLifetime,
            subject: "Reset your password"
        ) { token in
            "Choose a new password with this token within \(Int(policy.passwordResetLifetime / 60)) minutes:\n\n"
                + "\(token.rawValue)\n\nIf you did not ask for this, ignore this message."
        }
    }

    /// Sets a new password with an emailed reset token, then revokes every session of the account.
    ///
    /// The new password is checked before the token is used up, so a weak password can be
    /// corrected with the same token. Reading the mail also proves the address, so an unverified
    /// account becomes verified.
    /// - Throws: ``AccountError/invalidToken``, ``AccountError/expiredToken``,
    ///   ``AccountError/invalid(_:)``.
    public func resetPassword(token: SecretToken, newPassword: String) async throws(AccountError) {
        let hash = token.hash
        guard let pending = try await fromStore({ try await store.token(hash: hash) }),
            pending.purpose == .passwordReset,
            var user = try await fromStore({ try await store.user(id: pending.userID) })
        else { throw .invalidToken }
        guard pending.expiresAt > clock.now() else {
            _ = try await fromStore { try await store.consumeToken(hash: hash, purpose: .passwordReset) }
            throw .expiredToken
        }
        let violations = validator.password(newPassword, username: user.username, email: user.email ?? "")
        guard violations.isEmpty else { throw .invalid(violations) }
        let newHash = try hashPassword(newPassword)
        // Consuming is the atomic step: of two racing resets with one token, one gets nil here.
        _ = try await consume(token, purpose: .passwordReset)
        try await fromStore { [user] in try await store.setPasswordHash(newHash, userID: user.id) }
        try await fromStore { [user] in try await store.deleteSessions(userID: user.id) }
        if user.verifiedAt == nil {
            user.verifiedAt = clock.now()
            try await fromStore { [user] in try await store.updateUser(user) }
        }
        if let email = user.email {
            try await fromStore { try await store.clearFailedSignIns(key: Self.accountRateKey(email)) }
            try await send(
                to: email, purpose: .passwordChanged, subject: "Your password was changed",
                body: "The password of \(user.username) was changed and every session was signed out.")
        }
    }
}
