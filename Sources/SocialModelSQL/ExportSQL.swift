import Foundation
import SocialModel

/// The statements of a data export's own reads (`ExportStore`), written once for both SQL stores:
/// one user's items, oldest first, a keyset page at a time.
package enum ExportSQL {
    package static func comments(by authorID: UserID, after: KeysetCursor?, limit: Int) -> SQLStatement {
        """
        SELECT \(raw: SQLShape.comment) FROM comments WHERE author_id = \(authorID) \
        \(Keyset.after(after, "created_at", "id")) ORDER BY created_at, id LIMIT \(max(0, limit))
        """
    }

    package static func postLikes(by userID: UserID, after: KeysetCursor?, limit: Int) -> SQLStatement {
        """
        SELECT post_id, created_at FROM post_likes WHERE user_id = \(userID) \
        \(Keyset.after(after, "created_at", "post_id")) ORDER BY created_at, post_id LIMIT \(max(0, limit))
        """
    }

    package static func recipes(by authorID: UserID, after: KeysetCursor?, limit: Int) -> SQLStatement {
        """
        SELECT \(raw: SQLShape.recipe) FROM recipes WHERE author_id = \(authorID) \
        \(Keyset.after(after, "created_at", "id")) ORDER BY created_at, id LIMIT \(max(0, limit))
        """
    }
}
