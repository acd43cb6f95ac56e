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
    let context: NetworkContext

    /// Creates the services.
    /// - Parameters:
    ///   - store: where the network is kept; usually the same store as `accounts`'.
    ///   - accounts: authenticates session tokens; its clock dates everything.
    ///   - photos: processes post, avatar and message photos (`VipsPhotoProcessor` from
    ///     `SocialModelPhotos`, with the filter registry it looks filters up in).
    ///   - policy: the limits.
    ///   - events: the live-update hub.
    public init(
        store: any NetworkStore, accounts: AccountService, photos: any PhotoProcessor,
        policy: NetworkPolicy = NetworkPolicy(), events: NetworkEvents = NetworkEvents()
    ) {
        self.store = store
        self.accounts = accounts
        self.events = events
        context = NetworkContext(events: events, photos: photos, policy: policy, clock: accounts.clock)
    }

    /// Authenticates a session token once, for a run of calls as its user.
    /// - Parameter token: the bearer token a sign-in returned.
    /// - Returns: the services acting as that user.
    /// - Throws: ``NetworkError/account(_:)`` with ``AccountError/unauthorized`` for an unknown,
    ///   revoked or expired token.
    public func session(_ token: SecretToken) async throws(NetworkError) -> NetworkSession {
        session(try await accounts.session(token, NetworkError.account))
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
    /// Notifications.
    public let notifications: NotificationService
    /// Direct messages.
    public let messages: MessageService

    init(account: AccountSession, store: any NetworkStore, context: NetworkContext) {
        self.account = account
        let actor = account.user
        profiles = ProfileService(store: store, context: context, actor: actor)
        posts = PostService(store: store, context: context, actor: actor)
        feed = FeedService(store: store, context: context, actor: actor)
        notifications = NotificationService(store: store, context: context, actor: actor)
        messages = MessageService(store: store, context: context, actor: actor)
    }

    /// The signed-in user.
    public var user: User { account.user }
}
