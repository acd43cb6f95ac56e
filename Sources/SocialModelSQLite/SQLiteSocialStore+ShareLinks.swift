import Foundation
import GRDB
import SocialModel

extension SQLiteSocialStore: ShareLinkStore {
    /// Adds a link unless its post has `maximumPerPost` already: the count and the insert run in
    /// one write transaction, and SQLite runs those one at a time.
    ///
    /// - Throws: `StoreError/missingReference` if the post does not exist, `StoreError/duplicate(_:)`.
    public func insertShareLink(_ link: ShareLink, tokenHash: Data, maximumPerPost: Int) async throws(StoreError)
        -> Bool
    {
        try await write { db in
            let count =
                try Int.fetchOne(
                    db.cachedStatement(sql: "SELECT count(*) FROM share_links WHERE post_id = ?"),
                    arguments: [link.postID.rawValue]) ?? 0
            guard count < maximumPerPost else {
                // A missing post still answers missingReference, as the insert would.
                guard
                    try Bool.fetchOne(db, sql: "SELECT 1 FROM posts WHERE id = ?", arguments: [link.postID.rawValue])
                        ?? false
                else { throw StoreError.missingReference }
                return false
            }
            try db.cachedStatement(
                sql: "INSERT INTO share_links (id, post_id, token_hash, created_at) VALUES (?, ?, ?, ?)"
            ).execute(arguments: [
                link.id.rawValue, link.postID.rawValue, tokenHash, link.createdAt.timeIntervalSinceReferenceDate,
            ])
            return true
        }
    }

    /// The link whose token has this hash.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func shareLink(tokenHash: Data) async throws(StoreError) -> ShareLink? {
        try await fetchOne(
            "SELECT id, post_id, created_at FROM share_links WHERE token_hash = ?", [tokenHash], Self.shareLink)
    }

    /// The link with this id.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func shareLink(id: ShareLinkID) async throws(StoreError) -> ShareLink? {
        try await fetchOne(
            "SELECT id, post_id, created_at FROM share_links WHERE id = ?", [id.rawValue], Self.shareLink)
    }

    /// A post's links, oldest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func shareLinks(postID: PostID) async throws(StoreError) -> [ShareLink] {
        try await fetch(
            "SELECT id, post_id, created_at FROM share_links WHERE post_id = ? ORDER BY created_at, id",
            [postID.rawValue], Self.shareLink)
    }

    /// Deletes a link.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteShareLink(id: ShareLinkID) async throws(StoreError) -> Bool {
        try await changeCount("DELETE FROM share_links WHERE id = ?", [id.rawValue]) > 0
    }

    @Sendable static func shareLink(_ row: inout SQLiteRow) throws -> ShareLink {
        ShareLink(
            id: ShareLinkID(rawValue: try row.string()), postID: PostID(rawValue: try row.string()),
            createdAt: Date(timeIntervalSinceReferenceDate: try row.double()))
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
