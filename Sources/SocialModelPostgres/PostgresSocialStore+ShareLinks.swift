import Foundation
import PostgresNIO
import SocialModel

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
            let counted = try await connection.query(
                "SELECT count(*)::bigint FROM share_links WHERE post_id = \(postID)", logger: logger
            ).collect()
            let count = try Self.decode(counted) { try $0.int() }.first ?? 0
            guard count < maximumPerPost else { return false }
            try await connection.query(
                """
                INSERT INTO share_links (id, post_id, token_hash, created_at)
                VALUES (\(link.id.rawValue), \(postID), \(tokenHash.buffer), \(link.createdAt.timeIntervalSinceReferenceDate))
                """, logger: logger)
            return true
        }
    }

    /// The link whose token has this hash.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func shareLink(tokenHash: Data) async throws(StoreError) -> ShareLink? {
        try await fetchOne(
            "SELECT id, post_id, created_at FROM share_links WHERE token_hash = \(tokenHash.buffer)", Self.shareLink)
    }

    /// The link with this id.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func shareLink(id: ShareLinkID) async throws(StoreError) -> ShareLink? {
        try await fetchOne("SELECT id, post_id, created_at FROM share_links WHERE id = \(id.rawValue)", Self.shareLink)
    }

    /// A post's links, oldest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func shareLinks(postID: PostID) async throws(StoreError) -> [ShareLink] {
        try await fetch(
            "SELECT id, post_id, created_at FROM share_links WHERE post_id = \(postID.rawValue) ORDER BY created_at, id",
            Self.shareLink)
    }

    /// Deletes a link.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteShareLink(id: ShareLinkID) async throws(StoreError) -> Bool {
        try await !rows("DELETE FROM share_links WHERE id = \(id.rawValue) RETURNING 1").isEmpty
    }

    static func shareLink(_ row: inout PostgresColumns) throws -> ShareLink {
        ShareLink(
            id: ShareLinkID(rawValue: try row.string()), postID: PostID(rawValue: try row.string()),
            createdAt: Date(timeIntervalSinceReferenceDate: try row.double()))
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
