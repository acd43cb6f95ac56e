import Foundation
import SocialModel

/// The post and comment statements, written once for both SQL stores (a post's view and the
/// feeds keep each store's own, benchmarked text).
package enum PostSQL {
    package static func insert(_ post: Post) -> SQLStatement {
        """
        INSERT INTO posts (id, author_id, caption, filter, width, height, created_at) VALUES (\(post.id), \
        \(post.authorID), \(post.caption), \(post.filter), \(post.width), \(post.height), \(post.createdAt))
        """
    }

    package static func post(id: PostID) -> SQLStatement { "SELECT \(raw: SQLShape.post) FROM posts WHERE id = \(id)" }

    /// Deletes a post; photos, likes, comments and notifications go by cascade.
    package static func delete(id: PostID) -> SQLStatement { "DELETE FROM posts WHERE id = \(id) RETURNING 1" }

    package static func insert(_ comment: PostComment) -> SQLStatement {
        """
        INSERT INTO comments (\(raw: SQLShape.comment)) \
        VALUES (\(comment.id), \(comment.postID), \(comment.authorID), \(comment.text), \(comment.createdAt))
        """
    }

    package static func comment(id: CommentID) -> SQLStatement {
        "SELECT \(raw: SQLShape.comment) FROM comments WHERE id = \(id)"
    }

    /// A post's comments, oldest first.
    package static func comments(on postID: PostID, after: KeysetCursor?, limit: Int) -> SQLStatement {
        """
        SELECT \(raw: SQLShape.comment) FROM comments WHERE post_id = \(postID) \
        \(Keyset.after(after, "created_at", "id")) ORDER BY created_at, id LIMIT \(max(0, limit))
        """
    }

    /// Deletes a comment; its notification goes by cascade.
    package static func deleteComment(id: CommentID) -> SQLStatement {
        "DELETE FROM comments WHERE id = \(id) RETURNING 1"
    }
}
