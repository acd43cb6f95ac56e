import FilmKit

/// The social network's services over one store: profiles and follows, posts, feeds,
/// notifications and direct messages, sharing one live-update hub.
///
/// Every call names its acting user by a session token, and every rule — who may delete what,
/// who is told what — is enforced here, never left to a user interface.
public struct SocialNetwork: Sendable {
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
    /// The live-update hub the services publish to.
    public let events: NetworkEvents

    /// Creates the services over the same store as `accounts`.
    /// - Parameter filters: where post filters are looked up by name.
    public init(
        store: any SocialStore, accounts: AccountService, filters: FilterRegistry = .shared,
        policy: NetworkPolicy = NetworkPolicy(), events: NetworkEvents = NetworkEvents()
    ) {
        let context = NetworkContext(store: store, accounts: accounts, events: events, filters: filters, policy: policy)
        self.events = events
        profiles = ProfileService(context: context)
        posts = PostService(context: context)
        feed = FeedService(context: context)
        notifications = NotificationService(context: context)
        messages = MessageService(context: context)
    }
}
