import Foundation
import PostgresNIO
import SocialModel
import SocialModelSQL

extension PostgresSocialStore: ShareLinkStore {
    /// Adds a link unless its post has `maximumPerPost` already, in one transaction that first
    /// locks the post's row, so two instances adding links to one post at once count one after
    /// the other.
    ///
    /// - Throws: `StoreError/missingReference` if the post does not exist, `StoreError/duplicate(_:)`.
    public func insertShareLink(_ link: ShareLink, tokenHash: Data, maximumPerPost: Int) async throws(StoreError)
        -> Bool
    {
        let postID = link.postID.rawValue
        return try await transaction { connection in
            let locked = try await connection.query(
                "SELECT 1 FROM posts WHERE id = \(postID) FOR NO KEY UPDATE", logger: logger
            ).collect()
            guard !locked.isEmpty else { throw StoreError.missingReference }
            let counted = try await connection.query(ShareLinkSQL.count(postID: link.postID), logger: logger)
            guard try Self.decode(counted, { try $0.int() }).first ?? 0 < maximumPerPost else { return false }
            try await connection.query(ShareLinkSQL.insert(link, tokenHash: tokenHash), logger: logger)
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
        try await rowCount(ShareLinkSQL.delete(id: id)) > 0
    }

}

extension PostgresSchema {
    /// Share links, keyed by their tokens' SHA-256 (unique); a deleted post takes its links along.
    static let shareLinks = Migration(
        version: "v8-share-links",
        statements: [
            """
            CREATE TABLE share_links (
                id text COLLATE "C" CONSTRAINT share_links_pkey PRIMARY KEY,
                post_id text COLLATE "C" NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
                token_hash bytea NOT NULL CONSTRAINT share_links_token_hash_key UNIQUE,
                created_at double precision NOT NULL
            )
            """,
            "CREATE INDEX share_links_by_post ON share_links (post_id, created_at, id)",
        ])
}
