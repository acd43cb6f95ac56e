import Foundation
import SocialModel

extension InMemorySocialStore: RecipeStore {
    /// Adds a recipe with its photos.
    ///
    /// - Throws: `StoreError/missingReference` if the author does not exist, `StoreError/duplicate(_:)`.
    public func insertRecipe(_ recipe: Recipe, photos: [RecipePhoto]) async throws(StoreError) {
        try withState { state throws(StoreError) in
            try state.requireUser(recipe.authorID)
            guard state.recipes[recipe.id] == nil, Set(photos.map(\.size)).count == photos.count else {
                throw .duplicate(.id)
            }
            var stored = recipe
            stored.likeCount = 0
            state.recipes[recipe.id] = stored
            state.recipePhotos[recipe.id] = Dictionary(
                uniqueKeysWithValues: photos.map {
                    ($0.size, RecipePhoto(recipeID: recipe.id, size: $0.size, jpeg: $0.jpeg))
                })
        }
    }

    /// The recipe with this id.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recipe(id: RecipeID) async throws(StoreError) -> Recipe? {
        try withState { state in state.recipe(id) }
    }

    /// A slice of all recipes in the order.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recipes(order: RecipeOrder, offset: Int, limit: Int) async throws(StoreError) -> [Recipe] {
        try withState { state in
            let all = state.recipes.keys.compactMap { state.recipe($0) }.sorted { lhs, rhs in
                if order == .mostLiked, lhs.likeCount != rhs.likeCount { return lhs.likeCount > rhs.likeCount }
                if lhs.createdAt != rhs.createdAt { return lhs.createdAt > rhs.createdAt }
                return lhs.id.rawValue > rhs.id.rawValue
            }
            return Array(all.dropFirst(max(0, offset)).prefix(max(0, limit)))
        }
    }

    /// How many recipes there are.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recipeCount() async throws(StoreError) -> Int {
        try withState { state in state.recipes.count }
    }

    /// A slice of the recipes a user likes, most recently liked first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func likedRecipes(userID: UserID, offset: Int, limit: Int) async throws(StoreError) -> [Recipe] {
        try withState { state in
            let liked = state.recipeLikes.compactMap { recipeID, likers in likers[userID].map { (recipeID, $0) } }
                .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.rawValue > $1.0.rawValue }
            return liked.dropFirst(max(0, offset)).prefix(max(0, limit)).compactMap { state.recipe($0.0) }
        }
    }

    /// How many recipes a user likes.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func likedRecipeCount(userID: UserID) async throws(StoreError) -> Int {
        try withState { state in state.recipeLikes.values.filter { $0[userID] != nil }.count }
    }

    /// Deletes a recipe with its photos and likes.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteRecipe(id: RecipeID) async throws(StoreError) -> Bool {
        try withState { state in state.removeRecipe(id) }
    }

    /// Likes or unlikes, idempotently.
    ///
    /// - Throws: `StoreError/missingReference` when liking a recipe or as a user that does not exist.
    public func setRecipeLike(recipeID: RecipeID, userID: UserID, liked: Bool, at date: Date)
        async throws(StoreError) -> Bool
    {
        try withState { state throws(StoreError) in
            if liked {
                guard state.recipes[recipeID] != nil else { throw .missingReference }
                try state.requireUser(userID)
            }
            return state.toggle(\.recipeLikes, recipeID, userID, on: liked, at: date, notification: nil)
        }
    }

    /// Whether the user likes the recipe.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func isRecipeLiked(recipeID: RecipeID, userID: UserID) async throws(StoreError) -> Bool {
        try withState { state in state.recipeLikes[recipeID]?[userID] != nil }
    }

    /// One stored size of a recipe's photo.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recipePhoto(recipeID: RecipeID, size: Int) async throws(StoreError) -> RecipePhoto? {
        try withState { state in state.recipePhotos[recipeID]?[size] }
    }

}

extension InMemorySocialStore: BodyProfileStore {
    /// A user's body profile.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func bodyProfile(userID: UserID) async throws(StoreError) -> BodyProfile? {
        try withState { state in state.bodyProfiles[userID] }
    }

    /// Sets or replaces a user's body profile.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist.
    public func setBodyProfile(_ profile: BodyProfile, userID: UserID) async throws(StoreError) {
        try withState { state throws(StoreError) in
            try state.requireUser(userID)
            state.bodyProfiles[userID] = profile
        }
    }
}
