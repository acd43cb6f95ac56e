import FilmKit
import Foundation
import SocialModel
import SocialModelSQLite

/// A synthetic social network written through the ``SocialStore`` API, the same for the same
/// sizes and seed: accounts, follows (each notifying the person followed), photo posts over a
/// year, likes (each notifying the author) and direct-message conversations.
///
/// Account 0, the ``probe``, is the one whose feed, notifications and inbox are measured: it
/// follows ``followsPerAccount`` people like everyone else and takes part in the first
/// ``probeConversations`` conversations. The store keeps like counts and unread counts itself.
struct SocialDataSet: Sendable {
    /// How many accounts.
    var accounts = 1_000
    /// How many posts, by random authors, spread evenly over ``span`` seconds.
    var posts = 20_000
    /// How many people each account follows.
    var followsPerAccount = 10
    /// How many likes, of random posts by random accounts.
    var likes = 20_000
    /// How many two-person conversations.
    var conversations = 500
    /// How many messages each conversation holds.
    var messagesPerConversation = 10
    /// How many of the conversations include the probe.
    var probeConversations = 40
    /// The seed of every random choice.
    var seed: UInt64 = 42
    /// Posts are spread over this many seconds before ``end``; likes and messages come after.
    var span: TimeInterval = 365 * 24 * 3600
    /// When the last post was published.
    var end = Date(timeIntervalSinceReferenceDate: 800_000_000)

    /// The account whose views are measured.
    static let probe = userID(0)

    /// The id of account `index`.
    static func userID(_ index: Int) -> UserID { UserID(rawValue: String(format: "usr_%032x", index)) }

    /// A file name that differs whenever the data set would.
    var fileName: String {
        "social-\(accounts)-\(posts)-\(followsPerAccount)-\(likes)-\(conversations)x\(messagesPerConversation)"
            + "-\(probeConversations)-seed\(seed).sqlite"
    }

    /// Writes the data set into an empty store.
    func fill(_ store: any SocialStore) async throws {
        var random = SplitMix64(seed: seed)
        func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
        func id<Kind>(_ kind: Kind.Type) -> Identifier<Kind> {
            Identifier(rawValue: Kind.prefix + String(format: "_%016llx%016llx", random.next(), random.next()))
        }
        let start = end.addingTimeInterval(-span)

        for index in 0..<accounts {
            let name = String(format: "user%05d", index)
            let user = User(
                id: Self.userID(index), username: name, email: "\(name)@example.com", createdAt: start,
                verifiedAt: start)
            try await store.insertUser(user, passwordHash: nil, identity: nil)
        }
        for follower in 0..<accounts {
            var followed = Set<Int>()
            while followed.count < min(followsPerAccount, accounts - 1) {
                let other = pick(accounts)
                guard other != follower, followed.insert(other).inserted else { continue }
                let at = start.addingTimeInterval(Double(followed.count))
                let notification = NetworkNotification(
                    id: id(IDKind.Notification.self), recipientID: Self.userID(other),
                    actorID: Self.userID(follower), kind: .follow, createdAt: at)
                _ = try await store.setFollow(
                    followerID: Self.userID(follower), followeeID: Self.userID(other), following: true, at: at,
                    notification: notification)
            }
        }
        var postIDs: [PostID] = []
        var authors: [Int] = []
        for index in 0..<posts {
            let author = pick(accounts)
            let post = Post(
                id: id(IDKind.Post.self), authorID: Self.userID(author), caption: "Frame \(index)",
                filter: "kodak-portra-400", width: 1080, height: 1080,
                createdAt: start.addingTimeInterval(span * Double(index) / Double(posts)))
            try await store.insertPost(post, photos: [])
            postIDs.append(post.id)
            authors.append(author)
        }
        for index in 0..<likes {
            let post = pick(posts)
            let liker = pick(accounts)
            let at = end.addingTimeInterval(Double(index))
            let notification =
                liker == authors[post]
                ? nil
                : NetworkNotification(
                    id: id(IDKind.Notification.self), recipientID: Self.userID(authors[post]),
                    actorID: Self.userID(liker), kind: .like, postID: postIDs[post], createdAt: at,
                    isRead: random.next() % 4 != 0)
            _ = try await store.setPostLike(
                postID: postIDs[post], userID: Self.userID(liker), liked: true, at: at, notification: notification)
        }
        for conversation in 0..<conversations {
            let first = conversation < probeConversations ? 0 : pick(accounts)
            var second = pick(accounts)
            while second == first { second = pick(accounts) }
            let conversationID = id(IDKind.Conversation.self)
            for index in 0..<messagesPerConversation {
                let (sender, recipient) = index % 2 == 0 ? (first, second) : (second, first)
                let message = Message(
                    id: id(IDKind.Message.self), conversationID: conversationID, senderID: Self.userID(sender),
                    text: "Message \(index) of conversation \(conversation)",
                    createdAt: end.addingTimeInterval(Double(conversation * messagesPerConversation + index)))
                _ = try await store.insertMessage(message, recipientID: Self.userID(recipient), photo: nil)
            }
        }
    }
}
