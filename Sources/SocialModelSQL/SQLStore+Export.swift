import Foundation
import SocialModel

// A data export's reads, written once for both SQL stores.

extension ExportStore where Self: SQLBackedStore {
    /// The comments a user wrote, oldest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func comments(by authorID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError)
        -> [PostComment]
    {
        try await sql.fetch(ExportSQL.comments(by: authorID, after: after, limit: limit)) { try $0.comment() }
    }

    /// The posts a user likes, oldest like first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func postLikes(by userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [PostLike] {
        try await sql.fetch(ExportSQL.postLikes(by: userID, after: after, limit: limit)) {
            PostLike(postID: try $0.id(), likedAt: try $0.date())
        }
    }

    /// The recipes a user wrote, oldest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recipes(by authorID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [Recipe] {
        try await sql.fetch(ExportSQL.recipes(by: authorID, after: after, limit: limit)) { try $0.recipe() }
    }
}
