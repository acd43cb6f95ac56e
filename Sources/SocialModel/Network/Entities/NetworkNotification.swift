import Foundation

/// What someone did that a notification tells about.
public enum NotificationKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Someone liked the recipient's post.
    case like
    /// Someone commented on the recipient's post.
    case comment
    /// Someone started following the recipient.
    case follow
    /// Someone mentioned the recipient (`@username`) in a post's caption or in a comment.
    case mention
}

/// A notification: someone liked or commented on the recipient's post, or followed them.
///
/// Named so to stay clear of Foundation's `Notification`.
public struct NetworkNotification: Sendable, Hashable, Codable, Identifiable {
    /// The notification's opaque id.
    public var id: NotificationID
    /// Who is told.
    public var recipientID: UserID
    /// Who did it.
    public var actorID: UserID
    /// What they did.
    public var kind: NotificationKind
    /// The post liked, commented on or mentioned in.
    public var postID: PostID?
    /// The comment written (or mentioned in).
    public var commentID: CommentID?
    /// When it happened.
    public var createdAt: Date
    /// Whether the recipient has marked it read.
    public var isRead: Bool

    /// Creates a notification value.
    public init(
        id: NotificationID, recipientID: UserID, actorID: UserID, kind: NotificationKind, postID: PostID? = nil,
        commentID: CommentID? = nil, createdAt: Date, isRead: Bool = false
    ) {
        self.id = id
        self.recipientID = recipientID
        self.actorID = actorID
        self.kind = kind
        self.postID = postID
        self.commentID = commentID
        self.createdAt = createdAt
        self.isRead = isRead
    }

    /// The cursor that continues a list after this notification.
    public var cursor: KeysetCursor { KeysetCursor(date: createdAt, id: id.rawValue) }

    /// Whether `other` tells of the same act: the same recipient, actor, kind and post. Taking
    /// a like or a follow back removes the notifications that match the one it made, so the rule
    /// of which notification an undo takes away is written here once, not in every store.
    /// - Parameter other: another notification.
    /// - Returns: whether the two match.
    public func matches(_ other: NetworkNotification) -> Bool {
        recipientID == other.recipientID && actorID == other.actorID && kind == other.kind && postID == other.postID
    }
}
