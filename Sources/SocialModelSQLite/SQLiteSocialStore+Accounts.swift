import Foundation
import GRDB
import SocialModel
import SocialModelSQL

extension SQLiteSocialStore: AccountStore {
    /// Deletes a user; foreign keys cascade to everything of theirs, and the mail queued for their
    /// address leaves the outbox with them.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteUser(id: UserID) async throws(StoreError) -> Bool {
        try await write { db in
            try Self.deleteQueuedMail(ofUser: id, db)
            let existed = try db.execute("DELETE FROM users WHERE id = \(id)") > 0
            // Their member rows went with them; a conversation with no member left goes too.
            try db.execute(AccountSQL.deleteAbandonedConversations(of: id))
            return existed
        }
    }
}

extension SQLiteSocialStore: SessionStore {
    /// The session with this token hash and its user, in one read.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func sessionWithUser(tokenHash: Data) async throws(StoreError) -> (session: SessionRecord, user: User)? {
        try await fetchOne("\(SQLShape.sessionWithUser) WHERE s.token_hash = ?", [tokenHash]) {
            try $0.sessionWithUser()
        }
    }
}
