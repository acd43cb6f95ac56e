import Foundation
import GRDB

/// Decodes network rows read with hand-written SQL (the feed queries need exact control of their
/// plans), and lists the columns those queries select.
enum NetworkRows {
    static let postColumns = "id, author_id, caption, filter, width, height, created_at, like_count, comment_count"
    static let notificationColumns = "id, recipient_id, actor_id, kind, post_id, comment_id, created_at, is_read"
    static let messageColumns = "id, conversation_id, sender_id, text, has_photo, created_at, read_at"
    static let conversationColumns = "id, user_a, user_b, created_at, last_message_at"

    static func date(_ value: Double) -> Date { Date(timeIntervalSinceReferenceDate: value) }

    static func post(_ row: Row) -> Post {
        Post(
            id: PostID(rawValue: row["id"]), authorID: UserID(rawValue: row["author_id"]), caption: row["caption"],
            filter: row["filter"], width: row["width"], height: row["height"], createdAt: date(row["created_at"]),
            likeCount: row["like_count"], commentCount: row["comment_count"])
    }

    static func comment(_ row: Row) -> Comment {
        Comment(
            id: CommentID(rawValue: row["id"]), postID: PostID(rawValue: row["post_id"]),
            authorID: UserID(rawValue: row["author_id"]), text: row["text"], createdAt: date(row["created_at"]))
    }

    static func notification(_ row: Row) -> NetworkNotification? {
        guard let kind = NotificationKind(rawValue: row["kind"]) else { return nil }
        return NetworkNotification(
            id: NotificationID(rawValue: row["id"]), recipientID: UserID(rawValue: row["recipient_id"]),
            actorID: UserID(rawValue: row["actor_id"]), kind: kind,
            postID: (row["post_id"] as String?).map(PostID.init(rawValue:)),
            commentID: (row["comment_id"] as String?).map(CommentID.init(rawValue:)),
            createdAt: date(row["created_at"]), isRead: row["is_read"])
    }

    static func message(_ row: Row) -> Message {
        Message(
            id: MessageID(rawValue: row["id"]), conversationID: ConversationID(rawValue: row["conversation_id"]),
            senderID: UserID(rawValue: row["sender_id"]), text: row["text"], hasPhoto: row["has_photo"],
            createdAt: date(row["created_at"]), readAt: (row["read_at"] as Double?).map(date))
    }

    static func conversation(_ row: Row) -> Conversation {
        Conversation(
            id: ConversationID(rawValue: row["id"]),
            participantIDs: [UserID(rawValue: row["user_a"]), UserID(rawValue: row["user_b"])],
            createdAt: date(row["created_at"]), lastMessageAt: date(row["last_message_at"]))
    }

    static func insert(_ notification: NetworkNotification, _ db: Database) throws {
        try db.cachedStatement(
            sql: "INSERT INTO notifications (\(notificationColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
        ).execute(arguments: [
            notification.id.rawValue, notification.recipientID.rawValue, notification.actorID.rawValue,
            notification.kind.rawValue, notification.postID?.rawValue, notification.commentID?.rawValue,
            notification.createdAt.timeIntervalSinceReferenceDate, notification.isRead,
        ])
    }

    /// The comparison and ordering of a feed query for `order`: a row-value comparison against the
    /// cursor's key, so the next page starts at an index seek rather than an offset.
    static func feedClauses(_ order: FeedOrder, alias: String) -> (after: String, orderBy: String) {
        let keys =
            order.key == .likes
            ? ["\(alias).like_count", "\(alias).created_at", "\(alias).id"] : ["\(alias).created_at", "\(alias).id"]
        let descending = order.direction == .descending
        let placeholders = keys.map { _ in "?" }.joined(separator: ", ")
        let after = "(\(keys.joined(separator: ", "))) \(descending ? "<" : ">") (\(placeholders))"
        let orderBy = keys.map { "\($0) \(descending ? "DESC" : "ASC")" }.joined(separator: ", ")
        return (after, orderBy)
    }

    static func feedArguments(_ cursor: FeedCursor, _ order: FeedOrder) -> StatementArguments {
        let tail: StatementArguments = [cursor.createdAt.timeIntervalSinceReferenceDate, cursor.postID.rawValue]
        return order.key == .likes ? [cursor.likeCount] + tail : tail
    }

    /// Completes posts into views: author, first comment and whether the viewer likes each.
    static func views(_ posts: [Post], viewerID: UserID, _ db: Database) throws -> [PostView] {
        var authors: [UserID: User] = [:]
        var views: [PostView] = []
        views.reserveCapacity(posts.count)
        for post in posts {
            let author: User
            if let known = authors[post.authorID] {
                author = known
            } else {
                guard let row = try UserRow.fetchOne(db, key: post.authorID.rawValue) else { continue }
                author = row.user
                authors[post.authorID] = author
            }
            let first = try Row.fetchOne(
                db.cachedStatement(
                    sql: "SELECT * FROM comments WHERE post_id = ? ORDER BY created_at, id LIMIT 1"),
                arguments: [post.id.rawValue]
            ).map(comment)
            let liked = try Bool.fetchOne(
                db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM post_likes WHERE post_id = ? AND user_id = ?)"),
                arguments: [post.id.rawValue, viewerID.rawValue]) ?? false
            views.append(PostView(post: post, author: author, firstComment: first, likedByViewer: liked))
        }
        return views
    }

    static func datedUsers(_ rows: [Row], _ db: Database) throws -> [DatedUser] {
        try rows.compactMap { row in
            try UserRow.fetchOne(db, key: row["user_id"] as String).map { DatedUser(user: $0.user, date: date(row["at"])) }
        }
    }
}
