import Foundation
import SocialModel

/// Whether a content check holds a row, written once for both SQL stores. A hold is an open
/// report with the reason `content-check` (``ReportReason/contentCheck``), so a moderator's
/// decision about it closes it like any report and the content shows again (dismissed) or is gone
/// (removed): no table or state of its own. The stores only read the flag with each post, comment
/// and message; who is shown held content is decided by SocialModel's services.
package enum HeldContentSQL {
    /// A column that is true when the row whose id is in `column` (a post's, comment's or
    /// message's) is held: one probe of the open reports' target index per row (a scalar
    /// subquery, for the reason `PostgresSocialStore.viewColumns` gives for likes).
    /// - Parameters:
    ///   - kind: the kind of content.
    ///   - column: the column holding its id.
    package static func held(_ kind: ReportTarget.Kind, _ column: String) -> String {
        """
        COALESCE((SELECT true FROM reports hr WHERE hr.target_kind = '\(kind.rawValue)' \
        AND hr.target_id = \(column) AND hr.outcome IS NULL \
        AND hr.reason = '\(ReportReason.contentCheck.rawValue)' LIMIT 1), false)
        """
    }

    /// A post's view's held flags, after its other columns: the post's, then its first comment's.
    package static let viewColumns = "\(held(.post, "p.id")), \(held(.comment, "fc.id"))"
}

extension SQLColumns {
    /// A post from ``SQLShape/post`` followed by its held flag.
    package mutating func heldPost() throws -> Post {
        var post = try post()
        post.held = try bool()
        return post
    }

    /// A comment from ``SQLShape/comment`` followed by its held flag.
    package mutating func heldComment() throws -> PostComment {
        var comment = try comment()
        comment.held = try bool()
        return comment
    }

    /// A message from ``SQLShape/message`` followed by its held flag.
    package mutating func heldMessage() throws -> Message {
        var message = try message()
        message.held = try bool()
        return message
    }
}
