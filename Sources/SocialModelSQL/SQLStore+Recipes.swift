import Foundation
import SocialModel

// The recipe, body-profile and notification requirements, written once for both SQL stores.

extension RecipeStore where Self: SQLBackedStore {
    /// Adds a recipe and its photos in one transaction.
    ///
    /// - Throws: `StoreError/missingReference` if the author does not exist, `StoreError/duplicate(_:)`.
    public func insertRecipe(_ recipe: Recipe, photos: [RecipePhoto]) async throws(StoreError) {
        try await sql.transaction(
            [SQLStep(RecipeSQL.insert(recipe))]
                + photos.map { SQLStep(PhotoSQL.recipes.insert(recipe.id.rawValue, size: $0.size, jpeg: $0.jpeg)) })
    }

    /// The recipe with this id.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recipe(id: RecipeID) async throws(StoreError) -> Recipe? {
        try await sql.fetchOne(RecipeSQL.recipe(id: id)) { try $0.recipe() }
    }

    /// A slice of all recipes in the order; each order is one index scan (`recipes_newest`,
    /// `recipes_most_liked`).
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recipes(order: RecipeOrder, offset: Int, limit: Int) async throws(StoreError) -> [Recipe] {
        try await sql.fetch(RecipeSQL.recipes(order: order, offset: offset, limit: limit)) { try $0.recipe() }
    }

    /// How many recipes there are.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recipeCount() async throws(StoreError) -> Int {
        try await sql.fetchOne(RecipeSQL.count) { try $0.int() } ?? 0
    }

    /// A slice of the recipes a user likes, most recently liked first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func likedRecipes(userID: UserID, offset: Int, limit: Int) async throws(StoreError) -> [Recipe] {
        try await sql.fetch(RecipeSQL.liked(userID: userID, offset: offset, limit: limit)) { try $0.recipe() }
    }

    /// How many recipes a user likes.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func likedRecipeCount(userID: UserID) async throws(StoreError) -> Int {
        try await sql.fetchOne(RecipeSQL.likedCount(userID: userID)) { try $0.int() } ?? 0
    }

    /// Deletes a recipe; its photos and likes go by cascade.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteRecipe(id: RecipeID) async throws(StoreError) -> Bool {
        try await sql.run(RecipeSQL.delete(id: id)) > 0
    }

    /// Likes or unlikes; the count follows through the table's trigger in the same transaction,
    /// and the primary key makes a second like (even a racing one) change nothing.
    ///
    /// - Throws: `StoreError/missingReference` when liking a recipe or as a user that does not exist.
    public func setRecipeLike(recipeID: RecipeID, userID: UserID, liked: Bool, at date: Date)
        async throws(StoreError) -> Bool
    {
        try await sql.toggle(liked, LinkSQL.recipeLikes, recipeID.rawValue, userID.rawValue, at: date, nil)
    }

    /// Whether the user likes the recipe.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func isRecipeLiked(recipeID: RecipeID, userID: UserID) async throws(StoreError) -> Bool {
        try await sql.fetchOne(LinkSQL.recipeLikes.exists(recipeID.rawValue, userID.rawValue)) { try $0.bool() }
            ?? false
    }

    /// One stored size of a recipe's photo.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func recipePhoto(recipeID: RecipeID, size: Int) async throws(StoreError) -> RecipePhoto? {
        try await sql.fetchOne(PhotoSQL.recipes.photo(recipeID.rawValue, size: size)) {
            RecipePhoto(recipeID: recipeID, size: size, jpeg: try $0.data())
        }
    }
}

extension BodyProfileStore where Self: SQLBackedStore {
    /// A user's body profile.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func bodyProfile(userID: UserID) async throws(StoreError) -> BodyProfile? {
        try await sql.fetchOne(RecipeSQL.bodyProfile(userID: userID)) { try $0.bodyProfile() } ?? nil
    }

    /// Sets or replaces a user's body profile.
    ///
    /// - Throws: `StoreError/missingReference` if the user does not exist.
    public func setBodyProfile(_ profile: BodyProfile, userID: UserID) async throws(StoreError) {
        _ = try await sql.run(RecipeSQL.setBodyProfile(profile, userID: userID))
    }
}

extension NotificationStore where Self: SQLBackedStore {
    /// A user's notifications, newest first.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func notifications(recipientID: UserID, after: KeysetCursor?, limit: Int) async throws(StoreError)
        -> [NetworkNotification]
    {
        try await sql.fetch(NotificationSQL.list(recipientID: recipientID, after: after, limit: limit)) {
            try $0.notification()
        }.compactMap { $0 }
    }

    /// The notification with this id.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func notification(id: NotificationID) async throws(StoreError) -> NetworkNotification? {
        try await sql.fetchOne(NotificationSQL.notification(id: id)) { try $0.notification() } ?? nil
    }

    /// Marks one notification read.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func markNotificationRead(id: NotificationID, recipientID: UserID) async throws(StoreError) -> Bool {
        try await sql.run(NotificationSQL.markRead(id: id, recipientID: recipientID)) > 0
    }

    /// Marks all of a user's notifications read.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func markAllNotificationsRead(recipientID: UserID) async throws(StoreError) -> Int {
        try await sql.run(NotificationSQL.markRead(id: nil, recipientID: recipientID))
    }

    /// Deletes one notification of the recipient.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteNotification(id: NotificationID, recipientID: UserID) async throws(StoreError) -> Bool {
        try await sql.run(NotificationSQL.delete(id: id, recipientID: recipientID)) > 0
    }

    /// Deletes all of a user's notifications.
    ///
    /// - Throws: `StoreError` when the store fails.
    public func deleteAllNotifications(recipientID: UserID) async throws(StoreError) -> Int {
        try await sql.run(NotificationSQL.delete(id: nil, recipientID: recipientID))
    }
}
