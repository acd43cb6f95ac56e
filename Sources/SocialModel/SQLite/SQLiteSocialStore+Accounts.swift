import Foundation
import GRDB

extension SQLiteSocialStore: AccountStore {
    /// Adds a user, with a password hash and/or an identity link, in one transaction.
    public func insertUser(_ user: User, passwordHash: String?, identity: IdentityLink?) async throws(StoreError) {
        try await write { db in
            try UserRow(user).insert(db)
            if let passwordHash {
                try PasswordRow(userID: user.id.rawValue, hash: passwordHash).insert(db)
            }
            if let identity {
                try IdentityLinkRow(identity).insert(db)
            }
        }
    }

    /// The user with this id.
    public func user(id: UserID) async throws(StoreError) -> User? {
        try await read { db in try UserRow.fetchOne(db, key: id.rawValue)?.user }
    }

    /// The user with this username key.
    public func user(usernameKey: String) async throws(StoreError) -> User? {
        try await read { db in try UserRow.filter(UserRow.Columns.usernameKey == usernameKey).fetchOne(db)?.user }
    }

    /// The user with this email address.
    public func user(email: String) async throws(StoreError) -> User? {
        try await read { db in try UserRow.filter(UserRow.Columns.email == email).fetchOne(db)?.user }
    }

    /// Replaces a user's stored fields.
    public func updateUser(_ user: User) async throws(StoreError) {
        try await write { db in
            do {
                try UserRow(user).update(db)
            } catch RecordError.recordNotFound {
                throw StoreError.notFound(entity: "user")
            }
        }
    }

    /// Deletes a user; foreign keys cascade to everything of theirs.
    public func deleteUser(id: UserID) async throws(StoreError) -> Bool {
        try await write { db in try UserRow.deleteOne(db, key: id.rawValue) }
    }

    /// The user's password hash.
    public func passwordHash(userID: UserID) async throws(StoreError) -> String? {
        try await read { db in try PasswordRow.fetchOne(db, key: userID.rawValue)?.hash }
    }

    /// Sets or replaces the user's password hash.
    public func setPasswordHash(_ hash: String, userID: UserID) async throws(StoreError) {
        try await write { db in try PasswordRow(userID: userID.rawValue, hash: hash).upsert(db) }
    }

    /// Stores a session.
    public func insertSession(_ session: SessionRecord) async throws(StoreError) {
        try await write { db in try SessionRow(session).insert(db) }
    }

    /// The session with this token hash.
    public func session(tokenHash: Data) async throws(StoreError) -> SessionRecord? {
        try await read { db in try SessionRow.fetchOne(db, key: tokenHash)?.record }
    }

    /// The user's sessions, oldest first.
    public func sessions(userID: UserID) async throws(StoreError) -> [SessionRecord] {
        try await read { db in
            try SessionRow.filter(SessionRow.Columns.userID == userID.rawValue)
                .order(SessionRow.Columns.createdAt).fetchAll(db).map(\.record)
        }
    }

    /// Removes one session.
    public func deleteSession(tokenHash: Data) async throws(StoreError) -> Bool {
        try await write { db in try SessionRow.deleteOne(db, key: tokenHash) }
    }

    /// Removes every session of the user.
    public func deleteSessions(userID: UserID) async throws(StoreError) {
        _ = try await write { db in
            try SessionRow.filter(SessionRow.Columns.userID == userID.rawValue).deleteAll(db)
        }
    }

    /// Replaces the user's tokens for the purpose with this one.
    public func replaceTokens(with token: OneTimeTokenRecord) async throws(StoreError) {
        try await write { db in
            try OneTimeTokenRow.filter(
                OneTimeTokenRow.Columns.userID == token.userID.rawValue
                    && OneTimeTokenRow.Columns.purpose == token.purpose.rawValue
            ).deleteAll(db)
            try OneTimeTokenRow(token).insert(db)
        }
    }

    /// Removes and returns the token; the write transaction makes the read and the delete one step.
    public func consumeToken(hash: Data, purpose: TokenPurpose) async throws(StoreError) -> OneTimeTokenRecord? {
        try await write { db in
            guard let row = try OneTimeTokenRow.fetchOne(db, key: hash), row.purpose == purpose.rawValue else {
                return nil
            }
            try row.delete(db)
            return row.record
        }
    }

    /// The token with this hash.
    public func token(hash: Data) async throws(StoreError) -> OneTimeTokenRecord? {
        try await read { db in try OneTimeTokenRow.fetchOne(db, key: hash)?.record }
    }

    /// The user's outstanding tokens.
    public func tokens(userID: UserID) async throws(StoreError) -> [OneTimeTokenRecord] {
        try await read { db in
            try OneTimeTokenRow.filter(OneTimeTokenRow.Columns.userID == userID.rawValue)
                .order(OneTimeTokenRow.Columns.createdAt).fetchAll(db).compactMap(\.record)
        }
    }

    /// Adds an identity link.
    public func insertIdentityLink(_ link: IdentityLink) async throws(StoreError) {
        try await write { db in try IdentityLinkRow(link).insert(db) }
    }

    /// The link for a provider's subject.
    public func identityLink(provider: String, subject: String) async throws(StoreError) -> IdentityLink? {
        try await read { db in
            try IdentityLinkRow.fetchOne(db, key: ["provider": provider, "subject": subject])?.link
        }
    }

    /// The user's identity links, oldest first.
    public func identityLinks(userID: UserID) async throws(StoreError) -> [IdentityLink] {
        try await read { db in
            try IdentityLinkRow.filter(IdentityLinkRow.Columns.userID == userID.rawValue)
                .order(IdentityLinkRow.Columns.linkedAt).fetchAll(db).map(\.link)
        }
    }

    /// Removes a link.
    public func deleteIdentityLink(provider: String, subject: String) async throws(StoreError) -> Bool {
        try await write { db in try IdentityLinkRow.deleteOne(db, key: ["provider": provider, "subject": subject]) }
    }

    /// Notes a failed sign-in.
    public func recordFailedSignIn(key: String, at date: Date) async throws(StoreError) {
        try await write { db in try FailedSignInRow(key: key, at: date.timeIntervalSinceReferenceDate).insert(db) }
    }

    /// The failed sign-ins under a key since a date.
    public func failedSignIns(key: String, since: Date) async throws(StoreError) -> [Date] {
        try await read { db in
            try FailedSignInRow.filter(
                FailedSignInRow.Columns.key == key && FailedSignInRow.Columns.at >= since.timeIntervalSinceReferenceDate
            ).order(FailedSignInRow.Columns.at).fetchAll(db).map { Date(timeIntervalSinceReferenceDate: $0.at) }
        }
    }

    /// Forgets the failed sign-ins under a key.
    public func clearFailedSignIns(key: String) async throws(StoreError) {
        _ = try await write { db in try FailedSignInRow.filter(FailedSignInRow.Columns.key == key).deleteAll(db) }
    }

    /// Forgets old failed sign-ins.
    public func pruneFailedSignIns(before date: Date) async throws(StoreError) {
        _ = try await write { db in
            try FailedSignInRow.filter(FailedSignInRow.Columns.at < date.timeIntervalSinceReferenceDate).deleteAll(db)
        }
    }
}
