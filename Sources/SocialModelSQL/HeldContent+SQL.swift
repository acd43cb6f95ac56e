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
        "COALESCE((SELECT true FROM reports hr WHERE \(holds(kind)) AND hr.target_id = \(column) LIMIT 1), false)"
    }

    /// The condition on `reports hr` that it is an open hold of content of `kind`.
    static func holds(_ kind: ReportTarget.Kind) -> String {
        """
        hr.target_kind = '\(kind.rawValue)' AND hr.outcome IS NULL AND hr.reason = '\(ReportReason.contentCheck.rawValue)'
        """
    }

    /// The comment count of the post aliased `alias` (its `comment_count` column) less its held
    /// comments. A held comment counts for no one, its author included, so a count stays one
    /// value per post and a feed's statement keeps the viewer's like as its only per-viewer part.
    /// Counting a post's held comments walks its comments (a probe of the holds each, about
    /// 0.045 ms for a post of 10 on PostgreSQL), so it is skipped, in the same statement, for a
    /// post without comments and whenever no comment is held at all: one probe of the open
    /// reports' target index per statement (its `ORDER BY` keeps PostgreSQL on that index rather
    /// than reading every report, closed ones included, when it expects holds to be common).
    package static func commentCount(_ alias: String) -> String {
        """
        \(alias).comment_count - CASE WHEN \(alias).comment_count = 0 \
        OR (SELECT true FROM reports hr WHERE \(holds(.comment)) ORDER BY hr.target_kind, hr.target_id LIMIT 1) \
        IS NULL THEN 0 \
        ELSE (SELECT count(*) FROM comments hc JOIN reports hr ON \(holds(.comment)) AND hr.target_id = hc.id \
        WHERE hc.post_id = \(alias).id) END
        """
    }

    /// A post's view's held flags, after its other columns: the post's, then its first comment's.
    package static let viewColumns = "\(held(.post, "p.id")), \(held(.comment, "fc.id"))"
}

extension SQLColumns {
    /// A post from ``SQLShape/post(_:)`` followed by its held flag.
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
