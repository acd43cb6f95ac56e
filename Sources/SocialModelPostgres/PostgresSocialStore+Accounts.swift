import Foundation
import PostgresNIO
import SocialModel
import SocialModelSQL

extension PostgresSocialStore: AccountStore {
    /// Deletes a user; foreign keys cascade to everything of theirs but their conversations, which
    /// stay with the other participant unless that one's account is gone too, and the mail queued
    /// for their address leaves the outbox with them. Announces the end of their sessions to the
    /// event relays of other processes.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteUser(id: UserID) async throws(StoreError) -> Bool {
        try await transaction { connection in
            // Locked in id order, so that of two participants deleted at once the second sees the
            // first's member row gone and deletes the conversation neither has any more.
            try await connection.query(
                """
                SELECT 1 FROM conversations WHERE user_a = \(id.rawValue) OR user_b = \(id.rawValue)
                ORDER BY id FOR UPDATE
                """, logger: logger)
            let deleted = try await connection.query(
                "DELETE FROM users WHERE id = \(id.rawValue) RETURNING email", logger: logger
            ).collect()
            guard !deleted.isEmpty else { return false }
            if let address = try Self.decode(deleted, { try $0.optionalString() }).first ?? nil {
                try await deleteQueuedMail(for: address, connection)
            }
            try await connection.query(AccountSQL.deleteAbandonedConversations(of: id), logger: logger)
            try await connection.query(
                announce(.revocation(SessionRevocation(userID: id, scope: .all))), logger: logger)
            return true
        }
    }
}

extension PostgresSocialStore: SessionStore {
    /// The session with this token hash and its user, in one read.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func sessionWithUser(tokenHash: Data) async throws(StoreError) -> (session: SessionRecord, user: User)? {
        try await fetch(SessionWithUserShape.statement(tokenHash: tokenHash.buffer)) {
            try $0.sessionWithUser()
        }.first
    }

    /// Removes one session, announcing it to the event relays of other processes.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteSession(tokenHash: Data) async throws(StoreError) -> Bool {
        try await transaction { connection in
            let deleted = try await connection.query(AccountSQL.deleteSession(tokenHash: tokenHash), logger: logger)
            guard let row = deleted.first else { return false }
            var columns = PostgresColumns(row)
            let userID = UserID(rawValue: try columns.string())
            try await connection.query(
                announce(.revocation(SessionRevocation(userID: userID, scope: .session(tokenHash: tokenHash)))),
                logger: logger)
            return true
        }
    }
}
