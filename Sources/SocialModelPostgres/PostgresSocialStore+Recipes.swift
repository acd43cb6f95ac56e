import Foundation
import PostgresNIO
import SocialModel

extension PostgresSocialStore: RecipeStore {
    /// Adds a recipe and its photos in one transaction.
    public func insertRecipe(_ recipe: Recipe, photos: [RecipePhoto]) async throws(StoreError) {
        try await transaction { connection in
            try await connection.query(
                """
                INSERT INTO recipes (id, author_id, name, preparation_minutes, ingredients, steps, has_photo, created_at)
                VALUES (\(recipe.id.rawValue), \(recipe.authorID.rawValue), \(recipe.name), \(recipe.preparationMinutes),
                        \(recipe.ingredients), \(recipe.steps), \(recipe.hasPhoto),
                        \(recipe.createdAt.timeIntervalSinceReferenceDate))
                """, logger: Self.logger)
            for photo in photos {
                try await connection.query(
                    """
                    INSERT INTO recipe_photos (recipe_id, size, jpeg)
                    VALUES (\(recipe.id.rawValue), \(photo.size), \(photo.jpeg.buffer))
                    """, logger: Self.logger)
            }
        }
    }

    /// The recipe with this id.
    public func recipe(id: RecipeID) async throws(StoreError) -> Recipe? {
        try await rows("SELECT \(unescaped: RecipeColumns.list) FROM recipes WHERE id = \(id.rawValue)")
            .first.map(RecipeColumns.decode)
    }

    /// A slice of all recipes in the order; each order is one index scan (`recipes_newest`,
    /// `recipes_most_liked`).
    public func recipes(order: RecipeOrder, offset: Int, limit: Int) async throws(StoreError) -> [Recipe] {
        let query: PostgresQuery =
            switch order {
            case .newest:
                """
                SELECT \(unescaped: RecipeColumns.list) FROM recipes ORDER BY created_at DESC, id DESC
                LIMIT \(max(0, limit)) OFFSET \(max(0, offset))
                """
            case .mostLiked:
                """
                SELECT \(unescaped: RecipeColumns.list) FROM recipes ORDER BY like_count DESC, created_at DESC, id DESC
                LIMIT \(max(0, limit)) OFFSET \(max(0, offset))
                """
            }
        return try await rows(query).map(RecipeColumns.decode)
    }

    /// How many recipes there are.
    public func recipeCount() async throws(StoreError) -> Int {
        try await count("SELECT count(*) FROM recipes")
    }

    /// A slice of the recipes a user likes, most recently liked first.
    public func likedRecipes(userID: UserID, offset: Int, limit: Int) async throws(StoreError) -> [Recipe] {
        try await rows(
            """
            SELECT \(unescaped: RecipeColumns.qualified) FROM recipe_likes l JOIN recipes r ON r.id = l.recipe_id
            WHERE l.user_id = \(userID.rawValue) ORDER BY l.liked_at DESC, l.recipe_id DESC
            LIMIT \(max(0, limit)) OFFSET \(max(0, offset))
            """
        ).map(RecipeColumns.decode)
    }

    /// How many recipes a user likes.
    public func likedRecipeCount(userID: UserID) async throws(StoreError) -> Int {
        try await count("SELECT count(*) FROM recipe_likes WHERE user_id = \(userID.rawValue)")
    }

    /// Deletes a recipe; its photos and likes go by cascade.
    public func deleteRecipe(id: RecipeID) async throws(StoreError) -> Bool {
        try await !rows("DELETE FROM recipes WHERE id = \(id.rawValue) RETURNING 1").isEmpty
    }

    /// Likes or unlikes in one statement; the count follows through the table's trigger in the same
    /// transaction, and the primary key makes a second like (even a racing one) change nothing.
    public func setLike(recipeID: RecipeID, userID: UserID, liked: Bool, at date: Date) async throws(StoreError) -> Bool
    {
        let query: PostgresQuery =
            liked
            ? """
            INSERT INTO recipe_likes (recipe_id, user_id, liked_at)
            VALUES (\(recipeID.rawValue), \(userID.rawValue), \(date.timeIntervalSinceReferenceDate))
            ON CONFLICT (recipe_id, user_id) DO NOTHING RETURNING 1
            """
            : """
            DELETE FROM recipe_likes WHERE recipe_id = \(recipeID.rawValue) AND user_id = \(userID.rawValue)
            RETURNING 1
            """
        return try await !rows(query).isEmpty
    }

    /// Whether the user likes the recipe.
    public func isLiked(recipeID: RecipeID, userID: UserID) async throws(StoreError) -> Bool {
        try await !rows(
            "SELECT 1 FROM recipe_likes WHERE recipe_id = \(recipeID.rawValue) AND user_id = \(userID.rawValue)"
        ).isEmpty
    }

    /// One stored size of a recipe's photo.
    public func recipePhoto(recipeID: RecipeID, size: Int) async throws(StoreError) -> RecipePhoto? {
        try await rows("SELECT jpeg FROM recipe_photos WHERE recipe_id = \(recipeID.rawValue) AND size = \(size)")
            .first.map { row throws(StoreError) in
                RecipePhoto(recipeID: recipeID, size: size, jpeg: try row.columns(Data.self))
            }
    }

    /// A user's body profile.
    public func bodyProfile(userID: UserID) async throws(StoreError) -> BodyProfile? {
        try await rows(
            "SELECT \(unescaped: BodyProfileColumns.list) FROM body_profiles WHERE user_id = \(userID.rawValue)"
        )
        .first.flatMap(BodyProfileColumns.decode)
    }

    /// Sets or replaces a user's body profile.
    public func setBodyProfile(_ profile: BodyProfile, userID: UserID) async throws(StoreError) {
        _ = try await rows(
            """
            INSERT INTO body_profiles (user_id, \(unescaped: BodyProfileColumns.list))
            VALUES (\(userID.rawValue), \(profile.sex.rawValue), \(profile.weightKilograms), \(profile.heightCentimeters),
                    \(profile.ageYears), \(profile.activity.rawValue), \(profile.goal.rawValue))
            ON CONFLICT (user_id) DO UPDATE SET sex = EXCLUDED.sex, weight_kg = EXCLUDED.weight_kg,
                height_cm = EXCLUDED.height_cm, age_years = EXCLUDED.age_years, activity = EXCLUDED.activity,
                goal = EXCLUDED.goal
            """)
    }

    /// The single integer a `SELECT count(*)` returns.
    func count(_ query: PostgresQuery) async throws(StoreError) -> Int {
        guard let row = try await rows(query).first else { return 0 }
        return try row.columns(Int.self)
    }
}
