import Foundation

/// Recipes: publishing with a processed photo, pages of 10 by newest or most liked, details,
/// idempotent likes, each user's liked list, and deletion by the author only.
public struct RecipeService: Sendable {
    /// Recipes on a page.
    public static let pageSize = 10

    /// Where recipes are kept; the same store the account service uses.
    public let store: any SocialStore
    /// Resolves session tokens to users.
    public let accounts: AccountService
    /// Makes the square photo sizes.
    public let photos: SquarePhotoProcessor
    /// Limits on recipes.
    public let policy: RecipePolicy

    /// Creates the service over the same store as `accounts`.
    public init(
        store: any SocialStore, accounts: AccountService, photos: SquarePhotoProcessor = SquarePhotoProcessor(),
        policy: RecipePolicy = RecipePolicy()
    ) {
        self.store = store
        self.accounts = accounts
        self.photos = photos
        self.policy = policy
    }

    /// Publishes a recipe by the session's user. The photo is processed before anything is stored,
    /// so a bad photo leaves no recipe behind.
    /// - Throws: ``RecipeError/invalid(_:)``, ``RecipeError/photo(_:)``, ``RecipeError/account(_:)``.
    public func publish(_ token: SecretToken, _ draft: RecipeDraft) async throws(RecipeError) -> Recipe {
        let author = try await user(token)
        var draft = draft
        draft.name = AccountValidator.normalizedLine(draft.name)
        draft.ingredients = draft.ingredients.map(AccountValidator.normalizedLine)
        draft.steps = draft.steps.map(AccountValidator.normalizedLine)
        let violations = policy.violations(of: draft)
        guard violations.isEmpty else { throw .invalid(violations) }
        var squares: [Int: Data] = [:]
        if let photo = draft.photo {
            do {
                squares = try photos.process(photo)
            } catch {
                throw .photo(error)
            }
        }
        let recipe = Recipe(
            id: .random(), authorID: author.id, name: draft.name, preparationMinutes: draft.preparationMinutes,
            ingredients: draft.ingredients, steps: draft.steps, hasPhoto: !squares.isEmpty,
            createdAt: accounts.clock.now())
        let stored = squares.sorted { $0.key > $1.key }.map {
            RecipePhoto(recipeID: recipe.id, size: $0.key, jpeg: $0.value)
        }
        try await fromStore { try await store.insertRecipe(recipe, photos: stored) }
        return recipe
    }

    /// One page of all recipes, pages numbered from 1.
    public func page(_ number: Int = 1, order: RecipeOrder = .newest) async throws(RecipeError) -> RecipePage {
        guard number >= 1 else { throw .invalidPage(number) }
        let total = try await fromStore { try await store.recipeCount() }
        let recipes = try await fromStore {
            try await store.recipes(order: order, offset: (number - 1) * Self.pageSize, limit: Self.pageSize)
        }
        return RecipePage(recipes: recipes, number: number, totalCount: total, pageCount: Self.pageCount(total))
    }

    /// One page of the recipes the session's user likes, most recently liked first.
    public func likedPage(_ token: SecretToken, _ number: Int = 1) async throws(RecipeError) -> RecipePage {
        guard number >= 1 else { throw .invalidPage(number) }
        let viewer = try await user(token)
        let total = try await fromStore { try await store.likedRecipeCount(userID: viewer.id) }
        let recipes = try await fromStore {
            try await store.likedRecipes(userID: viewer.id, offset: (number - 1) * Self.pageSize, limit: Self.pageSize)
        }
        return RecipePage(recipes: recipes, number: number, totalCount: total, pageCount: Self.pageCount(total))
    }

    /// A recipe with its author and whether the viewer (if signed in) likes it.
    public func detail(_ id: RecipeID, viewer token: SecretToken? = nil) async throws(RecipeError) -> RecipeDetail {
        let recipe = try await existing(id)
        let author = try await fromStore { try await store.user(id: recipe.authorID) }
        var liked = false
        if let token {
            let viewer = try await user(token)
            liked = try await fromStore { try await store.isLiked(recipeID: id, userID: viewer.id) }
        }
        return RecipeDetail(recipe: recipe, author: author, likedByViewer: liked)
    }

    /// Likes a recipe; liking it again changes nothing. Returns the recipe with its new count.
    @discardableResult
    public func like(_ token: SecretToken, _ id: RecipeID) async throws(RecipeError) -> Recipe {
        try await setLike(token, id, liked: true)
    }

    /// Takes a like back; unliking twice changes nothing. Returns the recipe with its new count.
    @discardableResult
    public func unlike(_ token: SecretToken, _ id: RecipeID) async throws(RecipeError) -> Recipe {
        try await setLike(token, id, liked: false)
    }

    /// Deletes a recipe, its photos and likes.
    /// - Throws: ``RecipeError/forbidden`` unless the session's user wrote it.
    public func delete(_ token: SecretToken, _ id: RecipeID) async throws(RecipeError) {
        let viewer = try await user(token)
        let recipe = try await existing(id)
        guard recipe.authorID == viewer.id else { throw .forbidden }
        _ = try await fromStore { try await store.deleteRecipe(id: id) }
    }

    /// The recipe's photo at one of the processor's sizes, as JPEG.
    public func photo(_ id: RecipeID, size: Int) async throws(RecipeError) -> Data {
        guard let photo = try await fromStore({ try await store.recipePhoto(recipeID: id, size: size) }) else {
            throw .notFound
        }
        return photo.jpeg
    }

    static func pageCount(_ total: Int) -> Int {
        max(1, (total + pageSize - 1) / pageSize)
    }

    func setLike(_ token: SecretToken, _ id: RecipeID, liked: Bool) async throws(RecipeError) -> Recipe {
        let viewer = try await user(token)
        _ = try await existing(id)
        let now = accounts.clock.now()
        do {
            _ = try await store.setLike(recipeID: id, userID: viewer.id, liked: liked, at: now)
        } catch .missingReference {
            throw .notFound  // deleted meanwhile
        } catch {
            throw .storage(error)
        }
        return try await existing(id)
    }

    func existing(_ id: RecipeID) async throws(RecipeError) -> Recipe {
        guard let recipe = try await fromStore({ try await store.recipe(id: id) }) else { throw .notFound }
        return recipe
    }

    func user(_ token: SecretToken) async throws(RecipeError) -> User {
        do {
            return try await accounts.authenticate(token)
        } catch {
            throw .account(error)
        }
    }

    func fromStore<T>(_ body: () async throws -> T) async throws(RecipeError) -> T {
        try await callStore(RecipeError.storage, body)
    }
}
