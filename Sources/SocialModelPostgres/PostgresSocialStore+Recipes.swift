import Foundation
import PostgresNIO
import SocialModel
import SocialModelSQL

extension PostgresSocialStore: RecipeStore {
    /// Adds a recipe and its photos in one transaction.
    ///
    /// - Throws: `StoreError/missingReference` if the author does not exist, `StoreError/duplicate(_:)`.
    public func insertRecipe(_ recipe: Recipe, photos: [RecipePhoto]) async throws(StoreError) {
        try await transaction { connection in
            try await connection.query(RecipeSQL.insert(recipe), logger: logger)
            for photo in photos {
                try await connection.query(
                    PhotoSQL.recipes.insert(recipe.id.rawValue, size: photo.size, jpeg: photo.jpeg), logger: logger)
            }
        }
    }

    /// The recipe with this id.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recipe(id: RecipeID) async throws(StoreError) -> Recipe? {
        try await fetchOne(RecipeSQL.recipe(id: id)) { try $0.recipe() }
    }

    /// A slice of all recipes in the order; each order is one index scan (`recipes_newest`,
    /// `recipes_most_liked`).
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recipes(order: RecipeOrder, offset: Int, limit: Int) async throws(StoreError) -> [Recipe] {
        try await fetch(RecipeSQL.recipes(order: order, offset: offset, limit: limit)) { try $0.recipe() }
    }

    /// How many recipes there are.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recipeCount() async throws(StoreError) -> Int {
        try await fetchOne(RecipeSQL.count) { try $0.int() } ?? 0
    }

    /// A slice of the recipes a user likes, most recently liked first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func likedRecipes(userID: UserID, offset: Int, limit: Int) async throws(StoreError) -> [Recipe] {
        try await fetch(RecipeSQL.liked(userID: userID, offset: offset, limit: limit)) { try $0.recipe() }
    }

    /// How many recipes a user likes.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func likedRecipeCount(userID: UserID) async throws(StoreError) -> Int {
        try await fetchOne(RecipeSQL.likedCount(userID: userID)) { try $0.int() } ?? 0
    }

    /// Deletes a recipe; its photos and likes go by cascade.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteRecipe(id: RecipeID) async throws(StoreError) -> Bool {
        try await rowCount(RecipeSQL.delete(id: id)) > 0
    }

    /// Likes or unlikes; the count follows through the table's trigger in the same transaction,
    /// and the primary key makes a second like (even a racing one) change nothing.
    ///
    /// - Throws: `StoreError/missingReference` when liking a recipe or as a user that does not exist.
    public func setRecipeLike(recipeID: RecipeID, userID: UserID, liked: Bool, at date: Date)
        async throws(StoreError) -> Bool
    {
        let (recipe, user, link) = (recipeID.rawValue, userID.rawValue, LinkSQL.recipeLikes)
        return try await toggle(
            liked, add: link.add(recipe, user, at: date), remove: link.remove(recipe, user),
            notification: nil)
    }

    /// Whether the user likes the recipe.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func isRecipeLiked(recipeID: RecipeID, userID: UserID) async throws(StoreError) -> Bool {
        try await fetchOne(LinkSQL.recipeLikes.exists(recipeID.rawValue, userID.rawValue)) { try $0.bool() } ?? false
    }

    /// One stored size of a recipe's photo.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recipePhoto(recipeID: RecipeID, size: Int) async throws(StoreError) -> RecipePhoto? {
        try await fetchOne(PhotoSQL.recipes.photo(recipeID.rawValue, size: size)) {
            RecipePhoto(recipeID: recipeID, size: size, jpeg: try $0.data())
        }
    }
}

extension PostgresSocialStore: BodyProfileStore {
    /// A user's body profile.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func bodyProfile(userID: UserID) async throws(StoreError) -> BodyProfile? {
        try await fetchOne(RecipeSQL.bodyProfile(userID: userID)) { try $0.bodyProfile() } ?? nil
    }

    /// Sets or replaces a user's body profile.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist.
    public func setBodyProfile(_ profile: BodyProfile, userID: UserID) async throws(StoreError) {
        _ = try await rowCount(RecipeSQL.setBodyProfile(profile, userID: userID))
    }
}
