import Foundation
import GRDB
import SocialModel
import SocialModelSQL

extension SQLiteSocialStore: RecipeStore {
    /// Adds a recipe and its photos in one transaction.
    ///
    /// - Throws: `StoreError/missingReference` if the author does not exist, `StoreError/duplicate(_:)`.
    public func insertRecipe(_ recipe: Recipe, photos: [RecipePhoto]) async throws(StoreError) {
        try await write { db in
            try db.cachedStatement(
                sql: """
                    INSERT INTO recipes (id, author_id, name, preparation_minutes, ingredients, steps, has_photo, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """
            ).execute(arguments: [
                recipe.id.rawValue, recipe.authorID.rawValue, recipe.name, recipe.preparationMinutes,
                try SQLiteRow.json(recipe.ingredients), try SQLiteRow.json(recipe.steps), recipe.hasPhoto,
                recipe.createdAt.timeIntervalSinceReferenceDate,
            ])
            for photo in photos {
                try db.cachedStatement(sql: "INSERT INTO recipe_photos (recipe_id, size, jpeg) VALUES (?, ?, ?)")
                    .execute(arguments: [recipe.id.rawValue, photo.size, photo.jpeg])
            }
        }
    }

    /// The recipe with this id.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recipe(id: RecipeID) async throws(StoreError) -> Recipe? {
        try await fetchOne("SELECT \(SQLShape.recipe) FROM recipes WHERE id = ?", [id.rawValue]) {
            try $0.recipe()
        }
    }

    /// A slice of all recipes in the order; each order is one index scan.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recipes(order: RecipeOrder, offset: Int, limit: Int) async throws(StoreError) -> [Recipe] {
        let ordering =
            order == .newest ? "created_at DESC, id DESC" : "like_count DESC, created_at DESC, id DESC"
        return try await fetch(
            "SELECT \(SQLShape.recipe) FROM recipes ORDER BY \(ordering) LIMIT ? OFFSET ?",
            [max(0, limit), max(0, offset)]
        ) { try $0.recipe() }
    }

    /// How many recipes there are.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recipeCount() async throws(StoreError) -> Int {
        try await fetchOne("SELECT COUNT(*) FROM recipes", []) { try $0.int() } ?? 0
    }

    /// A slice of the recipes a user likes, most recently liked first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func likedRecipes(userID: UserID, offset: Int, limit: Int) async throws(StoreError) -> [Recipe] {
        let columns = SQLShape.recipe.split(separator: ", ").map { "r.\($0)" }.joined(separator: ", ")
        return try await fetch(
            """
            SELECT \(columns) FROM recipe_likes l JOIN recipes r ON r.id = l.recipe_id
            WHERE l.user_id = ? ORDER BY l.liked_at DESC, l.recipe_id DESC LIMIT ? OFFSET ?
            """, [userID.rawValue, max(0, limit), max(0, offset)]
        ) { try $0.recipe() }
    }

    /// How many recipes a user likes.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func likedRecipeCount(userID: UserID) async throws(StoreError) -> Int {
        try await fetchOne("SELECT COUNT(*) FROM recipe_likes WHERE user_id = ?", [userID.rawValue]) {
            try $0.int()
        } ?? 0
    }

    /// Deletes a recipe; its photos and likes go by cascade.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteRecipe(id: RecipeID) async throws(StoreError) -> Bool {
        try await changeCount("DELETE FROM recipes WHERE id = ?", [id.rawValue]) > 0
    }

    /// Likes or unlikes; the count follows through the table's triggers.
    ///
    /// - Throws: `StoreError/missingReference` when liking a recipe or as a user that does not exist.
    public func setRecipeLike(recipeID: RecipeID, userID: UserID, liked: Bool, at date: Date)
        async throws(StoreError) -> Bool
    {
        let ids: StatementArguments = [recipeID.rawValue, userID.rawValue]
        return try await toggle(
            liked,
            add: (
                "INSERT OR IGNORE INTO recipe_likes (recipe_id, user_id, liked_at) VALUES (?, ?, ?)",
                ids + [date.timeIntervalSinceReferenceDate]
            ),
            remove: ("DELETE FROM recipe_likes WHERE recipe_id = ? AND user_id = ?", ids), notification: nil)
    }

    /// Whether the user likes the recipe.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func isRecipeLiked(recipeID: RecipeID, userID: UserID) async throws(StoreError) -> Bool {
        try await fetchOne(
            "SELECT EXISTS (SELECT 1 FROM recipe_likes WHERE recipe_id = ? AND user_id = ?)",
            [recipeID.rawValue, userID.rawValue]
        ) { try $0.bool() } ?? false
    }

    /// One stored size of a recipe's photo.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recipePhoto(recipeID: RecipeID, size: Int) async throws(StoreError) -> RecipePhoto? {
        try await fetchOne(
            "SELECT jpeg FROM recipe_photos WHERE recipe_id = ? AND size = ?", [recipeID.rawValue, size]
        ) { RecipePhoto(recipeID: recipeID, size: size, jpeg: try $0.data()) }
    }
}

extension SQLiteSocialStore: BodyProfileStore {
    /// A user's body profile.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func bodyProfile(userID: UserID) async throws(StoreError) -> BodyProfile? {
        try await fetchOne(
            "SELECT \(SQLShape.bodyProfile) FROM body_profiles WHERE user_id = ?", [userID.rawValue]
        ) { try $0.bodyProfile() } ?? nil
    }

    /// Sets or replaces a user's body profile.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist.
    public func setBodyProfile(_ profile: BodyProfile, userID: UserID) async throws(StoreError) {
        _ = try await changeCount(
            """
            INSERT OR REPLACE INTO body_profiles (user_id, \(SQLShape.bodyProfile)) VALUES (?, ?, ?, ?, ?, ?, ?)
            """,
            [
                userID.rawValue, profile.sex.rawValue, profile.weightKilograms, profile.heightCentimeters,
                profile.ageYears, profile.activity.rawValue, profile.goal.rawValue,
            ])
    }
}
