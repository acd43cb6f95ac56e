import Foundation
import SocialModel

/// The network's share of the in-memory store, with the cascades the SQLite schema declares.
struct NetworkState {
    struct Member {
        var hidden = false
        var clearedSeq = 0
        var unreadCount = 0
    }

    struct StoredMessage {
        var message: Message
        var seq: Int
    }

    var avatars: [UserID: [Int: AvatarPhoto]] = [:]
    /// Follows by follower, then followee, with the date.
    var follows: [UserID: [UserID: Date]] = [:]
    var posts: [PostID: Post] = [:]
    var postPhotos: [PostID: [Int: PostPhoto]] = [:]
    var likes: [PostID: [UserID: Date]] = [:]
    var comments: [CommentID: PostComment] = [:]
    var notifications: [NotificationID: NetworkNotification] = [:]
    var conversations: [ConversationID: Conversation] = [:]
    var members: [ConversationID: [UserID: Member]] = [:]
    var messages: [MessageID: StoredMessage] = [:]
    var messagePhotos: [MessageID: Data] = [:]
    var nextSeq = 1

    /// A stored post with its current counts.
    func post(_ id: PostID) -> Post? {
        guard var post = posts[id] else { return nil }
        post.likeCount = likes[id]?.count ?? 0
        post.commentCount = comments.values.count { $0.postID == id }
        return post
    }

    func followers(of id: UserID) -> [UserID: Date] {
        var result: [UserID: Date] = [:]
        for (follower, followees) in follows {
            if let date = followees[id] { result[follower] = date }
        }
        return result
    }

    mutating func removeComment(_ id: CommentID) -> Bool {
        guard comments.removeValue(forKey: id) != nil else { return false }
        notifications = notifications.filter { $0.value.commentID != id }
        return true
    }

    mutating func removePost(_ id: PostID) -> Bool {
        guard posts.removeValue(forKey: id) != nil else { return false }
        postPhotos[id] = nil
        likes[id] = nil
        for comment in comments.values where comment.postID == id {
            _ = removeComment(comment.id)
        }
        notifications = notifications.filter { $0.value.postID != id }
        return true
    }

    mutating func removeConversation(_ id: ConversationID) {
        conversations[id] = nil
        members[id] = nil
        for (messageID, stored) in messages where stored.message.conversationID == id {
            messages[messageID] = nil
            messagePhotos[messageID] = nil
        }
    }

    mutating func removeUser(_ id: UserID) {
        avatars[id] = nil
        follows[id] = nil
        for follower in follows.keys { follows[follower]?[id] = nil }
        for post in posts.values where post.authorID == id { _ = removePost(post.id) }
        for postID in likes.keys { likes[postID]?[id] = nil }
        for comment in comments.values where comment.authorID == id { _ = removeComment(comment.id) }
        notifications = notifications.filter { $0.value.recipientID != id && $0.value.actorID != id }
        for conversation in conversations.values where conversation.participantIDs.contains(id) {
            removeConversation(conversation.id)
        }
    }
}

/// Orders and slices the in-memory lists exactly as the SQL stores do.
enum InMemoryOrdering {
    /// Whether `lhs` comes before `rhs` in a feed ordered by `order`.
    static func precedes(_ lhs: Post, _ rhs: Post, _ order: FeedOrder) -> Bool {
        let ascending = compare(lhs, rhs, order.key)
        return order.direction == .ascending ? ascending : compare(rhs, lhs, order.key)
    }

    /// Strict ascending comparison on the order's key, then date, then id.
    static func compare(_ lhs: Post, _ rhs: Post, _ key: FeedSortKey) -> Bool {
        if key == .likes, lhs.likeCount != rhs.likeCount { return lhs.likeCount < rhs.likeCount }
        if lhs.createdAt != rhs.createdAt { return lhs.createdAt < rhs.createdAt }
        return lhs.id.rawValue < rhs.id.rawValue
    }

    /// Whether a post comes after the cursor in the order.
    static func isAfter(_ post: Post, _ cursor: FeedCursor?, _ order: FeedOrder) -> Bool {
        guard let cursor else { return true }
        let marker = Post(
            id: cursor.postID, authorID: post.authorID, caption: "", width: 0, height: 0, createdAt: cursor.createdAt,
            likeCount: cursor.likeCount)
        return precedes(marker, post, order)
    }

    /// A (date, id) key, newest first, strictly after the cursor.
    static func newestFirst<T>(_ items: [T], date: (T) -> Date, id: (T) -> String, after: KeysetCursor?, limit: Int)
        -> [T]
    {
        let sorted = items.sorted { date($0) != date($1) ? date($0) > date($1) : id($0) > id($1) }
        let kept = sorted.filter { item in
            guard let after else { return true }
            return date(item) != after.date ? date(item) < after.date : id(item) < after.id
        }
        return Array(kept.prefix(max(0, limit)))
    }
}
