import Foundation

/// Persists recipes, their photos and likes, and body profiles.
///
/// As with ``AccountStore``, every method is one atomic step and the rules (validation,
/// authorization, page size) live in ``RecipeService`` and ``MealPlanService``. A recipe's
/// ``Recipe/likeCount`` is kept by the store as likes come and go, including when a liking user
/// is deleted. Deleting a user deletes their recipes, likes and body profile.
public protocol RecipeStore: Sendable {
    /// Adds a recipe with its photo sizes; ``Recipe/likeCount`` is ignored (a new recipe has none).
    /// - Throws: ``StoreError/missingReference`` if the author does not exist, ``StoreError/duplicate(_:)``.
    func insertRecipe(_ recipe: Recipe, photos: [RecipePhoto]) async throws(StoreError)
    /// The recipe with this id.
    func recipe(id: RecipeID) async throws(StoreError) -> Recipe?
    /// A slice of all recipes in `order`: newest is `createdAt` descending then id descending;
    /// most liked is `likeCount` descending, then as newest.
    func recipes(order: RecipeOrder, offset: Int, limit: Int) async throws(StoreError) -> [Recipe]
    /// How many recipes there are.
    func recipeCount() async throws(StoreError) -> Int
    /// A slice of the recipes a user likes, most recently liked first (ties by recipe id descending).
    func likedRecipes(userID: UserID, offset: Int, limit: Int) async throws(StoreError) -> [Recipe]
    /// How many recipes a user likes.
    func likedRecipeCount(userID: UserID) async throws(StoreError) -> Int
    /// Deletes a recipe with its photos and likes; returns whether it existed.
    func deleteRecipe(id: RecipeID) async throws(StoreError) -> Bool

    /// Likes (or unlikes) a recipe for a user; doing it twice changes nothing. Returns whether
    /// anything changed.
    /// - Throws: ``StoreError/missingReference`` when liking a recipe or as a user that does not exist.
    func setLike(recipeID: RecipeID, userID: UserID, liked: Bool, at date: Date) async throws(StoreError) -> Bool
    /// Whether the user likes the recipe.
    func isLiked(recipeID: RecipeID, userID: UserID) async throws(StoreError) -> Bool

    /// The photo of a recipe at one of its stored sizes.
    func recipePhoto(recipeID: RecipeID, size: Int) async throws(StoreError) -> RecipePhoto?

    /// A user's body profile.
    func bodyProfile(userID: UserID) async throws(StoreError) -> BodyProfile?
    /// Sets or replaces a user's body profile.
    /// - Throws: ``StoreError/missingReference`` if the user does not exist.
    func setBodyProfile(_ profile: BodyProfile, userID: UserID) async throws(StoreError)
}
