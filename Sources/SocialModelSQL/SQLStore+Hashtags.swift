import Foundation
import SocialModel

// The hashtag and mention requirements, written once for both SQL stores (`HashtagSQL`).

extension HashtagStore where Self: SQLBackedStore {
    /// Adds a post, its photos, its index rows and its mentions in one transaction, announcing the
    /// post and each mention to other processes.
    ///
    /// - Throws: `StoreError/missingReference` if the author or a mentioned user does not exist,
    ///   `StoreError/duplicate(_:)`.
    public func insertPost(_ post: Post, photos: [PostPhoto], hashtags: [String], mentions: [NetworkNotification])
        async throws(StoreError)
    {
        try await sql.transaction(sql.inserting(post, photos: photos, hashtags: hashtags, mentions: mentions))
    }

    /// Adds a comment and its notifications in one transaction, announcing each.
    ///
    /// - Throws: `StoreError/missingReference` if the post, the author or a recipient does not exist.
    public func insertComment(_ comment: PostComment, notifications: [NetworkNotification]) async throws(StoreError) {
        try await sql.transaction(sql.inserting(comment, notifications: notifications))
    }

    /// The users with these username keys.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func users(usernameKeys: [String]) async throws(StoreError) -> [User] {
        guard !usernameKeys.isEmpty else { return [] }
        return try await sql.fetch(HashtagSQL.users(usernameKeys: usernameKeys)) { try $0.user() }
    }

    /// A hashtag's posts, newest first, as the viewer sees them.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func posts(taggedWith hashtag: String, viewerID: UserID, after: FeedCursor?, limit: Int)
        async throws(StoreError) -> [PostView]
    {
        try await sql.fetch(HashtagSQL.posts(taggedWith: hashtag, viewerID: viewerID, after: after, limit: limit)) {
            try $0.postView()
        }
    }

    /// Hashtags by key prefix, with their post counts.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func hashtags(prefix: String, after: String?, limit: Int) async throws(StoreError) -> [HashtagSummary] {
        try await sql.fetch(HashtagSQL.search(prefix: prefix, after: after, limit: limit)) {
            HashtagSummary(name: try $0.string(), postCount: try $0.int())
        }
    }

}

extension SQLExecutor {
    /// The statements that add a post with its photos, index rows and mentions, then announce the
    /// post and each mention to other processes: the one way both SQL stores add a post.
    package func inserting(_ post: Post, photos: [PostPhoto], hashtags: [String], mentions: [NetworkNotification])
        -> [SQLStatement]
    {
        let photos = photos.map { PhotoSQL.posts.insert(post.id.rawValue, size: $0.size, jpeg: $0.jpeg) }
        let index = hashtags.isEmpty ? [] : [HashtagSQL.index(post, hashtags: hashtags)]
        let statements = [PostSQL.insert(post)] + photos + index + mentions.map(NotificationSQL.insert)
        return announcing(.post(post.id), after: statements)
            + mentions.compactMap { announcement(.notification($0.id)) }
    }

    /// The statements that add a comment with its notifications, then announce each: the one way
    /// both SQL stores add a comment.
    package func inserting(_ comment: PostComment, notifications: [NetworkNotification]) -> [SQLStatement] {
        [PostSQL.insert(comment)] + notifications.map(NotificationSQL.insert)
            + notifications.compactMap { announcement(.notification($0.id)) }
    }
}
