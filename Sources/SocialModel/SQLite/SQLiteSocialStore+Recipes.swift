import Foundation
import GRDB

extension SQLiteSocialStore: RecipeStore {
    /// Adds a recipe and its photos in one transaction.
    public func insertRecipe(_ recipe: Recipe, photos: [RecipePhoto]) async throws(StoreError) {
        try await write { db in
            try RecipeRow(recipe).insert(db)
            for photo in photos {
                try RecipePhotoRow(recipeID: recipe.id.rawValue, size: photo.size, jpeg: photo.jpeg).insert(db)
            }
        }
    }

    /// The recipe with this id.
    public func recipe(id: RecipeID) async throws(StoreError) -> Recipe? {
        try await read { db in try RecipeRow.fetchOne(db, key: id.rawValue)?.recipe() }
    }

    /// A slice of all recipes in the order.
    public func recipes(order: RecipeOrder, offset: Int, limit: Int) async throws(StoreError) -> [Recipe] {
        try await read { db in
            let newest = [RecipeRow.Columns.createdAt.desc, RecipeRow.Columns.id.desc]
            let ordering = order == .newest ? newest : [RecipeRow.Columns.likeCount.desc] + newest
            return try RecipeRow.order(ordering).limit(max(0, limit), offset: max(0, offset)).fetchAll(db)
                .map { try $0.recipe() }
        }
    }

    /// How many recipes there are.
    public func recipeCount() async throws(StoreError) -> Int {
        try await read { db in try RecipeRow.fetchCount(db) }
    }

    /// A slice of the recipes a user likes, most recently liked first.
    public func likedRecipes(userID: UserID, offset: Int, limit: Int) async throws(StoreError) -> [Recipe] {
        try await read { db in
            let likes = try RecipeLikeRow.filter(RecipeLikeRow.Columns.userID == userID.rawValue)
                .order(RecipeLikeRow.Columns.likedAt.desc, RecipeLikeRow.Columns.recipeID.desc)
                .limit(max(0, limit), offset: max(0, offset)).fetchAll(db)
            return try likes.compactMap { try RecipeRow.fetchOne(db, key: $0.recipeID)?.recipe() }
        }
    }

    /// How many recipes a user likes.
    public func likedRecipeCount(userID: UserID) async throws(StoreError) -> Int {
        try await read { db in try RecipeLikeRow.filter(RecipeLikeRow.Columns.userID == userID.rawValue).fetchCount(db)
        }
    }

    /// Deletes a recipe; its photos and likes go by cascade.
    public func deleteRecipe(id: RecipeID) async throws(StoreError) -> Bool {
        try await write { db in try RecipeRow.deleteOne(db, key: id.rawValue) }
    }

    /// Likes or unlikes; the count follows through the table's triggers.
    public func setLike(recipeID: RecipeID, userID: UserID, liked: Bool, at date: Date) async throws(StoreError) -> Bool
    {
        try await write { db in
            let key = ["recipe_id": recipeID.rawValue, "user_id": userID.rawValue]
            if !liked { return try RecipeLikeRow.deleteOne(db, key: key) }
            guard try !RecipeLikeRow.exists(db, key: key) else { return false }
            try RecipeLikeRow(
                recipeID: recipeID.rawValue, userID: userID.rawValue, likedAt: date.timeIntervalSinceReferenceDate
            )
            .insert(db)
            return true
        }
    }

    /// Whether the user likes the recipe.
    public func isLiked(recipeID: RecipeID, userID: UserID) async throws(StoreError) -> Bool {
        try await read { db in
            try RecipeLikeRow.exists(db, key: ["recipe_id": recipeID.rawValue, "user_id": userID.rawValue])
        }
    }

    /// One stored size of a recipe's photo.
    public func recipePhoto(recipeID: RecipeID, size: Int) async throws(StoreError) -> RecipePhoto? {
        try await read { db in
            try RecipePhotoRow.fetchOne(db, key: ["recipe_id": recipeID.rawValue, "size": size])
                .map { RecipePhoto(recipeID: recipeID, size: $0.size, jpeg: $0.jpeg) }
        }
    }

    /// A user's body profile.
    public func bodyProfile(userID: UserID) async throws(StoreError) -> BodyProfile? {
        try await read { db in try BodyProfileRow.fetchOne(db, key: userID.rawValue)?.profile }
    }

    /// Sets or replaces a user's body profile.
    public func setBodyProfile(_ profile: BodyProfile, userID: UserID) async throws(StoreError) {
        try await write { db in try BodyProfileRow(profile, userID: userID).upsert(db) }
    }
}
