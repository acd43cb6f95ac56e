import Foundation

/// Persists recipes, their photos and likes.
///
/// The rules (validation, authorization, page size) live in ``RecipeService``. A recipe's
/// ``Recipe/likeCount`` is kept by the store as likes come and go, including when a liking user
/// is deleted. Deleting a user deletes their recipes and likes.
public protocol RecipeStore: Sendable {
    /// Adds a recipe with its photo sizes; ``Recipe/likeCount`` is ignored (a new recipe has none).
    /// - Parameters:
    ///   - recipe: the recipe.
    ///   - photos: its photo sizes (none when it has no photo).
    /// - Throws: ``StoreError/missingReference`` if the author does not exist, ``StoreError/duplicate(_:)``.
    func insertRecipe(_ recipe: Recipe, photos: [RecipePhoto]) async throws(StoreError)
    /// The recipe with this id, with its like count.
    /// - Parameter id: the recipe's id.
    /// - Returns: the recipe, or `nil`.
    /// - Throws: ``StoreError`` when the store fails.
    func recipe(id: RecipeID) async throws(StoreError) -> Recipe?
    /// A slice of all recipes in `order`: newest is `createdAt` descending then id descending;
    /// most liked is `likeCount` descending, then as newest.
    /// - Parameters:
    ///   - order: the order.
    ///   - offset: how many to skip.
    ///   - limit: the most to return.
    /// - Returns: the recipes.
    /// - Throws: ``StoreError`` when the store fails.
    func recipes(order: RecipeOrder, offset: Int, limit: Int) async throws(StoreError) -> [Recipe]
    /// How many recipes there are.
    /// - Returns: the count.
    /// - Throws: ``StoreError`` when the store fails.
    func recipeCount() async throws(StoreError) -> Int
    /// A slice of the recipes a user likes, most recently liked first (ties by recipe id descending).
    /// - Parameters:
    ///   - userID: the user's id.
    ///   - offset: how many to skip.
    ///   - limit: the most to return.
    /// - Returns: the recipes.
    /// - Throws: ``StoreError`` when the store fails.
    func likedRecipes(userID: UserID, offset: Int, limit: Int) async throws(StoreError) -> [Recipe]
    /// How many recipes a user likes.
    /// - Parameter userID: the user's id.
    /// - Returns: the count.
    /// - Throws: ``StoreError`` when the store fails.
    func likedRecipeCount(userID: UserID) async throws(StoreError) -> Int
    /// Deletes a recipe with its photos and likes.
    /// - Parameter id: the recipe's id.
    /// - Returns: whether it existed.
    /// - Throws: ``StoreError`` when the store fails.
    func deleteRecipe(id: RecipeID) async throws(StoreError) -> Bool

    /// Likes (or unlikes) a recipe for a user; doing it twice changes nothing.
    /// - Parameters:
    ///   - recipeID: the recipe's id.
    ///   - userID: the user's id.
    ///   - liked: whether the user likes it afterwards.
    ///   - date: when.
    /// - Returns: whether anything changed.
    /// - Throws: ``StoreError/missingReference`` when liking a recipe or as a user that does not exist.
    func setRecipeLike(recipeID: RecipeID, userID: UserID, liked: Bool, at date: Date) async throws(StoreError)
        -> Bool
    /// Whether the user likes the recipe.
    /// - Parameters:
    ///   - recipeID: the recipe's id.
    ///   - userID: the user's id.
    /// - Returns: whether a like exists.
    /// - Throws: ``StoreError`` when the store fails.
    func isRecipeLiked(recipeID: RecipeID, userID: UserID) async throws(StoreError) -> Bool

    /// The photo of a recipe at one of its stored sizes.
    /// - Parameters:
    ///   - recipeID: the recipe's id.
    ///   - size: the side in pixels.
    /// - Returns: the photo, or `nil`.
    /// - Throws: ``StoreError`` when the store fails.
    func recipePhoto(recipeID: RecipeID, size: Int) async throws(StoreError) -> RecipePhoto?
}

/// Persists each user's body profile, for the meal planner. Deleting a user deletes it.
public protocol BodyProfileStore: Sendable {
    /// A user's body profile.
    /// - Parameter userID: the user's id.
    /// - Returns: the profile, or `nil` if none was set.
    /// - Throws: ``StoreError`` when the store fails.
    func bodyProfile(userID: UserID) async throws(StoreError) -> BodyProfile?
    /// Sets or replaces a user's body profile.
    /// - Parameters:
    ///   - profile: the profile.
    ///   - userID: the user's id.
    /// - Throws: ``StoreError/missingReference`` if the user does not exist.
    func setBodyProfile(_ profile: BodyProfile, userID: UserID) async throws(StoreError)
}
