import Foundation

/// The social network's services over one store: profiles and follows, posts, feeds,
/// notifications and direct messages, sharing one live-update hub.
///
/// A caller authenticates once and acts through the session:
///
/// ```swift
/// let me = try await network.session(token)
/// try await me.posts.like(postID: postID)
/// let page = try await me.feed.home(order: .newest)
/// ```
///
/// Every rule — who may delete what, who is told what — is enforced by the services, never left
/// to a user interface.
public struct SocialNetwork: Sendable {
    /// The account service sessions are authenticated with.
    public let accounts: AccountService
    /// The live-update hub the services publish to.
    public let events: NetworkEvents
    let store: any NetworkStore
    /// `store`, when it can check a session and read a home feed in one read and is also the
    /// account service's store (sessions are read where the accounts keep them).
    let sessionFeedStore: (any SessionFeedStore)?
    let context: NetworkContext

    /// Creates the services.
    /// - Parameters:
    ///   - store: where the network is kept; usually the same store as `accounts`'.
    ///   - accounts: authenticates session tokens; its clock dates everything.
    ///   - photos: processes post, avatar and message photos (`VipsPhotoProcessor` from
    ///     `SocialModelPhotos`, with the filter registry it looks filters up in).
    ///   - policy: the limits.
    ///   - events: the live-update hub, or `nil` for the account service's
    ///     (``AccountService/events``). `accounts` publishes its revoked sessions here too, so a
    ///     live connection closes when its session is revoked through this network's account service.
    ///   - contentCheck: decides about captions, comments, messages and photos before they are
    ///     stored (allow, hold for a moderator, refuse); `nil`, the default, allows everything.
    ///     SocialModel ships ``WordListContentCheck`` but no list: which words a network refuses
    ///     is its own, and its languages', choice.
    public init(
        store: any NetworkStore, accounts: AccountService, photos: any PhotoProcessor,
        policy: NetworkPolicy = NetworkPolicy(), events: NetworkEvents? = nil, contentCheck: (any ContentCheck)? = nil
    ) {
        let events = events ?? accounts.events
        var accounts = accounts
        accounts.events = events
        self.store = store
        self.accounts = accounts
        sessionFeedStore = (store as? any SessionFeedStore).flatMap {
            ($0 as AnyObject) === (accounts.store as AnyObject) ? $0 : nil
        }
        self.events = events
        context = NetworkContext(
            events: events, photos: photos, policy: policy, clock: accounts.clock, contentCheck: contentCheck)
    }

    /// Authenticates a session token once, for a run of calls as its user.
    /// - Parameter token: the bearer token a sign-in returned.
    /// - Returns: the services acting as that user.
    /// - Throws: ``NetworkError/account(_:)`` with ``AccountError/unauthorized`` for an unknown,
    ///   revoked or expired token.
    public func session(_ token: SecretToken) async throws(NetworkError) -> NetworkSession {
        session(try await accounts.session(token, NetworkError.account))
    }

    /// The home feed of a token's user: the same as
    /// `try await session(token).feed.home(order: order, after: after, limit: limit)`, with the
    /// session checked in the same read as the page where the store can do that (PostgreSQL's
    /// store: one statement instead of two round trips). For the request an app makes most.
    /// - Parameters:
    ///   - token: the bearer token a sign-in returned.
    ///   - order: newest first unless said otherwise.
    ///   - after: the previous page's ``CursorPage/next``, or `nil` for the first page.
    ///   - limit: the page size, or `nil` for the policy's.
    /// - Returns: a page of posts.
    /// - Throws: ``NetworkError/account(_:)`` with ``AccountError/unauthorized`` for an unknown,
    ///   revoked or expired token (checked before the page size); ``NetworkError/invalid(_:)`` for
    ///   a page size out of range.
    public func homeFeed(_ token: SecretToken, order: FeedOrder = .newest, after: FeedCursor? = nil, limit: Int? = nil)
        async throws(NetworkError) -> CursorPage<PostView, FeedCursor>
    {
        guard let sessionFeedStore, let pageSize = try? context.limit(limit) else {
            return try await session(token).feed.home(order: order, after: after, limit: limit)
        }
        let hash = token.hash
        let found = try await context.fromStore {
            try await sessionFeedStore.sessionWithHomeFeed(tokenHash: hash, order: order, after: after, limit: pageSize)
        }
        let account: AccountSession
        do {
            account = try await accounts.accept(found.map { ($0.session, $0.user) }, tokenHash: hash)
        } catch {
            throw .account(error)
        }
        return FeedService.page(found?.posts ?? [], limit: pageSize, viewer: account.user.id)
    }

    /// The services acting as an account already authenticated.
    /// - Parameter account: a session from ``AccountService/session(_:)``.
    /// - Returns: the services acting as that user.
    public func session(_ account: AccountSession) -> NetworkSession {
        NetworkSession(account: account, store: store, context: context)
    }

    /// A post's photo at one of the policy's sizes, as JPEG. Photos are public, like the posts'
    /// ids, so this needs no session.
    /// - Parameters:
    ///   - postID: the post's id.
    ///   - size: one of ``NetworkPolicy/postPhotoSizes``.
    /// - Returns: the JPEG.
    /// - Throws: ``NetworkError/notFound(_:)`` with `.photo`.
    public func postPhoto(postID: PostID, size: Int) async throws(NetworkError) -> Data {
        guard let photo = try await context.fromStore({ try await store.postPhoto(postID: postID, size: size) }) else {
            throw .notFound(.photo)
        }
        return photo.jpeg
    }

    /// A user's avatar at one of the policy's sizes, as JPEG; needs no session.
    /// - Parameters:
    ///   - userID: the user's id.
    ///   - size: one of ``NetworkPolicy/avatarSizes``.
    /// - Returns: the JPEG.
    /// - Throws: ``NetworkError/notFound(_:)`` with `.photo`.
    public func avatar(userID: UserID, size: Int) async throws(NetworkError) -> Data {
        guard let photo = try await context.fromStore({ try await store.avatarPhoto(userID: userID, size: size) })
        else { throw .notFound(.photo) }
        return photo.jpeg
    }
}

/// The network's services acting as one signed-in user, from ``SocialNetwork/session(_:)-(SecretToken)``.
public struct NetworkSession: Sendable {
    /// The signed-in account, with its own operations (profile edits, sign-out, deletion).
    public let account: AccountSession
    /// Profiles, avatars, follows and user search.
    public let profiles: ProfileService
    /// Posts, likes and comments.
    public let posts: PostService
    /// The home feed, explore and a user's posts.
    public let feed: FeedService
    /// A hashtag's posts and hashtag search.
    public let hashtags: HashtagService
    /// Notifications.
    public let notifications: NotificationService
    /// Direct messages.
    public let messages: MessageService
    /// Blocks and mutes.
    public let safety: SafetyService
    /// Reports and, for moderators, the moderation queue.
    public let moderation: ModerationService

    init(account: AccountSession, store: any NetworkStore, context: NetworkContext) {
        self.account = account
        let actor = account.user
        profiles = ProfileService(store: store, context: context, actor: actor)
        posts = PostService(store: store, context: context, actor: actor)
        feed = FeedService(store: store, context: context, actor: actor)
        hashtags = HashtagService(store: store, context: context, actor: actor)
        notifications = NotificationService(store: store, context: context, actor: actor)
        messages = MessageService(store: store, context: context, actor: actor)
        safety = SafetyService(store: store, context: context, actor: actor)
        moderation = ModerationService(store: store, context: context, accounts: account.service, actor: actor)
    }

    /// The signed-in user.
    public var user: User { account.user }
}
