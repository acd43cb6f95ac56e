import Foundation
import SocialModel

extension InMemorySocialStore: AccountStore {
    /// Adds a user with a password hash and/or an identity link.
    ///
    /// - Throws: `StoreError/duplicate(_:)` with `.username`, `.email`, `.id` or `.identity`.
    public func insertUser(_ user: User, passwordHash: String?, identity: IdentityLink?) async throws(StoreError) {
        try withState { state throws(StoreError) in
            guard state.users[user.id] == nil else { throw .duplicate(.id) }
            guard state.userByKey[user.usernameKey] == nil else { throw .duplicate(.username) }
            if let email = user.email, state.userByEmail[email] != nil { throw .duplicate(.email) }
            if let identity {
                guard identity.userID == user.id else { throw .missingReference }
                let key = State.LinkKey(provider: identity.provider, subject: identity.subject)
                guard state.links[key] == nil else { throw .duplicate(.identity) }
            }
            state.users[user.id] = user
            state.userByKey[user.usernameKey] = user.id
            if let email = user.email { state.userByEmail[email] = user.id }
            if let passwordHash { state.passwords[user.id] = passwordHash }
            if let identity {
                try Self.insert(identity, into: &state)
            }
        }
    }

    /// The user with this id.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func user(id: UserID) async throws(StoreError) -> User? {
        try withState { state in state.users[id] }
    }

    /// The user with this username key.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func user(usernameKey: String) async throws(StoreError) -> User? {
        try withState { state in state.userByKey[usernameKey].flatMap { state.users[$0] } }
    }

    /// The user with this email.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func user(email: String) async throws(StoreError) -> User? {
        try withState { state in state.userByEmail[email].flatMap { state.users[$0] } }
    }

    /// Replaces a user's fields.
    ///
    /// - Throws: `StoreError/notFound(entity:)`, `StoreError/duplicate(_:)`.
    public func updateUser(_ user: User) async throws(StoreError) {
        try withState { state throws(StoreError) in
            guard let old = state.users[user.id] else { throw .notFound(entity: "user") }
            if let other = state.userByKey[user.usernameKey], other != user.id { throw .duplicate(.username) }
            if let email = user.email, let other = state.userByEmail[email], other != user.id {
                throw .duplicate(.email)
            }
            state.userByKey[old.usernameKey] = nil
            if let email = old.email { state.userByEmail[email] = nil }
            state.users[user.id] = user
            state.userByKey[user.usernameKey] = user.id
            if let email = user.email { state.userByEmail[email] = user.id }
        }
    }

    /// Deletes a user and everything of theirs.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteUser(id: UserID) async throws(StoreError) -> Bool {
        try withState { state in state.removeUser(id) }
    }

    /// The user's password hash.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func passwordHash(userID: UserID) async throws(StoreError) -> String? {
        try withState { state in state.passwords[userID] }
    }

    /// Sets the user's password hash.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist.
    public func setPasswordHash(_ hash: String, userID: UserID) async throws(StoreError) {
        try withState { state throws(StoreError) in
            try state.requireUser(userID)
            state.passwords[userID] = hash
        }
    }

    /// Replaces the user's tokens for the purpose.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist, `StoreError/duplicate(_:)`.
    public func replaceTokens(with token: OneTimeTokenRecord) async throws(StoreError) {
        try withState { state throws(StoreError) in try state.replaceTokens(with: token) }
    }

    /// Removes and returns the token.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func consumeToken(hash: Data, purpose: TokenPurpose) async throws(StoreError) -> OneTimeTokenRecord? {
        try withState { state in
            guard let token = state.tokens[hash], token.purpose == purpose else { return nil }
            state.tokens[hash] = nil
            return token
        }
    }

    /// The token with this hash.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func token(hash: Data) async throws(StoreError) -> OneTimeTokenRecord? {
        try withState { state in state.tokens[hash] }
    }

    /// The user's tokens, oldest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func tokens(userID: UserID) async throws(StoreError) -> [OneTimeTokenRecord] {
        try withState { state in
            state.tokens.values.filter { $0.userID == userID }.sorted { $0.createdAt < $1.createdAt }
        }
    }

    /// Adds an identity link.
    ///
    /// - Throws: `StoreError/duplicate(_:)` with `.identity`, `StoreError/missingReference`.
    public func insertIdentityLink(_ link: IdentityLink) async throws(StoreError) {
        try withState { state throws(StoreError) in try Self.insert(link, into: &state) }
    }

    /// The link for a provider's subject.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func identityLink(provider: String, subject: String) async throws(StoreError) -> IdentityLink? {
        try withState { state in state.links[State.LinkKey(provider: provider, subject: subject)] }
    }

    /// The user's links, oldest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func identityLinks(userID: UserID) async throws(StoreError) -> [IdentityLink] {
        try withState { state in
            state.links.values.filter { $0.userID == userID }.sorted { $0.linkedAt < $1.linkedAt }
        }
    }

    /// Removes a link.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteIdentityLink(provider: String, subject: String) async throws(StoreError) -> Bool {
        try withState { state in
            state.links.removeValue(forKey: State.LinkKey(provider: provider, subject: subject)) != nil
        }
    }

    /// Notes a failed sign-in.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recordFailedSignIn(key: String, at date: Date) async throws(StoreError) {
        try withState { state in state.failedSignIns[key, default: []].append(date) }
    }

    /// The failed sign-ins under a key since a date.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func failedSignIns(key: String, since: Date) async throws(StoreError) -> [Date] {
        try withState { state in (state.failedSignIns[key] ?? []).filter { $0 >= since }.sorted() }
    }

    /// Forgets a key's failed sign-ins.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func clearFailedSignIns(key: String) async throws(StoreError) {
        try withState { state in state.failedSignIns[key] = nil }
    }

    /// Forgets old failed sign-ins.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func pruneFailedSignIns(before date: Date) async throws(StoreError) {
        try withState { state in
            state.failedSignIns = state.failedSignIns.compactMapValues { dates in
                let kept = dates.filter { $0 >= date }
                return kept.isEmpty ? nil : kept
            }
        }
    }

    static func insert(_ link: IdentityLink, into state: inout State) throws(StoreError) {
        try state.requireUser(link.userID)
        let key = State.LinkKey(provider: link.provider, subject: link.subject)
        guard state.links[key] == nil else { throw .duplicate(.identity) }
        state.links[key] = link
    }
}

extension InMemorySocialStore: SessionStore {
    /// Stores a session.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist, `StoreError/duplicate(_:)`.
    public func insertSession(_ session: SessionRecord) async throws(StoreError) {
        try withState { state throws(StoreError) in
            try state.requireUser(session.userID)
            guard state.sessions[session.tokenHash] == nil else { throw .duplicate(.token) }
            state.sessions[session.tokenHash] = session
        }
    }

    /// The session with this token hash.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func session(tokenHash: Data) async throws(StoreError) -> SessionRecord? {
        try withState { state in state.sessions[tokenHash] }
    }

    /// The session with this token hash and its user.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func sessionWithUser(tokenHash: Data) async throws(StoreError) -> (session: SessionRecord, user: User)? {
        try withState { state in
            state.sessions[tokenHash].flatMap { session in state.users[session.userID].map { (session, $0) } }
        }
    }

    /// The user's sessions, oldest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func sessions(userID: UserID) async throws(StoreError) -> [SessionRecord] {
        try withState { state in
            state.sessions.values.filter { $0.userID == userID }.sorted { $0.createdAt < $1.createdAt }
        }
    }

    /// Removes a session.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteSession(tokenHash: Data) async throws(StoreError) -> Bool {
        try withState { state in state.sessions.removeValue(forKey: tokenHash) != nil }
    }

    /// Removes the user's sessions but the kept one.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteSessions(userID: UserID, except keptTokenHash: Data?) async throws(StoreError) {
        try withState { state in
            state.sessions = state.sessions.filter { $0.value.userID != userID || $0.key == keptTokenHash }
        }
    }
}
