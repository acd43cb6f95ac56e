import Foundation
import Locking
import SocialModel

/// A store that keeps everything in memory, with the same behaviour as the SQL stores: the same
/// uniqueness, the same cascades, every method atomic. For tests and previews.
public final class InMemorySocialStore: Sendable {
    let state = Locked(State())

    /// An empty store.
    public init() {}

    /// Runs `body` on the state under the lock. Every body checks before it changes anything, so
    /// a refused call leaves no trace, as a rolled-back transaction would.
    func withState<T>(_ body: (inout State) throws(StoreError) -> T) throws(StoreError) -> T {
        try state.withLock { (state: inout State) throws(StoreError) -> T in try body(&state) }
    }
}

/// Everything the in-memory store keeps, with the cascades the SQL schemas declare.
struct State {
    struct LinkKey: Hashable {
        var provider: String
        var subject: String
    }

    struct Member {
        var hidden = false
        var clearedSeq = 0
        var unreadCount = 0
    }

    struct StoredMessage {
        var message: Message
        var seq: Int
    }

    // Accounts
    var users: [UserID: User] = [:]
    var userByKey: [String: UserID] = [:]
    var userByEmail: [String: UserID] = [:]
    var passwords: [UserID: String] = [:]
    var sessions: [Data: SessionRecord] = [:]
    var tokens: [Data: OneTimeTokenRecord] = [:]
    var links: [LinkKey: IdentityLink] = [:]
    var failedSignIns: [String: [Date]] = [:]
    var mailOutbox: [UUID: OutboxMail] = [:]
    // Recipes
    var recipes: [RecipeID: Recipe] = [:]
    var recipePhotos: [RecipeID: [Int: RecipePhoto]] = [:]
    var recipeLikes: [RecipeID: [UserID: Date]] = [:]
    var bodyProfiles: [UserID: BodyProfile] = [:]
    // Network
    var avatars: [UserID: [Int: AvatarPhoto]] = [:]
    /// Follows by follower, then followee, with the date.
    var follows: [UserID: [UserID: Date]] = [:]
    var posts: [PostID: Post] = [:]
    var postPhotos: [PostID: [Int: PostPhoto]] = [:]
    var postLikes: [PostID: [UserID: Date]] = [:]
    var comments: [CommentID: PostComment] = [:]
    var notifications: [NotificationID: NetworkNotification] = [:]
    var conversations: [ConversationID: Conversation] = [:]
    var members: [ConversationID: [UserID: Member]] = [:]
    var messages: [MessageID: StoredMessage] = [:]
    var messagePhotos: [MessageID: Data] = [:]
    var nextSeq = 1

    func requireUser(_ id: UserID) throws(StoreError) {
        guard users[id] != nil else { throw .missingReference }
    }

    // MARK: Write patterns

    /// Adds or removes one link (a like, a follow) kept under `links[a][b]`, with its
    /// notification: a new link stores `notification`, a removed one deletes the notifications
    /// that match it. Returns whether the link changed. The caller checks references first.
    mutating func toggle<A: Hashable, B: Hashable>(
        _ links: WritableKeyPath<State, [A: [B: Date]]>, _ a: A, _ b: B, on: Bool, at date: Date,
        notification: NetworkNotification?
    ) -> Bool {
        let changed: Bool
        if on {
            changed = self[keyPath: links][a]?[b] == nil
            if changed { self[keyPath: links][a, default: [:]][b] = date }
        } else {
            changed = self[keyPath: links][a]?.removeValue(forKey: b) != nil
        }
        if let notification {
            if on, changed {
                notifications[notification.id] = notification
            } else if !on {
                notifications = notifications.filter { !$0.value.matches(notification) }
            }
        }
        return changed
    }

    // MARK: Counts kept by the SQL stores' triggers

    /// A stored recipe with its current like count.
    func recipe(_ id: RecipeID) -> Recipe? {
        guard var recipe = recipes[id] else { return nil }
        recipe.likeCount = recipeLikes[id]?.count ?? 0
        return recipe
    }

    /// A stored post with its current counts.
    func post(_ id: PostID) -> Post? {
        guard var post = posts[id] else { return nil }
        post.likeCount = postLikes[id]?.count ?? 0
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

    // MARK: Cascades

    mutating func removeRecipe(_ id: RecipeID) -> Bool {
        recipePhotos[id] = nil
        recipeLikes[id] = nil
        return recipes.removeValue(forKey: id) != nil
    }

    mutating func removeComment(_ id: CommentID) -> Bool {
        guard comments.removeValue(forKey: id) != nil else { return false }
        notifications = notifications.filter { $0.value.commentID != id }
        return true
    }

    mutating func removePost(_ id: PostID) -> Bool {
        guard posts.removeValue(forKey: id) != nil else { return false }
        postPhotos[id] = nil
        postLikes[id] = nil
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

    /// Removes a user and everything that refers to them.
    mutating func removeUser(_ id: UserID) -> Bool {
        guard let user = users.removeValue(forKey: id) else { return false }
        userByKey[user.usernameKey] = nil
        if let email = user.email { userByEmail[email] = nil }
        passwords[id] = nil
        sessions = sessions.filter { $0.value.userID != id }
        tokens = tokens.filter { $0.value.userID != id }
        links = links.filter { $0.value.userID != id }
        for recipe in recipes.values where recipe.authorID == id { _ = removeRecipe(recipe.id) }
        for recipeID in recipeLikes.keys { recipeLikes[recipeID]?[id] = nil }
        bodyProfiles[id] = nil
        avatars[id] = nil
        follows[id] = nil
        for follower in follows.keys { follows[follower]?[id] = nil }
        for post in posts.values where post.authorID == id { _ = removePost(post.id) }
        for postID in postLikes.keys { postLikes[postID]?[id] = nil }
        for comment in comments.values where comment.authorID == id { _ = removeComment(comment.id) }
        notifications = notifications.filter { $0.value.recipientID != id && $0.value.actorID != id }
        // Only their side of a conversation goes; it stays with the other participant until
        // that account goes too.
        for conversation in conversations.values where conversation.participantIDs.contains(id) {
            members[conversation.id]?[id] = nil
            if members[conversation.id]?.isEmpty ?? true { removeConversation(conversation.id) }
        }
        return true
    }
}

/// Orders and slices the in-memory lists exactly as the SQL stores do.
enum InMemoryPaging {
    /// Items ordered by (date, id), newest first (or oldest first when `ascending`), strictly
    /// after the cursor, at most `limit`.
    static func keyset<T>(
        _ items: some Sequence<T>, date: (T) -> Date, id: (T) -> String, after: KeysetCursor?, limit: Int,
        ascending: Bool = false
    ) -> [T] {
        let before = { (lhs: (Date, String), rhs: (Date, String)) in ascending ? lhs < rhs : lhs > rhs }
        let sorted = items.sorted { before((date($0), id($0)), (date($1), id($1))) }
        let kept = sorted.filter { item in after.map { before(($0.date, $0.id), (date(item), id(item))) } ?? true }
        return Array(kept.prefix(max(0, limit)))
    }

    /// Whether `lhs` comes before `rhs` in a feed ordered by `order`: by its key, then date,
    /// then id, all in the same direction.
    static func precedes(_ lhs: Post, _ rhs: Post, _ order: FeedOrder) -> Bool {
        let key = { (post: Post) in (order.key == .likes ? post.likeCount : 0, post.createdAt, post.id.rawValue) }
        return order.direction == .ascending ? key(lhs) < key(rhs) : key(lhs) > key(rhs)
    }

    /// Whether a post comes after the cursor in the order.
    static func isAfter(_ post: Post, _ cursor: FeedCursor?, _ order: FeedOrder) -> Bool {
        guard let cursor else { return true }
        let marker = Post(
            id: cursor.postID, authorID: post.authorID, caption: "", width: 0, height: 0, createdAt: cursor.createdAt,
            likeCount: cursor.likeCount)
        return precedes(marker, post, order)
    }
}
