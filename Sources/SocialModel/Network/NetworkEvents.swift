import Foundation
import Locking

/// Live updates: new notifications, new direct messages and new posts of followed users, as async
/// streams per user; and the revocation of sessions (``SessionRevocation``), so that a live
/// connection made with a session closes when its session is revoked.
///
/// The services publish here after the store has kept the change, so a subscriber never sees
/// something that was rolled back. The hub is in-process; a deployment with several server
/// processes feeds each process's hub from its database's change channel (PostgreSQL's
/// LISTEN/NOTIFY, say) by calling ``publish(_:unlessHiddenIn:)``.
public final class NetworkEvents: Sendable {
    private typealias Streams<Element: Sendable> = [UserID: [UUID: AsyncStream<Element>.Continuation]]

    private struct Subscribers {
        var notifications: Streams<NetworkNotification> = [:]
        var messages: Streams<Message> = [:]
        var posts: Streams<Post> = [:]
        var revocations: Streams<SessionRevocation> = [:]
    }

    private let subscribers = Locked(Subscribers())

    /// An empty hub.
    public init() {}

    /// New notifications for a user, from now until the stream is dropped.
    public func notifications(for userID: UserID) -> AsyncStream<NetworkNotification> {
        subscribe(userID, to: \.notifications)
    }

    /// New messages in a user's conversations (sent or received), from now until the stream is dropped.
    public func messages(for userID: UserID) -> AsyncStream<Message> {
        subscribe(userID, to: \.messages)
    }

    /// New posts of the users a user follows, from now until the stream is dropped.
    public func posts(for userID: UserID) -> AsyncStream<Post> {
        subscribe(userID, to: \.posts)
    }

    /// Revocations of a user's sessions, from now until the stream is dropped. ``AccountService``
    /// publishes them after the store has removed the sessions; a PostgreSQL store's event relay
    /// publishes those made through other processes.
    public func sessionRevocations(for userID: UserID) -> AsyncStream<SessionRevocation> {
        subscribe(userID, to: \.revocations)
    }

    /// A stream registered under `userID` in one of the lists, removed from it when dropped.
    private func subscribe<Element: Sendable>(
        _ userID: UserID, to list: WritableKeyPath<Subscribers, Streams<Element>> & Sendable
    ) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: .bufferingNewest(100))
        let key = UUID()
        subscribers.withLock { $0[keyPath: list][userID, default: [:]][key] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.subscribers.withLock { _ = $0[keyPath: list][userID]?.removeValue(forKey: key) }
        }
        return stream
    }

    /// Delivers a new post to the subscribers whose home feed shows it: those who follow its
    /// author (asking `store` once which of this hub's subscribers do,
    /// ``ProfileStore/followers(of:among:)``, rather than listing the author's followers, who may
    /// be many more than the users subscribed here) and from whom no block or mute hides the author
    /// (``SafetyStore/viewers(_:hiding:_:)``, the feeds' own rule). If the store cannot answer, the
    /// post is not pushed: it is kept either way, and the feed shows it. A post a content check
    /// holds (``Post/held``) goes to no one: only its author is shown it.
    /// - Parameters:
    ///   - post: the post, as stored.
    ///   - store: where follows, blocks and mutes are kept.
    public func publish(_ post: Post, toFollowersIn store: any ProfileStore & SafetyStore) async {
        let candidates = subscribers.withLock { state in
            state.posts.filter {
                !$0.value.isEmpty && $0.key != post.authorID
                    && HeldContent.shows(held: post.held, by: post.authorID, to: $0.key)
            }.map(\.key)
        }
        guard !candidates.isEmpty, let followers = try? await store.followers(of: post.authorID, among: candidates),
            !followers.isEmpty,
            let hidden = try? await store.viewers(Array(followers), hiding: post.authorID, .posts)
        else { return }
        let targets = subscribers.withLock { state in
            followers.subtracting(hidden).flatMap { Array((state.posts[$0] ?? [:]).values) }
        }
        for continuation in targets { continuation.yield(post) }
    }

    /// Delivers a notification to its recipient's subscribers, unless a block or a mute hides its
    /// actor from the recipient (``SafetyStore/viewers(_:hiding:_:)``, the notification list's own
    /// rule). If the store cannot answer, the notification is not pushed: it is kept either way,
    /// and the list shows it when it may.
    /// - Parameters:
    ///   - notification: the notification, as stored.
    ///   - store: where blocks and mutes are kept.
    public func publish(_ notification: NetworkNotification, unlessHiddenIn store: any SafetyStore) async {
        let recipient = notification.recipientID
        guard subscribers.withLock({ !($0.notifications[recipient] ?? [:]).isEmpty }),
            let hidden = try? await store.viewers([recipient], hiding: notification.actorID, .notifications),
            hidden.isEmpty
        else { return }
        let targets = subscribers.withLock { Array(($0.notifications[recipient] ?? [:]).values) }
        for continuation in targets { continuation.yield(notification) }
    }

    /// Delivers a message to the subscribers of both participants (of its sender only while a
    /// content check holds it, ``Message/held``).
    public func publish(_ message: Message, participants: [UserID]) {
        let shown = participants.filter { HeldContent.shows(held: message.held, by: message.senderID, to: $0) }
        let targets = subscribers.withLock { state in
            shown.flatMap { Array((state.messages[$0] ?? [:]).values) }
        }
        for continuation in targets { continuation.yield(message) }
    }

    /// Delivers a revocation to the subscribers of the user whose sessions it revokes.
    public func publish(_ revocation: SessionRevocation) {
        let targets = subscribers.withLock { Array(($0.revocations[revocation.userID] ?? [:]).values) }
        for continuation in targets { continuation.yield(revocation) }
    }
}
