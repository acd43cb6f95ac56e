import Foundation
import SocialModel

// MARK: HashtagStore
extension BrokenStore {
    func insertPost(_ post: Post, photos: [PostPhoto], hashtags: [String], mentions: [NetworkNotification])
        async throws(StoreError)
    {
        try await base.insertPost(post, photos: photos, hashtags: hashtags, mentions: mentions)
    }
    func insertComment(_ comment: PostComment, notifications: [NetworkNotification]) async throws(StoreError) {
        try await base.insertComment(comment, notifications: notifications)
    }
    func users(usernameKeys: [String]) async throws(StoreError) -> [User] {
        try await base.users(usernameKeys: usernameKeys)
    }
    func posts(taggedWith hashtag: String, viewerID: UserID, after: FeedCursor?, limit: Int) async throws(StoreError)
        -> [PostView]
    {
        try await base.posts(taggedWith: hashtag, viewerID: viewerID, after: after, limit: limit)
    }
    func hashtags(prefix: String, after: String?, limit: Int) async throws(StoreError) -> [HashtagSummary] {
        try await base.hashtags(prefix: prefix, after: after, limit: limit)
    }
}
