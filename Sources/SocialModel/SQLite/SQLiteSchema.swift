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
        return migrator
    }
}
