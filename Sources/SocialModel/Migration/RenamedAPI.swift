import Foundation

// Compiler-error stubs for public API that 0.2.0–0.4.0 renamed, moved or removed: old code fails
// to compile with a message that says what to write instead. None of them can be called.
// A stubbed type's members carry no attribute of their own: naming the type is the error.
//
// Removed enum cases have no stub: an extension cannot add a case, and a static function of the
// case's name turns `catch AccountError.mail(let e)` into a more confusing error ("'let' binding
// pattern cannot appear in an expression") than the compiler's "no member 'mail'". The CHANGELOG's
// migrate lists say what replaces them. (`PhotoError.unusable` still exists, with a `reason:`.)
// migration: no stub for AccountError.mail, NetworkError.filter, NetworkError.filterFailed: enum cases

// MARK: - Moved to other products (0.2.0)

/// Unavailable: moved to the SocialModelSQLite product.
@available(
    *, unavailable,
    message:
        "SQLiteSocialStore moved to the SocialModelSQLite product: add it to your target and import SocialModelSQLite"
)
public final class SQLiteSocialStore {
    /// Unavailable: moved to the SocialModelSQLite product.
    public init(path: String, homeFeedWindow: Int = 4000) throws(StoreError) { fatalError("unavailable") }

    /// Unavailable: moved to the SocialModelSQLite product.
    public init(url: URL, homeFeedWindow: Int = 4000) throws(StoreError) { fatalError("unavailable") }
}

/// Unavailable: removed; `VipsPhotoProcessor` in SocialModelPhotos processes photos.
@available(
    *, unavailable,
    message:
        "SquarePhotoProcessor was removed: use VipsPhotoProcessor(filters:) from the SocialModelPhotos product (a PhotoProcessor); recipe photo sizes are RecipePolicy.photoSizes"
)
public struct SquarePhotoProcessor {
    /// Unavailable: removed; `VipsPhotoProcessor` in SocialModelPhotos processes photos.
    public init(sizes: [Int] = [1080, 320], pixelLimit: Int = 50_000_000, quality: Int = 85) {
        fatalError("unavailable")
    }
}

/// Unavailable: removed; `VipsPhotoProcessor` in SocialModelPhotos processes photos.
@available(
    *, unavailable,
    message:
        "BoundedPhotoProcessor was removed: use VipsPhotoProcessor(filters:) from the SocialModelPhotos product (a PhotoProcessor)"
)
public struct BoundedPhotoProcessor {
    /// Unavailable: removed; `VipsPhotoProcessor` in SocialModelPhotos processes photos.
    public init(sizes: [Int] = [1080, 320], pixelLimit: Int = 50_000_000, quality: Int = 85) {
        fatalError("unavailable")
    }
}

// MARK: - SocialNetwork: a photo processor, and one session for a signed-in user's calls (0.2.0)

extension SocialNetwork {
    /// Unavailable: pass a photo processor.
    @available(
        *, unavailable, renamed: "init(store:accounts:photos:policy:events:)",
        message: "Pass a PhotoProcessor: photos: VipsPhotoProcessor(filters: .shared) (SocialModelPhotos)"
    )
    public init(
        store: any NetworkStore, accounts: AccountService, policy: NetworkPolicy = NetworkPolicy(),
        events: NetworkEvents? = nil
    ) { fatalError("unavailable") }

    /// Unavailable: profiles are per session.
    @available(
        *, unavailable, renamed: "NetworkSession.profiles",
        message: "Authenticate once: network.session(token).profiles…, with no token argument"
    )
    public var profiles: ProfileService { fatalError("unavailable") }

    /// Unavailable: posts are per session.
    @available(
        *, unavailable, renamed: "NetworkSession.posts",
        message:
            "Authenticate once: network.session(token).posts.like(postID:)…; post photos are network.postPhoto(postID:size:)"
    )
    public var posts: PostService { fatalError("unavailable") }

    /// Unavailable: feeds are per session.
    @available(
        *, unavailable, renamed: "NetworkSession.feed",
        message: "Authenticate once: network.session(token).feed.home(order:), or network.homeFeed(token, order:)"
    )
    public var feed: FeedService { fatalError("unavailable") }

    /// Unavailable: notifications are per session.
    @available(
        *, unavailable, renamed: "NetworkSession.notifications",
        message: "Authenticate once: network.session(token).notifications…"
    )
    public var notifications: NotificationService { fatalError("unavailable") }

    /// Unavailable: messages are per session.
    @available(
        *, unavailable, renamed: "NetworkSession.messages",
        message: "Authenticate once: network.session(token).messages…"
    )
    public var messages: MessageService { fatalError("unavailable") }
}

extension PostService {
    /// Unavailable: post photos need no session.
    @available(
        *, unavailable, renamed: "SocialNetwork.postPhoto(postID:size:)",
        message: "Post photos need no session: network.postPhoto(postID:size:)"
    )
    public func photo(_ id: PostID, size: Int) async throws(NetworkError) -> Data { fatalError("unavailable") }
}

extension ProfileService {
    /// Unavailable: avatars need no session.
    @available(
        *, unavailable, renamed: "SocialNetwork.avatar(userID:size:)",
        message: "Avatars need no session: network.avatar(userID:size:)"
    )
    public func avatar(of userID: UserID, size: Int) async throws(NetworkError) -> Data { fatalError("unavailable") }
}

// MARK: - AccountService: a signed-in user's calls are on the session (0.2.0)

extension AccountService {
    /// Unavailable: renamed `session(_:)`.
    @available(
        *, unavailable, renamed: "session(_:)",
        message: "accounts.session(token) returns an AccountSession; its user is .user"
    )
    public func authenticate(_ token: SecretToken) async throws(AccountError) -> User { fatalError("unavailable") }

    /// Unavailable: on the session.
    @available(
        *, unavailable, renamed: "AccountSession.signOut()", message: "try await accounts.session(token).signOut()"
    )
    public func signOut(_ token: SecretToken) async throws(AccountError) { fatalError("unavailable") }

    /// Unavailable: on the session.
    @available(
        *, unavailable, renamed: "AccountSession.signOutEverywhere()",
        message: "try await accounts.session(token).signOutEverywhere()"
    )
    public func signOutEverywhere(_ token: SecretToken) async throws(AccountError) { fatalError("unavailable") }

    /// Unavailable: on the session.
    @available(
        *, unavailable, renamed: "AccountSession.updateProfile(_:)",
        message: "try await accounts.session(token).updateProfile(change)"
    )
    public func updateProfile(_ token: SecretToken, _ change: ProfileChange) async throws(AccountError) -> User {
        fatalError("unavailable")
    }

    /// Unavailable: on the session.
    @available(
        *, unavailable, renamed: "AccountSession.deleteAccount()",
        message: "try await accounts.session(token).deleteAccount()"
    )
    public func deleteAccount(_ token: SecretToken) async throws(AccountError) { fatalError("unavailable") }

    /// Unavailable: on the session.
    @available(
        *, unavailable, renamed: "AccountSession.linkProvider(_:providerToken:nonce:)",
        message: "try await accounts.session(token).linkProvider(provider, providerToken: …)"
    )
    public func linkProvider(_ token: SecretToken, provider: String, providerToken: String) async throws(AccountError) {
        fatalError("unavailable")
    }

    /// Unavailable: on the session.
    @available(
        *, unavailable, renamed: "AccountSession.unlinkProvider(_:subject:)",
        message: "try await accounts.session(token).unlinkProvider(provider, subject: …)"
    )
    public func unlinkProvider(_ token: SecretToken, provider: String, subject: String) async throws(AccountError) {
        fatalError("unavailable")
    }
}

// MARK: - RecipeService: a photo processor, and a signed-in user's calls on the session (0.2.0)

extension RecipeService {
    /// Unavailable: pass a photo processor.
    @available(
        *, unavailable, renamed: "init(store:accounts:photos:policy:)",
        message: "Pass a PhotoProcessor: photos: VipsPhotoProcessor(filters: .shared) (SocialModelPhotos)"
    )
    public init(store: any RecipeStore & UserStore, accounts: AccountService, policy: RecipePolicy = RecipePolicy()) {
        fatalError("unavailable")
    }

    /// Unavailable: on the session.
    @available(
        *, unavailable, renamed: "RecipeSession.publish(_:)", message: "try await recipes.session(token).publish(draft)"
    )
    public func publish(_ token: SecretToken, _ draft: RecipeDraft) async throws(RecipeError) -> Recipe {
        fatalError("unavailable")
    }

    /// Unavailable: on the session.
    @available(
        *, unavailable, renamed: "RecipeSession.likedPage(_:)",
        message: "try await recipes.session(token).likedPage(number)"
    )
    public func likedPage(_ token: SecretToken, _ number: Int = 1) async throws(RecipeError) -> RecipePage {
        fatalError("unavailable")
    }

    /// Unavailable: on the session.
    @available(
        *, unavailable, renamed: "RecipeSession.like(recipeID:)",
        message: "try await recipes.session(token).like(recipeID: id)"
    )
    public func like(_ token: SecretToken, _ id: RecipeID) async throws(RecipeError) -> Recipe {
        fatalError("unavailable")
    }

    /// Unavailable: on the session.
    @available(
        *, unavailable, renamed: "RecipeSession.unlike(recipeID:)",
        message: "try await recipes.session(token).unlike(recipeID: id)"
    )
    public func unlike(_ token: SecretToken, _ id: RecipeID) async throws(RecipeError) -> Recipe {
        fatalError("unavailable")
    }

    /// Unavailable: on the session.
    @available(
        *, unavailable, renamed: "RecipeSession.delete(recipeID:)",
        message: "try await recipes.session(token).delete(recipeID: id)"
    )
    public func delete(_ token: SecretToken, _ id: RecipeID) async throws(RecipeError) { fatalError("unavailable") }

    /// Unavailable: `detail(recipeID:)` here or on the session.
    @available(
        *, unavailable, renamed: "detail(recipeID:)",
        message: "recipes.detail(recipeID:) for anyone, recipes.session(token).detail(recipeID:) for a signed-in viewer"
    )
    public func detail(_ id: RecipeID, viewer token: SecretToken? = nil) async throws(RecipeError) -> RecipeDetail {
        fatalError("unavailable")
    }

    /// Unavailable: renamed `photo(recipeID:size:)`.
    @available(*, unavailable, renamed: "photo(recipeID:size:)", message: "recipes.photo(recipeID: id, size: size)")
    public func photo(_ id: RecipeID, size: Int) async throws(RecipeError) -> Data { fatalError("unavailable") }
}

// MARK: - MealPlanService: a signed-in user's calls on the session (0.2.0)

extension MealPlanService {
    /// Unavailable: on the session.
    @available(
        *, unavailable, renamed: "MealPlanSession.setBodyProfile(_:)",
        message: "try await meals.session(token).setBodyProfile(profile)"
    )
    public func setBodyProfile(_ token: SecretToken, _ profile: BodyProfile) async throws(MealPlanError) {
        fatalError("unavailable")
    }

    /// Unavailable: on the session.
    @available(
        *, unavailable, renamed: "MealPlanSession.bodyProfile()",
        message: "try await meals.session(token).bodyProfile()"
    )
    public func bodyProfile(_ token: SecretToken) async throws(MealPlanError) -> BodyProfile? {
        fatalError("unavailable")
    }

    /// Unavailable: on the session.
    @available(
        *, unavailable, renamed: "MealPlanSession.mealPlan()", message: "try await meals.session(token).mealPlan()"
    )
    public func mealPlan(_ token: SecretToken) async throws(MealPlanError) -> MealPlan { fatalError("unavailable") }
}

// MARK: - Stores (0.2.0)

extension RecipeStore {
    /// Unavailable: renamed `setRecipeLike(recipeID:userID:liked:at:)`.
    @available(
        *, unavailable, renamed: "setRecipeLike(recipeID:userID:liked:at:)",
        message: "renamed setRecipeLike(recipeID:userID:liked:at:)"
    )
    public func setLike(recipeID: RecipeID, userID: UserID, liked: Bool, at date: Date) async throws(StoreError) -> Bool
    {
        fatalError("unavailable")
    }

    /// Unavailable: renamed `isRecipeLiked(recipeID:userID:)`.
    @available(
        *, unavailable, renamed: "isRecipeLiked(recipeID:userID:)", message: "renamed isRecipeLiked(recipeID:userID:)"
    )
    public func isLiked(recipeID: RecipeID, userID: UserID) async throws(StoreError) -> Bool {
        fatalError("unavailable")
    }
}

extension StoreLocation {
    /// Unavailable: `open(logger:)` in SocialModelPostgres.
    @available(
        *, unavailable, renamed: "open(logger:)",
        message: "Pass the Logger the store should log to: open(logger:), from the SocialModelPostgres product"
    )
    public func open() async throws(StoreError) -> any SocialStore { fatalError("unavailable") }
}

// MARK: - Meal planner (0.3.0)

extension ActivityLevel {
    /// Unavailable: give hours of exercise a day.
    @available(
        *, unavailable,
        message:
            "Use init?(exerciseHoursPerDay:) with hours a day; the bands differ (under ½ h none, ½ h light, 1 h moderate, 2 h medium, 3 h or more heavy)"
    )
    public init?(exerciseHoursPerWeek hours: Double) { fatalError("unavailable") }
}

// MARK: - Held messages (0.11.0)

extension MessagePhoto {
    /// Unavailable: a message photo carries its sender and whether it is held.
    @available(
        *, unavailable, renamed: "init(messageID:conversationID:senderID:jpeg:held:)",
        message: "Pass the message's sender (and held: true for a photo a content check holds)"
    )
    public init(messageID: MessageID, conversationID: ConversationID, jpeg: Data) { fatalError("unavailable") }
}

// MARK: - Released messages (0.12.0)

extension MessageStore {
    /// Unavailable: a release says when it happens and returns the message as delivered.
    @available(
        *, unavailable, renamed: "releaseMessage(id:at:)",
        message:
            "Pass the moment of the release: the message is delivered as if sent then; the store returns it, or nil"
    )
    public func releaseMessage(id: MessageID) async throws(StoreError) { fatalError("unavailable") }
}
