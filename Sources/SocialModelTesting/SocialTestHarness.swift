import Foundation
import Logging
import SocialModel
import SocialModelMocks
import Testing

/// SocialModel's services wired over one store with test doubles: a manual clock, a capturing
/// mailer and log, a mock identity provider named `facebook`, a cheap password hash, and small photo
/// sizes. The conformance checks run on it; your own service-level tests can too.
public struct SocialTestHarness: Sendable {
    /// The store under test.
    public let store: any SocialStore
    /// Every mail the services sent.
    public let mailer = CapturingMailer()
    /// The services' clock; move it forward to test expiry and rate limits.
    public let clock = ManualClock()
    /// The identity provider `facebook`; register tokens on it.
    public let provider = MockIdentityProvider(name: "facebook")
    /// What the services logged (mail that could not be sent, for one).
    public let log = CapturingLogHandler()
    /// Accounts, sessions and identity providers.
    public let accounts: AccountService
    /// Recipes.
    public let recipes: RecipeService
    /// Body profiles and meal plans.
    public let meals: MealPlanService
    /// The social network.
    public let network: SocialNetwork

    /// The password ``registerVerified(_:email:password:)`` uses unless told otherwise.
    public static let password = "Tr0ub4dor&3-horse"

    /// The services over `store`.
    /// - Parameters:
    ///   - store: the store under test.
    ///   - photos: the photo processor; the mock by default, so no image library is needed.
    ///   - accountPolicy: the account rules.
    public init(
        store: any SocialStore, photos: any PhotoProcessor = MockPhotoProcessor(),
        accountPolicy: AccountPolicy = .standard
    ) {
        self.store = store
        accounts = AccountService(
            store: store, mailer: mailer, clock: clock, hasher: PBKDF2PasswordHasher(unsafeIterations: 1_000),
            policy: accountPolicy, identityProviders: [provider],
            logger: Logger(label: "SocialTestHarness") { [log] _ in log })
        recipes = RecipeService(store: store, accounts: accounts, photos: photos, policy: Self.recipePolicy)
        meals = MealPlanService(store: store, accounts: accounts)
        network = SocialNetwork(store: store, accounts: accounts, photos: photos, policy: Self.networkPolicy)
    }

    /// The network's limits with small photo sizes (64 and 16 for posts, 32 and 8 for avatars,
    /// 32 for messages), so photo work stays cheap.
    public static var networkPolicy: NetworkPolicy {
        var policy = NetworkPolicy()
        policy.postPhotoSizes = [64, 16]
        policy.avatarSizes = [32, 8]
        policy.messagePhotoSize = 32
        return policy
    }

    /// The recipe limits with small photo sizes (64 and 16).
    public static var recipePolicy: RecipePolicy {
        var policy = RecipePolicy()
        policy.photoSizes = [64, 16]
        return policy
    }

    /// Registers an account and returns its verification token from the mailer.
    /// - Parameter username: the username; the email is `username@example.com`, lower-cased.
    /// - Returns: the verification token.
    /// - Throws: what registration throws, or an issue if no mail arrived.
    public func registerPending(_ username: String) async throws -> SecretToken {
        let email = "\(username.lowercased())@example.com"
        try await accounts.register(Registration(email: email, username: username, password: Self.password))
        return try #require(mailer.latestToken(.emailVerification, to: email))
    }

    /// Registers and verifies an account.
    /// - Parameters:
    ///   - username: the username.
    ///   - email: the address; `username@example.com`, lower-cased, by default.
    ///   - password: the password.
    /// - Returns: the verified user.
    /// - Throws: what registration or verification throws.
    @discardableResult
    public func registerVerified(_ username: String, email: String? = nil, password: String = Self.password)
        async throws -> User
    {
        let email = email ?? "\(username.lowercased())@example.com"
        try await accounts.register(Registration(email: email, username: username, password: password))
        let token = try #require(mailer.latestToken(.emailVerification, to: email))
        return try await accounts.verifyEmail(token: token)
    }

    /// Registers, verifies and signs in, with a session on every service.
    /// - Parameters:
    ///   - username: the username.
    ///   - password: the password.
    /// - Returns: the signed-in member.
    /// - Throws: what registration, verification or sign-in throws.
    public func signedIn(_ username: String, password: String = Self.password) async throws -> Member {
        let user = try await registerVerified(username, password: password)
        let signIn = try await accounts.signIn(
            email: try #require(user.email), password: password, clientKey: "10.0.0.1")
        return try await member(signIn)
    }

    /// Sessions on every service for a sign-in.
    /// - Parameter signIn: what a sign-in returned.
    /// - Returns: the member.
    /// - Throws: `AccountError.unauthorized` if the session is no longer valid.
    public func member(_ signIn: SignedInSession) async throws -> Member {
        let account = try await accounts.session(signIn.token)
        return Member(
            signIn: signIn, account: account, network: network.session(account), recipes: recipes.session(account),
            meals: meals.session(account))
    }

    /// A signed-in user with a session on every service.
    public struct Member: Sendable {
        /// What the sign-in returned.
        public let signIn: SignedInSession
        /// The account's own operations.
        public let account: AccountSession
        /// The network as this user.
        public let network: NetworkSession
        /// Recipes as this user.
        public let recipes: RecipeSession
        /// Body profile and meal plan of this user.
        public let meals: MealPlanSession

        /// The user.
        public var user: User { signIn.user }
        /// The bearer token.
        public var token: SecretToken { signIn.token }
        /// Profiles and follows as this user.
        public var profiles: ProfileService { network.profiles }
        /// Posts as this user.
        public var posts: PostService { network.posts }
        /// Feeds as this user.
        public var feed: FeedService { network.feed }
        /// This user's notifications.
        public var notifications: NotificationService { network.notifications }
        /// This user's messages.
        public var messages: MessageService { network.messages }
        /// This user's blocks and mutes.
        public var safety: SafetyService { network.safety }
        /// This user's reports and, as a moderator, the moderation queue.
        public var moderation: ModerationService { network.moderation }
    }
}
