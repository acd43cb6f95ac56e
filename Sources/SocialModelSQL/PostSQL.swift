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

    /// A post with its held flag (``HeldContentSQL``), its comment count without held comments.
    package static func post(id: PostID) -> SQLStatement {
        "SELECT \(raw: postColumns), \(raw: HeldContentSQL.held(.post, "posts.id")) FROM posts WHERE id = \(id)"
    }

    static let postColumns = SQLShape.post("posts")

    /// Deletes a post; photos, likes, comments and notifications go by cascade.
    package static func delete(id: PostID) -> SQLStatement { "DELETE FROM posts WHERE id = \(id) RETURNING 1" }

    package static func insert(_ comment: PostComment) -> SQLStatement {
        """
        INSERT INTO comments (\(raw: SQLShape.comment)) \
        VALUES (\(comment.id), \(comment.postID), \(comment.authorID), \(comment.text), \(comment.createdAt))
        """
    }

    /// A comment with its held flag.
    package static func comment(id: CommentID) -> SQLStatement {
        "SELECT \(raw: SQLShape.comment), \(raw: heldComment) FROM comments WHERE id = \(id)"
    }

    static let heldComment = HeldContentSQL.held(.comment, "comments.id")

    /// A post's comments with their held flags, oldest first.
    package static func comments(on postID: PostID, after: KeysetCursor?, limit: Int) -> SQLStatement {
        """
        SELECT \(raw: SQLShape.comment), \(raw: heldComment) FROM comments WHERE post_id = \(postID) \
        \(Keyset.after(after, "created_at", "id")) ORDER BY created_at, id LIMIT \(max(0, limit))
        """
    }

    /// Deletes a comment; its notification goes by cascade.
    package static func deleteComment(id: CommentID) -> SQLStatement {
        "DELETE FROM comments WHERE id = \(id) RETURNING 1"
    }
}
