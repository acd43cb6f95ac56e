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

    static func comment(_ row: Row) -> PostComment {
        PostComment(
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

    /// A keyset page's filter, `AND (keys) < (?, ?)` (or `>`) when there is a cursor, with the
    /// statement's arguments: the leading ones, the cursor's date and id, then the limit.
    static func keyset(
        _ keys: String, _ comparison: String, after: KeysetCursor?, leading: StatementArguments, limit: Int
    ) -> (condition: String, arguments: StatementArguments) {
        var arguments = leading
        var condition = ""
        if let after {
            condition = "AND (\(keys)) \(comparison) (?, ?)"
            arguments += [after.date.timeIntervalSinceReferenceDate, after.id]
        }
        return (condition, arguments + [max(0, limit)])
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

    /// The posts with these ids as `viewerID` sees them, in the order of `ids`, in one statement:
    /// each post joined with its author, its first comment and the viewer's like. Columns are
    /// read by position, which is markedly faster than by name for a feed's thirty rows.
    static func views(ids: [String], viewerID: UserID, _ db: Database) throws -> [PostView] {
        guard !ids.isEmpty else { return [] }
        let placeholders = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        let statement = try db.cachedStatement(
            sql: """
                SELECT p.id, p.author_id, p.caption, p.filter, p.width, p.height, p.created_at, p.like_count,
                    p.comment_count,
                    u.username, u.email, u.name, u.surname, u.bio, u.avatar, u.created_at, u.verified_at,
                    EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = ?),
                    c.id, c.author_id, c.text, c.created_at
                FROM posts p JOIN users u ON u.id = p.author_id
                LEFT JOIN comments c
                    ON c.id = (SELECT id FROM comments WHERE post_id = p.id ORDER BY created_at, id LIMIT 1)
                WHERE p.id IN (\(placeholders))
                """)
        var byID: [String: PostView] = [:]
        let rows = try Row.fetchCursor(statement, arguments: StatementArguments([viewerID.rawValue] + ids))
        while let row = try rows.next() {
            let postID: String = row[0]
            let authorID = UserID(rawValue: row[1])
            let post = Post(
                id: PostID(rawValue: postID), authorID: authorID, caption: row[2], filter: row[3], width: row[4],
                height: row[5], createdAt: date(row[6]), likeCount: row[7], commentCount: row[8])
            let author = User(
                id: authorID, username: row[9], email: row[10], name: row[11], surname: row[12], bio: row[13],
                avatar: row[14], createdAt: date(row[15]), verifiedAt: (row[16] as Double?).map(date))
            var first: PostComment?
            if let commentID = row[18] as String? {
                first = PostComment(
                    id: CommentID(rawValue: commentID), postID: post.id, authorID: UserID(rawValue: row[19]),
                    text: row[20], createdAt: date(row[21]))
            }
            byID[postID] = PostView(post: post, author: author, firstComment: first, likedByViewer: row[17])
        }
        return ids.compactMap { byID[$0] }
    }

    static func datedUsers(_ rows: [Row], _ db: Database) throws -> [DatedUser] {
        try rows.compactMap { row in
            try UserRow.fetchOne(db, key: row["user_id"] as String).map {
                DatedUser(user: $0.user, date: date(row["at"]))
            }
        }
    }
}
