import Foundation
import SocialModel

/// The share-link statements, written once for both SQL stores.
package enum ShareLinkSQL {
    static let columns = "id, post_id, created_at"

    /// How many links the post has: a store adds one only while this is below the limit, in the
    /// transaction that adds it.
    package static func count(postID: PostID) -> SQLStatement {
        "SELECT CAST(count(*) AS bigint) FROM share_links WHERE post_id = \(postID)"
    }

    package static func insert(_ link: ShareLink, tokenHash: Data) -> SQLStatement {
        """
        INSERT INTO share_links (id, post_id, token_hash, created_at) \
        VALUES (\(link.id), \(link.postID), \(tokenHash), \(link.createdAt))
        """
    }

    /// The link whose `column` (`id` or `token_hash`) is `value`.
    package static func link(where column: String, is value: some SQLBindable) -> SQLStatement {
        "SELECT \(raw: columns) FROM share_links WHERE \(raw: column) = \(value)"
    }

    /// A post's links, oldest first.
    package static func links(postID: PostID) -> SQLStatement {
        "SELECT \(raw: columns) FROM share_links WHERE post_id = \(postID) ORDER BY created_at, id"
    }

    package static func delete(id: ShareLinkID) -> SQLStatement {
        "DELETE FROM share_links WHERE id = \(id) RETURNING 1"
    }
}

extension SQLColumns {
    /// A row of ``ShareLinkSQL``'s columns.
    package mutating func shareLink() throws -> ShareLink {
        ShareLink(id: try id(), postID: try id(), createdAt: try date())
    }
}
