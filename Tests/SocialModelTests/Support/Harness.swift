import Foundation
import SocialModel
import SocialModelMocks
import TestSupport
import Testing

/// A store of one kind with an account service around it: a manual clock, a capturing mailer, a
/// mock provider and a cheap password hash so tests stay fast.
struct Harness {
    let kind: StoreKind
    let directory: TemporaryDirectory
    let store: any SocialStore
    let mailer = CapturingMailer()
    let clock = ManualClock()
    let provider = MockIdentityProvider(name: "facebook")
    let accounts: AccountService
    let recipes: RecipeService
    let meals: MealPlanService
    let network: SocialNetwork

    static let password = "Tr0ub4dor&3-horse"

    init(_ kind: StoreKind, store: any SocialStore, directory: TemporaryDirectory, policy: AccountPolicy) {
        self.kind = kind
        self.directory = directory
        self.store = store
        accounts = AccountService(
            store: store, mailer: mailer, clock: clock, hasher: PBKDF2PasswordHasher(unsafeIterations: 1_000),
            policy: policy, identityProviders: [provider])
        recipes = RecipeService(store: store, accounts: accounts, photos: SquarePhotoProcessor(sizes: [64, 16]))
        meals = MealPlanService(store: store, accounts: accounts)
        var networkPolicy = NetworkPolicy()
        networkPolicy.postPhotoSizes = [64, 16]
        networkPolicy.avatarSizes = [32, 8]
        networkPolicy.messagePhotoSize = 32
        network = SocialNetwork(store: store, accounts: accounts, policy: networkPolicy)
    }

    /// Runs `body` with a fresh harness and releases its store and files afterwards.
    static func with(
        _ kind: StoreKind, policy: AccountPolicy = .standard, _ body: (Harness) async throws -> Void
    ) async throws {
        try await kind.withStore { store, directory in
            try await body(Harness(kind, store: store, directory: directory, policy: policy))
        }
    }

    /// Registers an account and returns its verification token from the mailer.
    func registerPending(_ username: String) async throws -> SecretToken {
        let email = "\(username.lowercased())@example.com"
        try await accounts.register(Registration(email: email, username: username, password: Harness.password))
        return try #require(mailer.latestToken(.emailVerification, to: email))
    }

    /// Registers and verifies an account, returning the user.
    @discardableResult
    func registerVerified(_ username: String, email: String? = nil, password: String = Harness.password)
        async throws -> User
    {
        let email = email ?? "\(username.lowercased())@example.com"
        try await accounts.register(Registration(email: email, username: username, password: password))
        let token = try #require(mailer.latestToken(.emailVerification, to: email))
        return try await accounts.verifyEmail(token: token)
    }

    /// Registers, verifies and signs in.
    func signedIn(_ username: String, password: String = Harness.password) async throws -> SignedInSession {
        let user = try await registerVerified(username, password: password)
        return try await accounts.signIn(email: try #require(user.email), password: password, clientKey: "10.0.0.1")
    }
}
