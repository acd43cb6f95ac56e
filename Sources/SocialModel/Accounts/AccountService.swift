import Foundation
import Logging

/// What a person fills in to register.
public struct Registration: Sendable, Hashable, Codable {
    /// The email address (normalised by the service).
    public var email: String
    /// The public handle.
    public var username: String
    /// The password (never stored; only its slow hash is).
    public var password: String
    /// The given name.
    public var name: String
    /// The family name.
    public var surname: String

    /// Creates a registration.
    public init(email: String, username: String, password: String, name: String = "", surname: String = "") {
        self.email = email
        self.username = username
        self.password = password
        self.name = name
        self.surname = surname
    }
}

/// What a sign-in returns: the token to present on later calls, and whose it is.
public struct SignedInSession: Sendable, Hashable {
    /// The bearer token; only its hash is stored.
    public var token: SecretToken
    /// The signed-in user.
    public var user: User
    /// When the session stops being accepted.
    public var expiresAt: Date

    /// Creates a session value.
    public init(token: SecretToken, user: User, expiresAt: Date) {
        self.token = token
        self.user = user
        self.expiresAt = expiresAt
    }
}

/// Changes to a profile; `nil` leaves a field as it is.
public struct ProfileChange: Sendable, Hashable, Codable {
    /// The new given name.
    public var name: String?
    /// The new family name.
    public var surname: String?
    /// The new bio.
    public var bio: String?

    /// Creates a change.
    public init(name: String? = nil, surname: String? = nil, bio: String? = nil) {
        self.name = name
        self.surname = surname
        self.bio = bio
    }
}

/// Accounts and their security: registration, email verification, sign-in with rate limits,
/// sessions, password reset, profile edits, deletion and external identity providers.
///
/// Every rule is enforced here, over any ``AccountStore``, so SQLite, PostgreSQL and in-memory
/// stores behave the same. Failures that could reveal whether an email is registered are made
/// indistinguishable: a sign-in to an unknown address fails like a wrong password (after the same
/// slow hash), and registering or resetting an address that is taken or unknown returns normally.
public struct AccountService: Sendable {
    /// Where accounts and sessions are kept.
    public let store: any AccountStore & SessionStore
    /// How email goes out when there is no ``outbox``.
    public let mailer: any Mailer
    /// Where account mail is queued, in the same transaction as the change it tells about, for a
    /// ``MailOutboxSender`` to send; `nil` sends through ``mailer`` during the call instead.
    public let outbox: (any MailOutboxStore)?
    /// The time source for expiry and rate limits.
    public let clock: any WallClock
    /// How passwords are hashed.
    public let hasher: any PasswordHasher
    /// Limits and lifetimes.
    public let policy: AccountPolicy
    /// Where mail that could not be sent is reported (a warning when it may work later, an error
    /// when it will not).
    public let logger: Logger
    /// The hub revoked sessions are published to (``SessionRevocation``), after the store has
    /// removed them, so live connections made with them close. A ``SocialNetwork`` made with this
    /// service sets it to its own hub (``SocialNetwork/events``).
    public internal(set) var events: NetworkEvents
    let providers: [String: any IdentityProvider]
    let validator: AccountValidator
    /// A hash of nothing, verified against when there is no account, so that a sign-in to an
    /// unknown email takes as long as one with a wrong password.
    let decoyHash: String

    /// Creates the service.
    /// - Parameters:
    ///   - store: where accounts and sessions are kept.
    ///   - mailer: sends the verification and password-reset messages when there is no outbox.
    ///   - outbox: where mail is queued instead of sent during the call (usually the store itself);
    ///     a ``MailOutboxSender`` over the same outbox then sends it, with retries, across restarts.
    ///   - clock: the time for expiry and rate limits; tests pass a clock they move.
    ///   - hasher: PBKDF2 with 600,000 iterations by default; tests pass a cheaper one.
    ///   - policy: the limits and lifetimes the rules use.
    ///   - identityProviders: the external providers people may sign in with, by name.
    ///   - logger: where mail that could not be sent is reported; pass your own (with its request
    ///     metadata). The default logs through whatever `LoggingSystem` was bootstrapped with.
    ///   - events: where revoked sessions are published; a ``SocialNetwork`` made with the service
    ///     replaces it with its own hub.
    public init(
        store: any AccountStore & SessionStore, mailer: any Mailer, outbox: (any MailOutboxStore)? = nil,
        clock: any WallClock = SystemWallClock(), hasher: (any PasswordHasher)? = nil,
        policy: AccountPolicy = .standard,
        identityProviders: [any IdentityProvider] = [], logger: Logger = Logger(label: "SocialModel.AccountService"),
        events: NetworkEvents = NetworkEvents()
    ) {
        self.logger = logger
        self.events = events
        self.store = store
        self.mailer = mailer
        self.outbox = outbox
        self.clock = clock
        let hasher = hasher ?? PBKDF2PasswordHasher.recommended
        self.hasher = hasher
        self.policy = policy
        self.providers = Dictionary(identityProviders.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        self.validator = AccountValidator(policy: policy)
        self.decoyHash = (try? hasher.hash(SecretToken.generate().rawValue)) ?? ""
    }

    // MARK: Registration and verification

    /// Registers an account and emails a verification token.
    ///
    /// If the email address already has an account, nothing is created and its owner is emailed
    /// instead, so the call does not reveal which addresses are registered.
    ///
    /// The account is stored before the mail goes out, and a mail that cannot be sent does not
    /// fail the registration: it is logged and returned (see ``MailOutcome``), the token stays
    /// valid, and ``resendVerification(email:)`` sends a new one.
    /// - Parameter registration: what the person filled in.
    /// - Returns: what became of the email.
    /// - Throws: ``AccountError/invalid(_:)`` listing every broken rule (a taken username too).
    @discardableResult
    public func register(_ registration: Registration) async throws(AccountError) -> MailOutcome {
        let email = AccountValidator.normalizedEmail(registration.email)
        let name = AccountValidator.normalizedLine(registration.name)
        let surname = AccountValidator.normalizedLine(registration.surname)
        var violations = validator.username(registration.username)
        let usernameIsWellFormed = violations.isEmpty
        violations += validator.email(email)
        violations += validator.password(registration.password, username: registration.username, email: email)
        violations += validator.line(name, .name) + validator.line(surname, .surname)
        if usernameIsWellFormed {
            let key = User.usernameKey(for: registration.username)
            if try await fromStore({ try await store.user(usernameKey: key) }) != nil {
                violations.append(.init(.username, .taken))
            }
        }
        guard violations.isEmpty else { throw .invalid(violations) }

        let hash = try hashPassword(registration.password)
        let user = User(
            id: .random(), username: registration.username, email: email, name: name, surname: surname,
            createdAt: clock.now())
        do {
            try await store.insertUser(user, passwordHash: hash, identity: nil)
        } catch .duplicate(.username) {
            throw .invalid([.init(.username, .taken)])
        } catch .duplicate(.email) {
            let owner = try await fromStore { try await store.user(email: email) }
            return try await send(
                to: email, user: owner, purpose: .registrationAttempt,
                subject: "Someone tried to register your address",
                body: "Someone tried to register a new account with this address. If it was you, sign in or "
                    + "reset your password instead. If not, you can ignore this message.")
        } catch {
            throw .storage(error)
        }
        return try await sendVerification(to: user)
    }

    /// Sends a new verification token, replacing any earlier one. Does nothing (and says nothing)
    /// if the address has no unverified account.
    ///
    /// With an ``outbox``, the call only queues the request (``AccountMailRequest``), the same
    /// single write for every address, registered or not, and the sender works out the rest.
    /// - Parameter email: the address registered.
    /// - Returns: what became of the email; ``MailOutcome/notSent`` when none was due,
    ///   ``MailOutcome/queued`` with an outbox.
    /// - Throws: ``AccountError/storage(_:)`` when the store fails.
    @discardableResult
    public func resendVerification(email: String) async throws(AccountError) -> MailOutcome {
        try await request(.init(kind: .emailVerification, address: AccountValidator.normalizedEmail(email)))
    }

    /// Verifies an email address with an emailed token; the token is used up.
    /// - Throws: ``AccountError/invalidToken``, ``AccountError/expiredToken``.
    @discardableResult
    public func verifyEmail(token: SecretToken) async throws(AccountError) -> User {
        let record = try await consume(token, purpose: .emailVerification)
        guard var user = try await fromStore({ try await store.user(id: record.userID) }) else {
            throw .invalidToken
        }
        if user.verifiedAt == nil {
            user.verifiedAt = clock.now()
            try await fromStore { try await store.updateUser(user) }
        }
        return user
    }

    // MARK: Sessions

    /// Signs in with email and password.
    ///
    /// Refused, even with the right password, while this client key has too many recent failures
    /// for this account (``AccountPolicy/accountRateLimit``), or while the delay is running that
    /// the account's failures from every client (``AccountPolicy/accountDelay``) or this client's
    /// failures for every account (``AccountPolicy/clientDelay``) impose. So a guesser cannot lock
    /// the owner out from elsewhere, nor a client everyone behind its address. An unknown email
    /// fails exactly like a wrong password.
    /// - Parameters:
    ///   - email: the account's email address, in any case.
    ///   - password: the password as typed.
    ///   - clientKey: what identifies the caller for rate limiting, such as its IP address.
    /// - Returns: the session's token and the signed-in user.
    /// - Throws: ``AccountError/invalidCredentials``, ``AccountError/emailNotVerified``,
    ///   ``AccountError/rateLimited(retryAfter:)``.
    public func signIn(email: String, password: String, clientKey: String) async throws(AccountError)
        -> SignedInSession
    {
        let email = AccountValidator.normalizedEmail(email)
        let now = clock.now()
        let accountKey = Self.accountRateKey(email)
        let pairKey = Self.pairRateKey(account: accountKey, client: clientKey)
        let clientRateKey = "client:" + clientKey
        try await checkRateLimit(key: pairKey, limit: policy.accountRateLimit, now: now)
        try await checkDelay(key: accountKey, policy.accountDelay, now: now)
        try await checkDelay(key: clientRateKey, policy.clientDelay, now: now)

        let user = try await fromStore { try await store.user(email: email) }
        var stored: String?
        if let user {
            stored = try await fromStore { try await store.passwordHash(userID: user.id) }
        }
        let matches = try verifyPassword(password, against: stored ?? decoyHash)
        guard let user, let stored, matches else {
            try await recordFailure(keys: [pairKey, accountKey, clientRateKey], now: now)
            throw .invalidCredentials
        }
        guard user.isVerified else { throw .emailNotVerified }
        // This client's failures for the account are forgiven; the account's failures from
        // everyone are not, so a guesser's count is not reset by the owner signing in.
        try await fromStore { try await store.clearFailedSignIns(key: pairKey) }
        if hasher.needsRehash(stored) {
            let upgraded = try hashPassword(password)
            try await fromStore { try await store.setPasswordHash(upgraded, userID: user.id) }
        }
        return try await openSession(for: user)
    }

    /// Authenticates a session token once, for a run of calls as its user: the account's own
    /// operations are on the returned session, and the other services take it to act as that
    /// user (``SocialNetwork/session(_:)-(AccountSession)``, ``RecipeService/session(_:)-(AccountSession)``).
    ///
    /// The session value is a snapshot: a sign-out elsewhere is noticed by the next call to this
    /// method, not by a value already made, so make one per request.
    /// - Parameter token: the bearer token a sign-in returned.
    /// - Returns: the signed-in account.
    /// - Throws: ``AccountError/unauthorized`` if the token is unknown, revoked or expired.
    public func session(_ token: SecretToken) async throws(AccountError) -> AccountSession {
        let hash = token.hash
        return try await accept(
            try await fromStore { try await store.sessionWithUser(tokenHash: hash) }, tokenHash: hash)
    }

    /// The account of a session as the store read it with its user: `unauthorized` when there is
    /// none or it has expired (an expired session is deleted). Every way of authenticating a token
    /// ends here, whichever read found the session.
    func accept(_ found: (session: SessionRecord, user: User)?, tokenHash hash: Data) async throws(AccountError)
        -> AccountSession
    {
        guard let (session, user) = found else { throw .unauthorized }
        guard session.expiresAt > clock.now() else {
            try await revoke(.init(userID: user.id, scope: .session(tokenHash: hash)))
            throw .unauthorized
        }
        return AccountSession(user: user, expiresAt: session.expiresAt, tokenHash: hash, service: self)
    }

    // MARK: Shared steps

    /// ``session(_:)`` for another service, its error wrapped in that service's own.
    func session<E: Error>(_ token: SecretToken, _ wrap: (AccountError) -> E) async throws(E) -> AccountSession {
        do {
            return try await session(token)
        } catch {
            throw wrap(error)
        }
    }

    static func accountRateKey(_ email: String) -> String { "account:" + email }

    /// The key of an account's failures from one client.
    static func pairRateKey(account accountKey: String, client: String) -> String {
        accountKey + "|client:" + client
    }

    /// Removes the sessions a revocation names from the store, then publishes it, so that live
    /// connections made with them close: the one place every way of ending sessions goes through.
    /// An account's deletion removes its sessions with the account (``AccountStore/deleteUser(id:)``)
    /// and publishes through ``published(_:)`` instead.
    func revoke(_ revocation: SessionRevocation) async throws(AccountError) {
        let userID = revocation.userID
        switch revocation.scope {
        case .session(let hash):
            _ = try await fromStore { try await store.deleteSession(tokenHash: hash) }
        case .all:
            try await fromStore { try await store.deleteSessions(userID: userID, except: nil) }
        case .allExcept(let kept):
            try await fromStore { try await store.deleteSessions(userID: userID, except: kept) }
        }
        published(revocation)
    }

    /// Publishes a revocation whose sessions the store has already removed.
    func published(_ revocation: SessionRevocation) {
        events.publish(revocation)
    }

    /// Runs a store call, wrapping its error.
    func fromStore<T>(_ body: () async throws -> T) async throws(AccountError) -> T {
        try await callStore(AccountError.storage, body)
    }

    func hashPassword(_ password: String) throws(AccountError) -> String {
        do {
            return try hasher.hash(password)
        } catch {
            throw .passwordHashing(error)
        }
    }

    func verifyPassword(_ password: String, against hash: String) throws(AccountError) -> Bool {
        do {
            return try hasher.verify(password, against: hash)
        } catch {
            throw .passwordHashing(error)
        }
    }

    func openSession(for user: User) async throws(AccountError) -> SignedInSession {
        let now = clock.now()
        try await requireNotSuspended(user.id, now: now)
        let token = SecretToken.generate()
        let record = SessionRecord(
            tokenHash: token.hash, userID: user.id, createdAt: now, expiresAt: now + policy.sessionLifetime)
        try await fromStore { try await store.insertSession(record) }
        return SignedInSession(token: token, user: user, expiresAt: record.expiresAt)
    }

    func checkRateLimit(key: String, limit: RateLimit, now: Date) async throws(AccountError) {
        let failures = try await fromStore { try await store.failedSignIns(key: key, since: now - limit.window) }
        if let wait = limit.retryAfter(failures: failures, now: now) { throw .rateLimited(retryAfter: wait) }
    }

    func checkDelay(key: String, _ delay: ProgressiveDelay, now: Date) async throws(AccountError) {
        let failures = try await fromStore { try await store.failedSignIns(key: key, since: now - delay.window) }
        if let wait = delay.retryAfter(failures: failures, now: now) { throw .rateLimited(retryAfter: wait) }
    }

    func recordFailure(keys: [String], now: Date) async throws(AccountError) {
        let horizon = now - max(policy.accountRateLimit.window, policy.accountDelay.window, policy.clientDelay.window)
        for key in keys {
            try await fromStore { try await store.recordFailedSignIn(key: key, at: now) }
        }
        try await fromStore { try await store.pruneFailedSignIns(before: horizon) }
    }

    /// Uses up a one-time token.
    func consume(_ token: SecretToken, purpose: TokenPurpose) async throws(AccountError) -> OneTimeTokenRecord {
        let hash = token.hash
        guard let record = try await fromStore({ try await store.consumeToken(hash: hash, purpose: purpose) }) else {
            throw .invalidToken
        }
        guard record.expiresAt > clock.now() else { throw .expiredToken }
        return record
    }

    func sendVerification(to user: User) async throws(AccountError) -> MailOutcome {
        guard let email = user.email else { return .notSent }
        return try await mailToken(
            .emailVerification, to: user, address: email, lifetime: policy.emailVerificationLifetime,
            subject: "Verify your email address"
        ) { token in
            "Welcome, \(user.username). Verify your address with this token within "
                + "\(Int(policy.emailVerificationLifetime / 3600)) hours:\n\n\(token.rawValue)\n"
        }
    }

    /// Issues a one-time token (replacing earlier ones of its purpose) and mails it: with an
    /// ``outbox``, the token and its mail are stored in one transaction.
    func mailToken(
        _ purpose: TokenPurpose, to user: User, address: String, lifetime: TimeInterval, subject: String,
        body: (SecretToken) -> String
    ) async throws(AccountError) -> MailOutcome {
        let token = SecretToken.generate()
        let now = clock.now()
        let record = OneTimeTokenRecord(
            tokenHash: token.hash, userID: user.id, purpose: purpose, createdAt: now, expiresAt: now + lifetime)
        let mailPurpose: MailMessage.Purpose = purpose == .emailVerification ? .emailVerification : .passwordReset
        let message = message(
            to: address, user: user, purpose: mailPurpose, subject: subject, body: body(token), token: token)
        if let outbox {
            try await fromStore {
                try await outbox.replaceTokens(with: record, enqueueing: .queued(.message(message), at: now))
            }
            return .queued
        }
        try await fromStore { try await store.replaceTokens(with: record) }
        return await deliver(message, user: user)
    }

    /// A message addressed with the user's name if they gave one.
    func message(
        to address: String, user: User?, purpose: MailMessage.Purpose, subject: String, body: String,
        token: SecretToken? = nil
    ) -> MailMessage {
        MailMessage(
            to: address, recipientName: user.flatMap(Self.recipientName), subject: subject, body: body,
            purpose: purpose, token: token?.rawValue, sentAt: clock.now())
    }

    /// Queues a message in the ``outbox``, or without one sends it at once (``deliver(_:user:)``).
    func send(
        to address: String, user: User?, purpose: MailMessage.Purpose, subject: String, body: String
    ) async throws(AccountError) -> MailOutcome {
        let message = message(to: address, user: user, purpose: purpose, subject: subject, body: body)
        guard let outbox else { return await deliver(message, user: user) }
        try await fromStore { try await outbox.enqueueMail(.queued(.message(message), at: message.sentAt)) }
        return .queued
    }

    /// Sends a message through the ``mailer``. A failure is logged and returned, never thrown:
    /// what the message is about is already stored.
    func deliver(_ message: MailMessage, user: User?) async -> MailOutcome {
        let purpose = message.purpose
        do {
            try await mailer.send(message)
            return .sent
        } catch {
            // The user's id, not the address: logs are kept longer and read by more people than mail.
            var metadata: Logger.Metadata = ["purpose": "\(purpose.rawValue)", "error": "\(error)"]
            metadata["user-id"] = user.map { "\($0.id)" }
            if error.isTransient {
                logger.warning("account mail not sent; the token stays valid and can be re-sent", metadata: metadata)
                return .deferred(error)
            }
            logger.error("account mail cannot be sent; the account is kept", metadata: metadata)
            return .failed(error)
        }
    }

    /// "Name Surname" as the person typed them, or `nil` if they gave neither.
    static func recipientName(_ user: User) -> String? {
        let name = [user.name, user.surname].filter { !$0.isEmpty }.joined(separator: " ")
        return name.isEmpty ? nil : name
    }
}
