import Foundation
import GRDB
import SocialModel
import SocialModelSQL

extension SQLiteSocialStore: ShareLinkStore {
    /// Adds a link unless its post has `maximumPerPost` already: the count and the insert run in
    /// one write transaction, and SQLite runs those one at a time.
    ///
    /// - Throws: `StoreError/missingReference` if the post does not exist, `StoreError/duplicate(_:)`.
    public func insertShareLink(_ link: ShareLink, tokenHash: Data, maximumPerPost: Int) async throws(StoreError)
        -> Bool
    {
        try await write { db in
            let count = try db.fetch(ShareLinkSQL.count(postID: link.postID)) { try $0.int() }.first ?? 0
            guard count < maximumPerPost else {
                // A missing post still answers missingReference, as the insert would.
                guard try db.fetch("SELECT 1 FROM posts WHERE id = \(link.postID)", { _ in () }).isEmpty else {
                    return false
                }
                throw StoreError.missingReference
            }
            try db.execute(ShareLinkSQL.insert(link, tokenHash: tokenHash))
            return true
        }
    }

    /// The link whose token has this hash.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func shareLink(tokenHash: Data) async throws(StoreError) -> ShareLink? {
        try await fetchOne(ShareLinkSQL.link(where: "token_hash", is: tokenHash)) { try $0.shareLink() }
    }

    /// The link with this id.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func shareLink(id: ShareLinkID) async throws(StoreError) -> ShareLink? {
        try await fetchOne(ShareLinkSQL.link(where: "id", is: id)) { try $0.shareLink() }
    }

    /// A post's links, oldest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func shareLinks(postID: PostID) async throws(StoreError) -> [ShareLink] {
        try await fetch(ShareLinkSQL.links(postID: postID)) { try $0.shareLink() }
    }

    /// Deletes a link.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteShareLink(id: ShareLinkID) async throws(StoreError) -> Bool {
        try await changeCount(ShareLinkSQL.delete(id: id)) > 0
    }

    /// Share links, keyed by their tokens' SHA-256 (unique); a deleted post takes its links along.
    static let shareLinksSchema = """
        CREATE TABLE share_links (
            id TEXT NOT NULL PRIMARY KEY,
            post_id TEXT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
            token_hash BLOB NOT NULL UNIQUE,
            created_at REAL NOT NULL);
        CREATE INDEX share_links_by_post ON share_links(post_id, created_at, id);
        """
}
