import Foundation
import PostgresNIO
import SocialModel

// Column lists and decoding of the network's rows (see PostgresRows for the conventions).

enum PostColumns {
    static let list =
        "p.id, p.author_id, p.caption, p.filter, p.width, p.height, p.created_at, p.like_count, p.comment_count"

    static func decode(_ row: PostgresRow) throws(StoreError) -> Post {
        let (id, authorID, caption, filter, width, height, createdAt, likes, comments) = try row.columns(
            (String, String, String, String?, Int, Int, Double, Int, Int).self)
        return Post(
            id: PostID(rawValue: id), authorID: UserID(rawValue: authorID), caption: caption, filter: filter,
            width: width, height: height, createdAt: Date(timeIntervalSinceReferenceDate: createdAt), likeCount: likes,
            commentCount: comments)
    }
}

enum CommentColumns {
    static let list = "id, post_id, author_id, text, created_at"

    static func decode(_ row: PostgresRow) throws(StoreError) -> PostComment {
        let (id, postID, authorID, text, createdAt) = try row.columns((String, String, String, String, Double).self)
        return PostComment(
            id: CommentID(rawValue: id), postID: PostID(rawValue: postID), authorID: UserID(rawValue: authorID),
            text: text, createdAt: Date(timeIntervalSinceReferenceDate: createdAt))
    }
}

enum NotificationColumns {
    static let list = "id, recipient_id, actor_id, kind, post_id, comment_id, created_at, is_read"

    /// A notification, or `nil` for a kind this version does not know.
    static func decode(_ row: PostgresRow) throws(StoreError) -> NetworkNotification? {
        let (id, recipientID, actorID, kind, postID, commentID, createdAt, isRead) = try row.columns(
            (String, String, String, String, String?, String?, Double, Bool).self)
        guard let kind = NotificationKind(rawValue: kind) else { return nil }
        return NetworkNotification(
            id: NotificationID(rawValue: id), recipientID: UserID(rawValue: recipientID),
            actorID: UserID(rawValue: actorID), kind: kind, postID: postID.map(PostID.init(rawValue:)),
            commentID: commentID.map(CommentID.init(rawValue:)),
            createdAt: Date(timeIntervalSinceReferenceDate: createdAt), isRead: isRead)
    }

    static func insert(_ notification: NetworkNotification) -> PostgresQuery {
        """
        INSERT INTO notifications (\(unescaped: list))
        VALUES (\(notification.id.rawValue), \(notification.recipientID.rawValue), \(notification.actorID.rawValue),
                \(notification.kind.rawValue), \(notification.postID?.rawValue), \(notification.commentID?.rawValue),
                \(notification.createdAt.timeIntervalSinceReferenceDate), \(notification.isRead))
        """
    }
}

enum MessageColumns {
    static let list = "id, conversation_id, sender_id, text, has_photo, created_at, read_at"

    static func decode(_ row: PostgresRow) throws(StoreError) -> Message {
        let (id, conversationID, senderID, text, hasPhoto, createdAt, readAt) = try row.columns(
            (String, String, String, String, Bool, Double, Double?).self)
        return Message(
            id: MessageID(rawValue: id), conversationID: ConversationID(rawValue: conversationID),
            senderID: UserID(rawValue: senderID), text: text, hasPhoto: hasPhoto,
            createdAt: Date(timeIntervalSinceReferenceDate: createdAt),
            readAt: readAt.map(Date.init(timeIntervalSinceReferenceDate:)))
    }
}

enum ConversationColumns {
    static let list = "c.id, c.user_a, c.user_b, c.created_at, c.last_message_at"

    static func decode(_ row: PostgresRow) throws(StoreError) -> Conversation {
        let (id, userA, userB, createdAt, lastMessageAt) = try row.columns(
            (String, String, String, Double, Double).self)
        return Conversation(
            id: ConversationID(rawValue: id), participantIDs: [UserID(rawValue: userA), UserID(rawValue: userB)],
            createdAt: Date(timeIntervalSinceReferenceDate: createdAt),
            lastMessageAt: Date(timeIntervalSinceReferenceDate: lastMessageAt))
    }
}

/// A user with a date (a follow or a like), read as the user's columns then the date.
enum DatedUserColumns {
    static let list = "u.id, u.username, u.email, u.name, u.surname, u.bio, u.avatar, u.created_at, u.verified_at"

    static func decode(_ row: PostgresRow) throws(StoreError) -> DatedUser {
        let (id, username, email, name, surname, bio, avatar, createdAt, verifiedAt, at) = try row.columns(
            (String, String, String?, String, String, String, String?, Double, Double?, Double).self)
        let user = User(
            id: UserID(rawValue: id), username: username, email: email, name: name, surname: surname, bio: bio,
            avatar: avatar, createdAt: Date(timeIntervalSinceReferenceDate: createdAt),
            verifiedAt: verifiedAt.map(Date.init(timeIntervalSinceReferenceDate:)))
        return DatedUser(user: user, date: Date(timeIntervalSinceReferenceDate: at))
    }
}

/// A post as its viewer sees it, in one row: the post, its author, its first comment and whether
/// the viewer likes it, joined in the same query so a page is one round trip.
enum PostViewColumns {
    /// The columns, for a query whose posts are aliased `p`; `viewer` is the bound viewer id.
    static func list(viewer: String) -> String {
        """
        \(PostColumns.list), \(DatedUserColumns.list), fc.id, fc.author_id, fc.text, fc.created_at,
        EXISTS (SELECT 1 FROM post_likes pl WHERE pl.post_id = p.id AND pl.user_id = \(viewer))
        """
    }

    /// The joins that go with ``list(viewer:)``, after `FROM posts p`.
    static let joins = """
        JOIN users u ON u.id = p.author_id
        LEFT JOIN LATERAL (
            SELECT c.id, c.author_id, c.text, c.created_at FROM comments c
            WHERE c.post_id = p.id ORDER BY c.created_at, c.id LIMIT 1
        ) fc ON true
        """

    static func decode(_ row: PostgresRow) throws(StoreError) -> PostView {
        let (
            id, authorID, caption, filter, width, height, createdAt, likes, comments,
            userID, username, email, name, surname, bio, avatar, userCreatedAt, verifiedAt,
            commentID, commentAuthorID, commentText, commentCreatedAt, liked
        ) = try row.columns(
            (
                String, String, String, String?, Int, Int, Double, Int, Int,
                String, String, String?, String, String, String, String?, Double, Double?,
                String?, String?, String?, Double?, Bool
            ).self)
        let post = Post(
            id: PostID(rawValue: id), authorID: UserID(rawValue: authorID), caption: caption, filter: filter,
            width: width, height: height, createdAt: Date(timeIntervalSinceReferenceDate: createdAt), likeCount: likes,
            commentCount: comments)
        let author = User(
            id: UserID(rawValue: userID), username: username, email: email, name: name, surname: surname, bio: bio,
            avatar: avatar, createdAt: Date(timeIntervalSinceReferenceDate: userCreatedAt),
            verifiedAt: verifiedAt.map(Date.init(timeIntervalSinceReferenceDate:)))
        var first: PostComment?
        if let commentID, let commentAuthorID, let commentText, let commentCreatedAt {
            first = PostComment(
                id: CommentID(rawValue: commentID), postID: post.id, authorID: UserID(rawValue: commentAuthorID),
                text: commentText, createdAt: Date(timeIntervalSinceReferenceDate: commentCreatedAt))
        }
        return PostView(post: post, author: author, firstComment: first, likedByViewer: liked)
    }
}

/// SQL text with numbered parameters, for queries whose clauses depend on the request (a cursor
/// or not, one sort key or another). Values are always bound, never spliced into the text.
struct SQLBuilder {
    var sql = ""
    var bindings = PostgresBindings()

    /// Binds a value and returns its placeholder (`$n`).
    mutating func bind(_ value: some PostgresNonThrowingEncodable) -> String {
        bindings.append(value)
        return "$\(bindings.count)"
    }

    var query: PostgresQuery { PostgresQuery(unsafeSQL: sql, binds: bindings) }

    /// `AND (date, id) < (…)` (or `>` when `ascending`) for a keyset cursor, or nothing without one.
    mutating func keyset(_ cursor: KeysetCursor?, _ date: String, _ id: String, ascending: Bool = false) -> String {
        guard let cursor else { return "" }
        let datePlaceholder = bind(cursor.date.timeIntervalSinceReferenceDate)
        return "AND (\(date), \(id)) \(ascending ? ">" : "<") (\(datePlaceholder), \(bind(cursor.id)))"
    }
}
