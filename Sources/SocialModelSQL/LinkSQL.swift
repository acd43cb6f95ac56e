import Foundation
import SocialModel

/// A link between two rows — a follow, a like, a block, a mute — and its statements, written
/// once for both SQL stores. Each link table is keyed by (``from``, ``to``) and indexed on
/// (``from``, date, ``to``) for its newest-first lists.
package struct LinkSQL: Sendable {
    package let table: String
    package let from: String
    package let to: String
    /// The column holding when the link was made.
    package let date: String

    package static let follows = LinkSQL(table: "follows", from: "follower_id", to: "followee_id")
    /// A user's followers: follows read from the followee's side.
    package static let followers = LinkSQL(table: "follows", from: "followee_id", to: "follower_id")
    package static let postLikes = LinkSQL(table: "post_likes", from: "post_id", to: "user_id")
    package static let recipeLikes = LinkSQL(table: "recipe_likes", from: "recipe_id", to: "user_id", date: "liked_at")
    package static let blocks = LinkSQL(table: SafetySQL.blocks, from: "blocker_id", to: "blocked_id")
    package static let mutes = LinkSQL(table: SafetySQL.mutes, from: "muter_id", to: "muted_id")

    package init(table: String, from: String, to: String, date: String = "created_at") {
        (self.table, self.from, self.to, self.date) = (table, from, to, date)
    }

    /// Adds the link unless it exists (a primary key, so racing callers add it once); returns a
    /// row only when added.
    package func add(_ from: String, _ to: String, at date: Date) -> SQLStatement {
        """
        INSERT INTO \(raw: table) (\(raw: self.from), \(raw: self.to), \(raw: self.date)) \
        VALUES (\(from), \(to), \(date)) ON CONFLICT DO NOTHING RETURNING 1
        """
    }

    /// Removes the link; returns a row when there was one.
    package func remove(_ from: String, _ to: String) -> SQLStatement {
        "DELETE FROM \(raw: table) WHERE \(raw: self.from) = \(from) AND \(raw: self.to) = \(to) RETURNING 1"
    }

    /// Whether the link exists.
    package func exists(_ from: String, _ to: String) -> SQLStatement {
        "SELECT EXISTS (SELECT 1 FROM \(raw: table) WHERE \(raw: self.from) = \(from) AND \(raw: self.to) = \(to))"
    }

    /// Of the candidates, those linked to `to` (a followee's followers among them), in one query.
    package func linked(to: String, among candidates: [String]) -> SQLStatement {
        """
        SELECT c.id FROM \(table: candidates) c \
        WHERE EXISTS (SELECT 1 FROM \(raw: table) WHERE \(raw: from) = c.id AND \(raw: self.to) = \(to))
        """
    }

    /// The users linked from `id`, newest link first (keyset-paged by date and user), each row a
    /// user, the link's date, then `extra` columns of the link (aliased `l`).
    package func users(of id: String, after: KeysetCursor?, limit: Int, extra: String = "") -> SQLStatement {
        """
        SELECT \(raw: SQLShape.qualified(SQLShape.user, "u")), l.\(raw: date)\(raw: extra.isEmpty ? "" : ", " + extra) \
        FROM \(raw: table) l JOIN users u ON u.id = l.\(raw: to) WHERE l.\(raw: from) = \(id) \
        \(Keyset.before(after, "l.\(date)", "l.\(to)")) ORDER BY l.\(raw: date) DESC, l.\(raw: to) DESC \
        LIMIT \(max(0, limit))
        """
    }
}

/// Keyset paging, written once: a page after a cursor continues strictly past its (date, id).
package enum Keyset {
    /// `AND (date, id) < (cursor)` for a newest-first page, nothing without a cursor.
    package static func before(_ cursor: KeysetCursor?, _ date: String, _ id: String) -> SQLStatement {
        guard let cursor else { return "" }
        return "AND (\(raw: date), \(raw: id)) < (\(cursor.date), \(cursor.id))"
    }

    /// `AND (date, id) > (cursor)` for an oldest-first page, nothing without a cursor.
    package static func after(_ cursor: KeysetCursor?, _ date: String, _ id: String) -> SQLStatement {
        guard let cursor else { return "" }
        return "AND (\(raw: date), \(raw: id)) > (\(cursor.date), \(cursor.id))"
    }
}

/// The notification statements every store shares, and the one place that says which stored
/// notifications an undone action takes back (`NetworkNotification.matches(_:)`, in SQL).
package enum NotificationSQL {
    package static func insert(_ notification: NetworkNotification) -> SQLStatement {
        """
        INSERT INTO notifications (\(raw: SQLShape.notification)) VALUES (\(notification.id), \
        \(notification.recipientID), \(notification.actorID), \(notification.kind.rawValue), \(notification.postID), \
        \(notification.commentID), \(notification.createdAt), \(notification.isRead))
        """
    }

    /// Deletes the notifications `notification` matches: same recipient, actor, kind and post.
    package static func deleteMatching(_ notification: NetworkNotification) -> SQLStatement {
        // Two texts rather than `IS NOT DISTINCT FROM`, which SQLite has only since 3.39.
        guard let postID = notification.postID else {
            return """
                DELETE FROM notifications WHERE recipient_id = \(notification.recipientID) \
                AND actor_id = \(notification.actorID) AND kind = \(notification.kind.rawValue) AND post_id IS NULL
                """
        }
        return """
            DELETE FROM notifications WHERE recipient_id = \(notification.recipientID) \
            AND actor_id = \(notification.actorID) AND kind = \(notification.kind.rawValue) AND post_id = \(postID)
            """
    }
}
