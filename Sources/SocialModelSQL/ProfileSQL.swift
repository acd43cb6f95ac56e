import Foundation
import SocialModel

/// The profile, photo and recipe statements, written once for both SQL stores.
package enum ProfileSQL {
    /// Sets the user's avatar key; returns a row when the user exists.
    package static func setAvatar(_ key: String?, userID: UserID) -> SQLStatement {
        "UPDATE users SET avatar = \(key) WHERE id = \(userID) RETURNING 1"
    }

    /// What a profile counts, in one statement read from indexes: followers, followees, posts,
    /// and the likes the posts received.
    package static func counts(userID: UserID) -> SQLStatement {
        """
        SELECT (SELECT count(*) FROM follows WHERE followee_id = \(userID)), \
        (SELECT count(*) FROM follows WHERE follower_id = \(userID)), \
        count(*), CAST(coalesce(sum(like_count), 0) AS bigint) FROM posts WHERE author_id = \(userID)
        """
    }

    /// Usernames in the key range [prefix, prefix + DEL): usernames are ASCII below DEL, so the
    /// range is exactly the prefix match, read from the unique index.
    package static func search(prefix: String, after: String?, limit: Int) -> SQLStatement {
        """
        SELECT \(raw: SQLShape.user) FROM users WHERE username_key >= \(prefix) AND username_key > \(after ?? "") \
        AND username_key < \(prefix + "\u{7F}") ORDER BY username_key LIMIT \(max(0, limit))
        """
    }

    /// Mutes (or changes a mute's reach) with one upsert; returns a row only when it changed.
    package static func mute(_ muterID: UserID, _ mutedID: UserID, notifications: Bool, at date: Date) -> SQLStatement {
        """
        INSERT INTO \(raw: SafetySQL.mutes) AS m (muter_id, muted_id, notifications, created_at) \
        VALUES (\(muterID), \(mutedID), \(notifications), \(date)) \
        ON CONFLICT (muter_id, muted_id) DO UPDATE SET notifications = excluded.notifications \
        WHERE m.notifications <> excluded.notifications RETURNING 1
        """
    }

    /// Of the viewers, those the shared visibility predicate hides `otherID`'s rows of `scope` from
    /// (each viewer is the predicate's viewer in turn).
    package static func viewers(_ viewers: [String], hiding otherID: UserID, _ scope: SafetySQL.Scope) -> SQLStatement {
        """
        SELECT c.id FROM \(table: viewers) c \
        WHERE NOT (\(SQLStatement(binding: otherID.sqlValue) { SafetySQL.visible(to: "c.id", other: $0, scope) }))
        """
    }

    /// Of the candidates, those with a block either way with `userID`.
    package static func blocked(with userID: UserID, among candidates: [String]) -> SQLStatement {
        """
        SELECT c.id FROM \(table: candidates) c \
        WHERE NOT (\(SQLStatement(binding: userID.sqlValue) { SafetySQL.visible(to: $0, other: "c.id", .blocks) }))
        """
    }
}

/// A table of stored photo sizes — avatars, posts' photos, recipes' photos — keyed by the owner
/// and the size.
package struct PhotoSQL: Sendable {
    package let table: String
    package let owner: String

    package static let avatars = PhotoSQL(table: "avatar_photos", owner: "user_id")
    package static let posts = PhotoSQL(table: "post_photos", owner: "post_id")
    package static let recipes = PhotoSQL(table: "recipe_photos", owner: "recipe_id")

    package func insert(_ owner: String, size: Int, jpeg: Data) -> SQLStatement {
        "INSERT INTO \(raw: table) (\(raw: self.owner), size, jpeg) VALUES (\(owner), \(size), \(jpeg))"
    }

    package func photo(_ owner: String, size: Int) -> SQLStatement {
        "SELECT jpeg FROM \(raw: table) WHERE \(raw: self.owner) = \(owner) AND size = \(size)"
    }

    package func deleteAll(_ owner: String) -> SQLStatement {
        "DELETE FROM \(raw: table) WHERE \(raw: self.owner) = \(owner)"
    }
}

/// The recipe and body-profile statements.
package enum RecipeSQL {
    package static func insert(_ recipe: Recipe) -> SQLStatement {
        """
        INSERT INTO recipes (id, author_id, name, preparation_minutes, ingredients, steps, has_photo, created_at) \
        VALUES (\(recipe.id), \(recipe.authorID), \(recipe.name), \(recipe.preparationMinutes), \(recipe.ingredients), \
        \(recipe.steps), \(recipe.hasPhoto), \(recipe.createdAt))
        """
    }

    package static func recipe(id: RecipeID) -> SQLStatement {
        "SELECT \(raw: SQLShape.recipe) FROM recipes WHERE id = \(id)"
    }

    /// A slice of all recipes in the order; each order is one index scan.
    package static func recipes(order: RecipeOrder, offset: Int, limit: Int) -> SQLStatement {
        let ordering = order == .newest ? "created_at DESC, id DESC" : "like_count DESC, created_at DESC, id DESC"
        return """
            SELECT \(raw: SQLShape.recipe) FROM recipes ORDER BY \(raw: ordering) \
            LIMIT \(max(0, limit)) OFFSET \(max(0, offset))
            """
    }

    package static let count: SQLStatement = "SELECT count(*) FROM recipes"

    /// A slice of the recipes a user likes, most recently liked first.
    package static func liked(userID: UserID, offset: Int, limit: Int) -> SQLStatement {
        """
        SELECT \(raw: SQLShape.qualified(SQLShape.recipe, "r")) FROM recipe_likes l JOIN recipes r ON r.id = l.recipe_id \
        WHERE l.user_id = \(userID) ORDER BY l.liked_at DESC, l.recipe_id DESC \
        LIMIT \(max(0, limit)) OFFSET \(max(0, offset))
        """
    }

    package static func likedCount(userID: UserID) -> SQLStatement {
        "SELECT count(*) FROM recipe_likes WHERE user_id = \(userID)"
    }

    package static func delete(id: RecipeID) -> SQLStatement { "DELETE FROM recipes WHERE id = \(id) RETURNING 1" }

    package static func bodyProfile(userID: UserID) -> SQLStatement {
        "SELECT \(raw: SQLShape.bodyProfile) FROM body_profiles WHERE user_id = \(userID)"
    }

    /// Sets or replaces a user's body profile, in one upsert.
    package static func setBodyProfile(_ profile: BodyProfile, userID: UserID) -> SQLStatement {
        """
        INSERT INTO body_profiles (user_id, \(raw: SQLShape.bodyProfile)) VALUES (\(userID), \(profile.sex.rawValue), \
        \(profile.weightKilograms), \(profile.heightCentimeters), \(profile.ageYears), \(profile.activity.rawValue), \
        \(profile.goal.rawValue)) ON CONFLICT (user_id) DO UPDATE SET sex = excluded.sex, \
        weight_kg = excluded.weight_kg, height_cm = excluded.height_cm, age_years = excluded.age_years, \
        activity = excluded.activity, goal = excluded.goal
        """
    }
}

/// The notification list's statements (the rows a block or mute hides are ``SafetySQL``'s rule).
extension NotificationSQL {
    /// A user's notifications, newest first, leaving out those a block or mute hides.
    package static func list(recipientID: UserID, after: KeysetCursor?, limit: Int) -> SQLStatement {
        """
        SELECT \(raw: SQLShape.notification) FROM notifications WHERE recipient_id = \(recipientID) \
        AND \(visible(to: recipientID)) \(Keyset.before(after, "created_at", "id")) \
        ORDER BY created_at DESC, id DESC LIMIT \(max(0, limit))
        """
    }

    /// ``SafetySQL/visible(to:other:_:)`` for a notification's actor.
    package static func visible(to recipientID: UserID) -> SQLStatement {
        SQLStatement(binding: recipientID.sqlValue) { SafetySQL.visible(to: $0, other: "actor_id", .notifications) }
    }

    package static func notification(id: NotificationID) -> SQLStatement {
        "SELECT \(raw: SQLShape.notification) FROM notifications WHERE id = \(id)"
    }

    /// Marks the recipient's unread notifications read: one, or all with `id` nil.
    package static func markRead(id: NotificationID?, recipientID: UserID) -> SQLStatement {
        """
        UPDATE notifications SET is_read = \(true) WHERE recipient_id = \(recipientID) AND is_read = \(false) \
        \(id.map { "AND id = \($0)" as SQLStatement } ?? "") RETURNING 1
        """
    }

    /// Deletes the recipient's notifications: one, or all with `id` nil.
    package static func delete(id: NotificationID?, recipientID: UserID) -> SQLStatement {
        "DELETE FROM notifications WHERE recipient_id = \(recipientID) \(id.map { "AND id = \($0)" as SQLStatement } ?? "") RETURNING 1"
    }
}
