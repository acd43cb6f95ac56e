import Foundation
import SocialModel

// MARK: ExportStore
extension BrokenStore {
    func comments(by authorID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [PostComment] {
        try await base.comments(by: authorID, after: after, limit: limit)
    }
    func postLikes(by userID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [PostLike] {
        try await base.postLikes(by: userID, after: after, limit: limit)
    }
    func recipes(by authorID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError) -> [Recipe] {
        try await base.recipes(by: authorID, after: after, limit: limit)
    }
}
