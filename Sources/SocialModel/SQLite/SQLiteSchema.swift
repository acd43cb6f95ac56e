import GRDB

/// The SQLite schema, as GRDB migrations: a later version appends a migration, never edits one.
enum SQLiteSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-accounts") { db in
            try db.create(table: "users") { table in
                table.primaryKey("id", .text)
                table.column("username", .text).notNull()
                // Uniqueness is on the case-folded key, so "Ana" and "ana" cannot both exist.
                table.column("username_key", .text).notNull().unique()
                table.column("email", .text).unique()
                table.column("name", .text).notNull()
                table.column("surname", .text).notNull()
                table.column("bio", .text).notNull()
                table.column("avatar", .text)
                table.column("created_at", .double).notNull()
                table.column("verified_at", .double)
            }
            try db.create(table: "passwords") { table in
                table.primaryKey("user_id", .text).references("users", onDelete: .cascade)
                table.column("hash", .text).notNull()
            }
            try db.create(table: "sessions") { table in
                table.primaryKey("token_hash", .blob)
                table.column("user_id", .text).notNull().indexed().references("users", onDelete: .cascade)
                table.column("created_at", .double).notNull()
                table.column("expires_at", .double).notNull()
            }
            try db.create(table: "one_time_tokens") { table in
                table.primaryKey("token_hash", .blob)
                table.column("user_id", .text).notNull().references("users", onDelete: .cascade)
                table.column("purpose", .text).notNull()
                table.column("created_at", .double).notNull()
                table.column("expires_at", .double).notNull()
            }
            try db.create(
                index: "one_time_tokens_user_purpose", on: "one_time_tokens", columns: ["user_id", "purpose"])
            try db.create(table: "identity_links") { table in
                table.column("provider", .text).notNull()
                table.column("subject", .text).notNull()
                table.column("user_id", .text).notNull().indexed().references("users", onDelete: .cascade)
                table.column("linked_at", .double).notNull()
                table.primaryKey(["provider", "subject"])
            }
            try db.create(table: "failed_sign_ins") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("key", .text).notNull()
                table.column("at", .double).notNull().indexed()
            }
            try db.create(index: "failed_sign_ins_key_at", on: "failed_sign_ins", columns: ["key", "at"])
        }
        migrator.registerMigration("v2-recipes") { db in
            try db.create(table: "recipes") { table in
                table.primaryKey("id", .text)
                table.column("author_id", .text).notNull().indexed().references("users", onDelete: .cascade)
                table.column("name", .text).notNull()
                table.column("preparation_minutes", .integer).notNull()
                table.column("ingredients", .text).notNull()  // a JSON array of strings
                table.column("steps", .text).notNull()  // a JSON array of strings
                table.column("has_photo", .boolean).notNull()
                table.column("created_at", .double).notNull()
                // Kept by the triggers below, so "most liked" pages are an index scan.
                table.column("like_count", .integer).notNull().defaults(to: 0)
            }
            try db.create(index: "recipes_newest", on: "recipes", columns: ["created_at", "id"])
            try db.create(index: "recipes_most_liked", on: "recipes", columns: ["like_count", "created_at", "id"])
            try db.create(table: "recipe_photos") { table in
                table.column("recipe_id", .text).notNull().references("recipes", onDelete: .cascade)
                table.column("size", .integer).notNull()
                table.column("jpeg", .blob).notNull()
                table.primaryKey(["recipe_id", "size"])
            }
            try db.create(table: "recipe_likes") { table in
                table.column("recipe_id", .text).notNull().references("recipes", onDelete: .cascade)
                table.column("user_id", .text).notNull().references("users", onDelete: .cascade)
                table.column("liked_at", .double).notNull()
                table.primaryKey(["recipe_id", "user_id"])
            }
            try db.create(
                index: "recipe_likes_user", on: "recipe_likes", columns: ["user_id", "liked_at", "recipe_id"])
            // Triggers also run for rows removed by a foreign-key cascade (a deleted user's likes).
            try db.execute(
                sql: """
                    CREATE TRIGGER recipe_likes_count_up AFTER INSERT ON recipe_likes BEGIN
                        UPDATE recipes SET like_count = like_count + 1 WHERE id = NEW.recipe_id;
                    END;
                    CREATE TRIGGER recipe_likes_count_down AFTER DELETE ON recipe_likes BEGIN
                        UPDATE recipes SET like_count = like_count - 1 WHERE id = OLD.recipe_id;
                    END;
                    """)
            try db.create(table: "body_profiles") { table in
                table.primaryKey("user_id", .text).references("users", onDelete: .cascade)
                table.column("sex", .text).notNull()
                table.column("weight_kg", .double).notNull()
                table.column("height_cm", .double).notNull()
                table.column("age_years", .integer).notNull()
                table.column("activity", .text).notNull()
                table.column("goal", .text).notNull()
            }
        }
        return migrator
    }
}
