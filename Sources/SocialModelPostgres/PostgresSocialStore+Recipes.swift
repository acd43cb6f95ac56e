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
            try await connection.query(
                """
                INSERT INTO recipes (id, author_id, name, preparation_minutes, ingredients, steps, has_photo, created_at)
                VALUES (\(recipe.id.rawValue), \(recipe.authorID.rawValue), \(recipe.name), \(recipe.preparationMinutes),
                        \(recipe.ingredients), \(recipe.steps), \(recipe.hasPhoto),
                        \(recipe.createdAt.timeIntervalSinceReferenceDate))
                """, logger: logger)
            for photo in photos {
                try await connection.query(
                    """
                    INSERT INTO recipe_photos (recipe_id, size, jpeg)
                    VALUES (\(recipe.id.rawValue), \(photo.size), \(photo.jpeg.buffer))
                    """, logger: logger)
            }
        }
    }

    /// The recipe with this id.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recipe(id: RecipeID) async throws(StoreError) -> Recipe? {
        try await fetchOne("SELECT \(unescaped: SQLShape.recipe) FROM recipes WHERE id = \(id.rawValue)") {
            try $0.recipe()
        }
    }

    /// A slice of all recipes in the order; each order is one index scan (`recipes_newest`,
    /// `recipes_most_liked`).
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recipes(order: RecipeOrder, offset: Int, limit: Int) async throws(StoreError) -> [Recipe] {
        let ordering = order == .newest ? "created_at DESC, id DESC" : "like_count DESC, created_at DESC, id DESC"
        return try await fetch(
            """
            SELECT \(unescaped: SQLShape.recipe) FROM recipes ORDER BY \(unescaped: ordering)
            LIMIT \(max(0, limit)) OFFSET \(max(0, offset))
            """
        ) { try $0.recipe() }
    }

    /// How many recipes there are.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recipeCount() async throws(StoreError) -> Int {
        try await fetchOne("SELECT count(*) FROM recipes") { try $0.int() } ?? 0
    }

    /// A slice of the recipes a user likes, most recently liked first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func likedRecipes(userID: UserID, offset: Int, limit: Int) async throws(StoreError) -> [Recipe] {
        try await fetch(
            """
            SELECT \(unescaped: SQLShape.qualified(SQLShape.recipe, "r"))
            FROM recipe_likes l JOIN recipes r ON r.id = l.recipe_id
            WHERE l.user_id = \(userID.rawValue) ORDER BY l.liked_at DESC, l.recipe_id DESC
            LIMIT \(max(0, limit)) OFFSET \(max(0, offset))
            """
        ) { try $0.recipe() }
    }

    /// How many recipes a user likes.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func likedRecipeCount(userID: UserID) async throws(StoreError) -> Int {
        try await fetchOne("SELECT count(*) FROM recipe_likes WHERE user_id = \(userID.rawValue)") { try $0.int() }
            ?? 0
    }

    /// Deletes a recipe; its photos and likes go by cascade.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteRecipe(id: RecipeID) async throws(StoreError) -> Bool {
        try await !rows("DELETE FROM recipes WHERE id = \(id.rawValue) RETURNING 1").isEmpty
    }

    /// Likes or unlikes; the count follows through the table's trigger in the same transaction,
    /// and the primary key makes a second like (even a racing one) change nothing.
    ///
    /// - Throws: `StoreError/missingReference` when liking a recipe or as a user that does not exist.
    public func setRecipeLike(recipeID: RecipeID, userID: UserID, liked: Bool, at date: Date)
        async throws(StoreError) -> Bool
    {
        let (recipe, user) = (recipeID.rawValue, userID.rawValue)
        return try await toggle(
            liked,
            add: """
                INSERT INTO recipe_likes (recipe_id, user_id, liked_at)
                VALUES (\(recipe), \(user), \(date.timeIntervalSinceReferenceDate)) ON CONFLICT DO NOTHING RETURNING 1
                """,
            remove: "DELETE FROM recipe_likes WHERE recipe_id = \(recipe) AND user_id = \(user) RETURNING 1",
            notification: nil)
    }

    /// Whether the user likes the recipe.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func isRecipeLiked(recipeID: RecipeID, userID: UserID) async throws(StoreError) -> Bool {
        try await !rows(
            "SELECT 1 FROM recipe_likes WHERE recipe_id = \(recipeID.rawValue) AND user_id = \(userID.rawValue)"
        ).isEmpty
    }

    /// One stored size of a recipe's photo.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recipePhoto(recipeID: RecipeID, size: Int) async throws(StoreError) -> RecipePhoto? {
        try await fetchOne(
            "SELECT jpeg FROM recipe_photos WHERE recipe_id = \(recipeID.rawValue) AND size = \(size)"
        ) { RecipePhoto(recipeID: recipeID, size: size, jpeg: try $0.data()) }
    }
}

extension PostgresSocialStore: BodyProfileStore {
    /// A user's body profile.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func bodyProfile(userID: UserID) async throws(StoreError) -> BodyProfile? {
        try await fetchOne(
            "SELECT \(unescaped: SQLShape.bodyProfile) FROM body_profiles WHERE user_id = \(userID.rawValue)"
        ) { try $0.bodyProfile() } ?? nil
    }

    /// Sets or replaces a user's body profile.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist.
    public func setBodyProfile(_ profile: BodyProfile, userID: UserID) async throws(StoreError) {
        _ = try await rows(
            """
            INSERT INTO body_profiles (user_id, \(unescaped: SQLShape.bodyProfile))
            VALUES (\(userID.rawValue), \(profile.sex.rawValue), \(profile.weightKilograms), \(profile.heightCentimeters),
                    \(profile.ageYears), \(profile.activity.rawValue), \(profile.goal.rawValue))
            ON CONFLICT (user_id) DO UPDATE SET sex = EXCLUDED.sex, weight_kg = EXCLUDED.weight_kg,
                height_cm = EXCLUDED.height_cm, age_years = EXCLUDED.age_years, activity = EXCLUDED.activity,
                goal = EXCLUDED.goal
            """)
    }
}
