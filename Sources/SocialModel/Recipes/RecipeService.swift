import Foundation

/// Recipes: pages of 10 by newest or most liked and details for anyone; publishing with a
/// processed photo, idempotent likes, each user's liked list and deletion by the author through
/// a ``RecipeSession``.
public struct RecipeService: Sendable {
    /// Recipes on a page.
    public static let pageSize = 10

    /// Where recipes are kept, with the users who wrote them; usually the accounts' store.
    public let store: any RecipeStore & UserStore
    /// Authenticates session tokens.
    public let accounts: AccountService
    /// Makes the square photo sizes.
    public let photos: any PhotoProcessor
    /// Limits on recipes and their photos.
    public let policy: RecipePolicy

    /// Creates the service.
    /// - Parameters:
    ///   - store: where recipes are kept.
    ///   - accounts: authenticates session tokens; its clock dates recipes and likes.
    ///   - photos: makes the square photo sizes (`VipsPhotoProcessor` from `SocialModelPhotos`).
    ///   - policy: limits on recipes and their photos.
    public init(
        store: any RecipeStore & UserStore, accounts: AccountService, photos: any PhotoProcessor,
        policy: RecipePolicy = RecipePolicy()
    ) {
        self.store = store
        self.accounts = accounts
        self.photos = photos
        self.policy = policy
    }

    /// Authenticates a session token once, for a run of calls as its user.
    /// - Parameter token: the bearer token a sign-in returned.
    /// - Returns: the recipes as that user acts on them.
    /// - Throws: ``RecipeError/account(_:)`` with ``AccountError/unauthorized`` for an unknown,
    ///   revoked or expired token.
    public func session(_ token: SecretToken) async throws(RecipeError) -> RecipeSession {
        session(try await accounts.session(token, RecipeError.account))
    }

    /// The recipes as an account already authenticated acts on them.
    /// - Parameter account: a session from ``AccountService/session(_:)``.
    /// - Returns: the session.
    public func session(_ account: AccountSession) -> RecipeSession {
        RecipeSession(service: self, actor: account.user)
    }

    /// One page of all recipes, pages numbered from 1.
    /// - Parameters:
    ///   - number: the page, from 1.
    ///   - order: newest or most liked first.
    /// - Returns: the page with the list's totals; a page past the last one (up to `Int.max`) is empty.
    /// - Throws: ``RecipeError/invalidPage(_:)`` below 1.
    public func page(_ number: Int = 1, order: RecipeOrder = .newest) async throws(RecipeError) -> RecipePage {
        try Self.requireValidPage(number)
        let total = try await fromStore { try await store.recipeCount() }
        var recipes: [Recipe] = []
        if let offset = Self.offset(ofPage: number, total: total) {
            recipes = try await fromStore {
                try await store.recipes(order: order, offset: offset, limit: Self.pageSize)
            }
        }
        return Self.page(recipes, number: number, total: total, order: order)
    }

    /// A recipe with its author, as anyone sees it (``RecipeDetail/likedByViewer`` is false;
    /// ``RecipeSession/detail(recipeID:)`` fills it in).
    /// - Parameter recipeID: the recipe's id.
    /// - Returns: the detail.
    /// - Throws: ``RecipeError/notFound``.
    public func detail(recipeID: RecipeID) async throws(RecipeError) -> RecipeDetail {
        let recipe = try await existing(recipeID)
        let author = try await fromStore { try await store.user(id: recipe.authorID) }
        return RecipeDetail(recipe: recipe, author: author?.publicView, likedByViewer: false)
    }

    /// The recipe's photo at one of the policy's sizes, as JPEG.
    /// - Parameters:
    ///   - recipeID: the recipe's id.
    ///   - size: one of ``RecipePolicy/photoSizes``.
    /// - Returns: the JPEG.
    /// - Throws: ``RecipeError/notFound`` when there is no such photo.
    public func photo(recipeID: RecipeID, size: Int) async throws(RecipeError) -> Data {
        guard let photo = try await fromStore({ try await store.recipePhoto(recipeID: recipeID, size: size) }) else {
            throw .notFound
        }
        return photo.jpeg
    }

    static func pageCount(_ total: Int) -> Int {
        max(1, total / pageSize + (total % pageSize == 0 ? 0 : 1))
    }

    /// A page with its totals and, unless it is the last, the cursor of the next one.
    static func page(_ recipes: [Recipe], number: Int, total: Int, order: RecipeOrder?) -> RecipePage {
        let pageCount = pageCount(total)
        return RecipePage(
            recipes: recipes, number: number, totalCount: total, pageCount: pageCount,
            next: number < pageCount ? RecipeCursor(order: order, page: number + 1) : nil)
    }

    static func requireValidPage(_ number: Int) throws(RecipeError) {
        guard number >= 1 else { throw .invalidPage(number) }
    }

    /// Where page `number` (from 1) starts in a list of `total` recipes, or `nil` when it starts
    /// past the end: then there is nothing to read, and its offset may not even fit in an `Int`.
    static func offset(ofPage number: Int, total: Int) -> Int? {
        let (offset, overflow) = (number - 1).multipliedReportingOverflow(by: pageSize)
        guard !overflow, (0..<total).contains(offset) else { return nil }
        return offset
    }

    func existing(_ id: RecipeID) async throws(RecipeError) -> Recipe {
        guard let recipe = try await fromStore({ try await store.recipe(id: id) }) else { throw .notFound }
        return recipe
    }

    func fromStore<T>(_ body: () async throws -> T) async throws(RecipeError) -> T {
        try await callStore(RecipeError.storage, body)
    }
}

/// Recipes as one signed-in user publishes, likes and deletes them, from ``RecipeService/session(_:)-(SecretToken)``.
public struct RecipeSession: Sendable {
    let service: RecipeService
    /// The signed-in user.
    public let actor: User

    var store: any RecipeStore & UserStore { service.store }

    /// Publishes a recipe. The photo is processed before anything is stored, so a bad photo
    /// leaves no recipe behind.
    /// - Parameter draft: the recipe.
    /// - Returns: the new recipe.
    /// - Throws: ``RecipeError/invalid(_:)`` listing every broken rule, ``RecipeError/photo(_:)``.
    public func publish(_ draft: RecipeDraft) async throws(RecipeError) -> Recipe {
        var draft = draft
        draft.name = AccountValidator.normalizedLine(draft.name)
        draft.ingredients = draft.ingredients.map(AccountValidator.normalizedLine)
        draft.steps = draft.steps.map(AccountValidator.normalizedLine)
        let violations = service.policy.violations(of: draft)
        guard violations.isEmpty else { throw .invalid(violations) }
        var squares: [Int: Data] = [:]
        if let photo = draft.photo {
            do {
                squares = try await service.photos.squares(
                    photo, sizes: service.policy.photoSizes, pixelLimit: service.policy.photoPixelLimit)
            } catch {
                throw .photo(error)
            }
        }
        let recipe = Recipe(
            id: .random(), authorID: actor.id, name: draft.name, preparationMinutes: draft.preparationMinutes,
            ingredients: draft.ingredients, steps: draft.steps, hasPhoto: !squares.isEmpty,
            createdAt: service.accounts.clock.now())
        let stored = squares.sorted { $0.key > $1.key }.map {
            RecipePhoto(recipeID: recipe.id, size: $0.key, jpeg: $0.value)
        }
        try await service.fromStore { try await store.insertRecipe(recipe, photos: stored) }
        return recipe
    }

    /// A recipe with its author and whether the signed-in user likes it.
    /// - Parameter recipeID: the recipe's id.
    /// - Returns: the detail.
    /// - Throws: ``RecipeError/notFound``.
    public func detail(recipeID: RecipeID) async throws(RecipeError) -> RecipeDetail {
        var detail = try await service.detail(recipeID: recipeID)
        detail.likedByViewer = try await service.fromStore {
            try await store.isRecipeLiked(recipeID: recipeID, userID: actor.id)
        }
        return detail
    }

    /// One page of the recipes the signed-in user likes, most recently liked first.
    /// - Parameter number: the page, from 1.
    /// - Returns: the page with the list's totals; a page past the last one (up to `Int.max`) is empty.
    /// - Throws: ``RecipeError/invalidPage(_:)`` below 1.
    public func likedPage(_ number: Int = 1) async throws(RecipeError) -> RecipePage {
        try RecipeService.requireValidPage(number)
        let total = try await service.fromStore { try await store.likedRecipeCount(userID: actor.id) }
        var recipes: [Recipe] = []
        if let offset = RecipeService.offset(ofPage: number, total: total) {
            recipes = try await service.fromStore {
                try await store.likedRecipes(userID: actor.id, offset: offset, limit: RecipeService.pageSize)
            }
        }
        return RecipeService.page(recipes, number: number, total: total, order: nil)
    }

    /// Likes a recipe; liking it again changes nothing.
    /// - Parameter recipeID: the recipe's id.
    /// - Returns: the recipe with its new count.
    /// - Throws: ``RecipeError/notFound``.
    @discardableResult
    public func like(recipeID: RecipeID) async throws(RecipeError) -> Recipe {
        try await setLike(recipeID, liked: true)
    }

    /// Takes a like back; unliking twice changes nothing.
    /// - Parameter recipeID: the recipe's id.
    /// - Returns: the recipe with its new count.
    /// - Throws: ``RecipeError/notFound``.
    @discardableResult
    public func unlike(recipeID: RecipeID) async throws(RecipeError) -> Recipe {
        try await setLike(recipeID, liked: false)
    }

    /// Deletes a recipe, its photos and likes.
    /// - Parameter recipeID: the recipe's id.
    /// - Throws: ``RecipeError/forbidden`` unless the signed-in user wrote it, ``RecipeError/notFound``.
    public func delete(recipeID: RecipeID) async throws(RecipeError) {
        let recipe = try await service.existing(recipeID)
        guard recipe.authorID == actor.id else { throw .forbidden }
        _ = try await service.fromStore { try await store.deleteRecipe(id: recipeID) }
    }

    func setLike(_ id: RecipeID, liked: Bool) async throws(RecipeError) -> Recipe {
        _ = try await service.existing(id)
        let now = service.accounts.clock.now()
        do {
            _ = try await store.setRecipeLike(recipeID: id, userID: actor.id, liked: liked, at: now)
        } catch .missingReference {
            throw .notFound  // deleted meanwhile
        } catch {
            throw .storage(error)
        }
        return try await service.existing(id)
    }
}
