import Foundation
import SocialModel
import SocialModelAPI

extension SocialClientSession {
    /// A page of 10 recipes.
    /// - Parameters:
    ///   - page: the page, from 1.
    ///   - order: newest or most liked first.
    /// - Returns: the page with the list's totals.
    /// - Throws: ``SocialClientError/api(_:)`` with `invalid-parameter` for a page below 1.
    public func recipes(page: Int = 1, order: RecipeOrder = .newest) async throws(SocialClientError) -> RecipePage {
        try await json(
            RecipePage.self, "GET", ["recipes"],
            query: [
                URLQueryItem(name: "page", value: String(page)), URLQueryItem(name: "order", value: order.rawValue),
            ])
    }

    /// The page of a recipe list a previous page's `RecipePage.next` leads to, in that page's order.
    /// - Parameter cursor: the previous page's `next`.
    /// - Returns: the page with the list's totals.
    /// - Throws: ``SocialClientError/api(_:)`` with `invalid-parameter` for a cursor of the liked list.
    public func recipes(after cursor: RecipeCursor) async throws(SocialClientError) -> RecipePage {
        try await json(
            RecipePage.self, "GET", ["recipes"], query: [URLQueryItem(name: "after", value: cursor.description)])
    }

    /// Publishes a recipe (its photo, if any, travels base64 in the JSON draft).
    /// - Parameter draft: the recipe.
    /// - Returns: the new recipe.
    /// - Throws: ``SocialClientError/api(_:)`` with `invalid` listing every broken rule, `photo-unusable`
    ///   or `body-too-large`.
    public func publishRecipe(_ draft: RecipeDraft) async throws(SocialClientError) -> Recipe {
        try await json(Recipe.self, "POST", ["recipes"], body: draft, expect: 201)
    }

    /// A recipe with its author and whether the user likes it.
    /// - Parameter recipeID: the recipe.
    /// - Returns: the detail.
    /// - Throws: ``SocialClientError/api(_:)`` with `not-found`.
    public func recipe(recipeID: RecipeID) async throws(SocialClientError) -> RecipeDetail {
        try await json(RecipeDetail.self, "GET", ["recipes", recipeID.rawValue])
    }

    /// Deletes one's own recipe.
    /// - Parameter recipeID: the recipe.
    /// - Throws: ``SocialClientError/api(_:)`` with `forbidden` or `not-found`.
    public func deleteRecipe(recipeID: RecipeID) async throws(SocialClientError) {
        try await noContent("DELETE", ["recipes", recipeID.rawValue])
    }

    /// Likes a recipe.
    /// - Parameter recipeID: the recipe.
    /// - Returns: the recipe with its new count.
    /// - Throws: ``SocialClientError/api(_:)`` with `not-found`.
    @discardableResult
    public func likeRecipe(recipeID: RecipeID) async throws(SocialClientError) -> Recipe {
        try await json(Recipe.self, "PUT", ["recipes", recipeID.rawValue, "like"])
    }

    /// Takes a like of a recipe back.
    /// - Parameter recipeID: the recipe.
    /// - Returns: the recipe with its new count.
    /// - Throws: ``SocialClientError/api(_:)`` with `not-found`.
    @discardableResult
    public func unlikeRecipe(recipeID: RecipeID) async throws(SocialClientError) -> Recipe {
        try await json(Recipe.self, "DELETE", ["recipes", recipeID.rawValue, "like"])
    }

    /// A page of 10 of the recipes the user likes, most recently liked first.
    /// - Parameter page: the page, from 1.
    /// - Returns: the page with the list's totals.
    /// - Throws: ``SocialClientError/api(_:)`` with `invalid-parameter` for a page below 1.
    public func likedRecipes(page: Int = 1) async throws(SocialClientError) -> RecipePage {
        try await json(
            RecipePage.self, "GET", ["me", "liked-recipes"], query: [URLQueryItem(name: "page", value: String(page))])
    }

    /// The page of the liked recipes a previous page's `RecipePage.next` leads to.
    /// - Parameter cursor: the previous page's `next`.
    /// - Returns: the page with the list's totals.
    /// - Throws: ``SocialClientError/api(_:)`` with `invalid-parameter` for a cursor of another list.
    public func likedRecipes(after cursor: RecipeCursor) async throws(SocialClientError) -> RecipePage {
        try await json(
            RecipePage.self, "GET", ["me", "liked-recipes"],
            query: [URLQueryItem(name: "after", value: cursor.description)])
    }

    // MARK: Meal plans

    /// The user's body profile.
    /// - Returns: the profile.
    /// - Throws: ``SocialClientError/api(_:)`` with `not-found` (entity `body-profile`) until one is set.
    public func bodyProfile() async throws(SocialClientError) -> BodyProfile {
        try await json(BodyProfile.self, "GET", ["me", "body-profile"])
    }

    /// Sets the user's body profile.
    /// - Parameter profile: the measurements.
    /// - Returns: the profile as stored.
    /// - Throws: ``SocialClientError/api(_:)`` with `invalid` listing every implausible value.
    @discardableResult
    public func setBodyProfile(_ profile: BodyProfile) async throws(SocialClientError) -> BodyProfile {
        try await json(BodyProfile.self, "PUT", ["me", "body-profile"], body: profile)
    }

    /// The meal plan made from the user's body profile.
    /// - Parameter equation: the basal-metabolic-rate equation; Harris–Benedict by default.
    /// - Returns: the plan.
    /// - Throws: ``SocialClientError/api(_:)`` with `not-found` (entity `body-profile`) until a profile is set.
    public func mealPlan(equation: BMREquation = .harrisBenedict) async throws(SocialClientError) -> MealPlan {
        try await json(
            MealPlan.self, "GET", ["me", "meal-plan"],
            query: [URLQueryItem(name: "equation", value: equation.rawValue)])
    }
}
