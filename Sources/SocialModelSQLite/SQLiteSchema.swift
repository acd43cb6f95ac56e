import GRDB
import SocialModelSQL

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
        migrator.registerMigration("v3-network") { db in
            try db.execute(sql: networkSchema)
        }
        migrator.registerMigration("v4-home-timeline") { db in
            try db.execute(sql: homeTimelineSchema)
        }
        // Foreign keys are off while a migration runs and checked before it commits (GRDB's
        // deferred checks), so the tables can be rebuilt in SQLite's documented way.
        migrator.registerMigration("v5-conversations-outlive-accounts") { db in
            try db.execute(sql: conversationsOutliveAccounts)
        }
        migrator.registerMigration("v6-mail-outbox") { db in
            try db.execute(sql: SQLiteSocialStore.mailOutboxSchema)
        }
        migrator.registerMigration("v7-share-links") { db in
            try db.execute(sql: SQLiteSocialStore.shareLinksSchema)
        }
        migrator.registerMigration("v8-blocks-and-mutes") { db in
            try db.execute(sql: SQLiteSocialStore.safetySchema)
        }
        migrator.registerMigration("v9-moderation") { db in
            try db.execute(sql: SQLiteSocialStore.moderationSchema)
        }
        migrator.registerMigration("v10-hashtags") { db in
            try db.execute(sql: HashtagSQL.schema(text: "TEXT").joined(separator: ";\n"))
        }
        migrator.registerMigration("v11-latest-delivered-message") { db in
            try db.execute(sql: MessageSQL.latestSchema(text: "TEXT").joined(separator: ";\n"))
        }
        return migrator
    }

    /// A deleted account's conversations stay with the other participant: the participants and a
    /// message's sender are no longer references to `users` that cascade, but the ids they were;
    /// reads show a missing user as `User.deletedAccount(id:)`. A member row still cascades (the
    /// deleted user's own read state and hiding go), and the store deletes a conversation when its
    /// last member row goes. SQLite cannot drop a foreign key, so both tables are rebuilt.
    static let conversationsOutliveAccounts = """
        CREATE TABLE conversations_v5 (
            id TEXT NOT NULL PRIMARY KEY,
            user_a TEXT NOT NULL,
            user_b TEXT NOT NULL,
            created_at REAL NOT NULL,
            last_message_at REAL NOT NULL,
            UNIQUE (user_a, user_b));
        INSERT INTO conversations_v5 (id, user_a, user_b, created_at, last_message_at)
        SELECT id, user_a, user_b, created_at, last_message_at FROM conversations;
        DROP TABLE conversations;
        ALTER TABLE conversations_v5 RENAME TO conversations;
        CREATE INDEX conversations_by_user_b ON conversations(user_b);
        CREATE TABLE messages_v5 (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL UNIQUE,
            conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
            sender_id TEXT NOT NULL,
            text TEXT NOT NULL,
            has_photo INTEGER NOT NULL,
            created_at REAL NOT NULL,
            read_at REAL);
        INSERT INTO messages_v5 (seq, id, conversation_id, sender_id, text, has_photo, created_at, read_at)
        SELECT seq, id, conversation_id, sender_id, text, has_photo, created_at, read_at FROM messages;
        DROP TABLE messages;
        ALTER TABLE messages_v5 RENAME TO messages;
        CREATE INDEX messages_by_conversation ON messages(conversation_id, created_at, id);
        CREATE INDEX messages_by_sender ON messages(sender_id);
        """

    /// The home timeline: a row says "this post is in this user's home feed", one for the author
    /// and one for each of the author's followers, so a page in date order reads twenty rows of
    /// one user's range instead of walking everyone's newest posts (fan-out on write: a post
    /// costs a row per follower, a follow a row per post of the person followed). Triggers keep it
    /// exact however rows change, a foreign-key cascade included (a deleted user's posts and
    /// follows); SQLite has one writer at a time, so no change can miss another's rows. The
    /// like orders still walk `posts_by_likes`: a like would move a post in every follower's rows.
    static let homeTimelineSchema = """
        CREATE TABLE home_timeline (
            user_id TEXT NOT NULL,
            created_at REAL NOT NULL,
            post_id TEXT NOT NULL,
            PRIMARY KEY (user_id, created_at, post_id)) WITHOUT ROWID;
        -- A deleted post's rows are found here.
        CREATE INDEX home_timeline_by_post ON home_timeline(post_id);
        -- The date orders' walk is gone with it; the like orders' index stays.
        DROP INDEX posts_by_date;
        CREATE TRIGGER home_timeline_post_added AFTER INSERT ON posts BEGIN
            INSERT OR IGNORE INTO home_timeline (user_id, created_at, post_id)
            SELECT follower_id, NEW.created_at, NEW.id FROM follows WHERE followee_id = NEW.author_id
            UNION ALL SELECT NEW.author_id, NEW.created_at, NEW.id;
        END;
        CREATE TRIGGER home_timeline_post_removed AFTER DELETE ON posts BEGIN
            DELETE FROM home_timeline WHERE post_id = OLD.id;
        END;
        CREATE TRIGGER home_timeline_follow_added AFTER INSERT ON follows BEGIN
            INSERT OR IGNORE INTO home_timeline (user_id, created_at, post_id)
            SELECT NEW.follower_id, created_at, id FROM posts WHERE author_id = NEW.followee_id;
        END;
        -- A user's own posts stay in their feed even if a follow of themselves ends.
        CREATE TRIGGER home_timeline_follow_removed AFTER DELETE ON follows
        WHEN OLD.follower_id <> OLD.followee_id BEGIN
            DELETE FROM home_timeline WHERE (user_id, created_at, post_id) IN
                (SELECT OLD.follower_id, created_at, id FROM posts WHERE author_id = OLD.followee_id);
        END;
        INSERT INTO home_timeline (user_id, created_at, post_id)
        SELECT f.follower_id, p.created_at, p.id FROM follows f JOIN posts p ON p.author_id = f.followee_id
        UNION
        SELECT author_id, created_at, id FROM posts;
        """

    /// The network's tables. Posts keep their like and comment counts through triggers (which also
    /// run for cascaded deletes), so feeds sorted by likes and profile totals read an index.
    /// Every child column a cascade follows is the first column of an index.
    static let networkSchema = """
        CREATE TABLE avatar_photos (
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            size INTEGER NOT NULL,
            jpeg BLOB NOT NULL,
            PRIMARY KEY (user_id, size));
        CREATE TABLE follows (
            follower_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            followee_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            created_at REAL NOT NULL,
            PRIMARY KEY (follower_id, followee_id)) WITHOUT ROWID;
        CREATE INDEX follows_by_follower ON follows(follower_id, created_at, followee_id);
        CREATE INDEX follows_by_followee ON follows(followee_id, created_at, follower_id);
        CREATE TABLE posts (
            id TEXT NOT NULL PRIMARY KEY,
            author_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            caption TEXT NOT NULL,
            filter TEXT,
            width INTEGER NOT NULL,
            height INTEGER NOT NULL,
            created_at REAL NOT NULL,
            like_count INTEGER NOT NULL DEFAULT 0,
            comment_count INTEGER NOT NULL DEFAULT 0);
        CREATE INDEX posts_by_author_date ON posts(author_id, created_at, id);
        CREATE INDEX posts_by_author_likes ON posts(author_id, like_count, created_at, id);
        -- Everyone's posts in feed order, covering the author, for the home feed's first query.
        CREATE INDEX posts_by_date ON posts(created_at, id, author_id);
        CREATE INDEX posts_by_likes ON posts(like_count, created_at, id, author_id);
        CREATE TABLE post_photos (
            post_id TEXT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
            size INTEGER NOT NULL,
            jpeg BLOB NOT NULL,
            PRIMARY KEY (post_id, size));
        CREATE TABLE post_likes (
            post_id TEXT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            created_at REAL NOT NULL,
            PRIMARY KEY (post_id, user_id)) WITHOUT ROWID;
        CREATE INDEX post_likes_by_time ON post_likes(post_id, created_at, user_id);
        CREATE INDEX post_likes_by_user ON post_likes(user_id);
        CREATE TABLE comments (
            id TEXT NOT NULL PRIMARY KEY,
            post_id TEXT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
            author_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            text TEXT NOT NULL,
            created_at REAL NOT NULL);
        CREATE INDEX comments_by_post ON comments(post_id, created_at, id);
        CREATE INDEX comments_by_author ON comments(author_id);
        CREATE TRIGGER post_likes_count_up AFTER INSERT ON post_likes BEGIN
            UPDATE posts SET like_count = like_count + 1 WHERE id = NEW.post_id;
        END;
        CREATE TRIGGER post_likes_count_down AFTER DELETE ON post_likes BEGIN
            UPDATE posts SET like_count = like_count - 1 WHERE id = OLD.post_id;
        END;
        CREATE TRIGGER comments_count_up AFTER INSERT ON comments BEGIN
            UPDATE posts SET comment_count = comment_count + 1 WHERE id = NEW.post_id;
        END;
        CREATE TRIGGER comments_count_down AFTER DELETE ON comments BEGIN
            UPDATE posts SET comment_count = comment_count - 1 WHERE id = OLD.post_id;
        END;
        CREATE TABLE notifications (
            id TEXT NOT NULL PRIMARY KEY,
            recipient_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            actor_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            post_id TEXT REFERENCES posts(id) ON DELETE CASCADE,
            comment_id TEXT REFERENCES comments(id) ON DELETE CASCADE,
            created_at REAL NOT NULL,
            is_read INTEGER NOT NULL DEFAULT 0);
        CREATE INDEX notifications_by_recipient ON notifications(recipient_id, created_at, id);
        -- Only unread rows are in this index, so the unread count reads a handful of entries.
        CREATE INDEX notifications_unread ON notifications(recipient_id) WHERE is_read = 0;
        CREATE INDEX notifications_by_actor ON notifications(actor_id, kind);
        CREATE INDEX notifications_by_post ON notifications(post_id);
        CREATE INDEX notifications_by_comment ON notifications(comment_id);
        CREATE TABLE conversations (
            id TEXT NOT NULL PRIMARY KEY,
            user_a TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            user_b TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            created_at REAL NOT NULL,
            last_message_at REAL NOT NULL,
            UNIQUE (user_a, user_b));
        CREATE INDEX conversations_by_user_b ON conversations(user_b);
        -- One row per participant: whether they hid it, the last message they hid with it, and
        -- how many of the other's messages they have not read.
        CREATE TABLE conversation_members (
            conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
            user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            hidden INTEGER NOT NULL DEFAULT 0,
            cleared_seq INTEGER NOT NULL DEFAULT 0,
            unread_count INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (conversation_id, user_id)) WITHOUT ROWID;
        CREATE INDEX conversation_members_by_user ON conversation_members(user_id, hidden);
        CREATE TABLE messages (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL UNIQUE,
            conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
            sender_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            text TEXT NOT NULL,
            has_photo INTEGER NOT NULL,
            created_at REAL NOT NULL,
            read_at REAL);
        CREATE INDEX messages_by_conversation ON messages(conversation_id, created_at, id);
        CREATE INDEX messages_by_sender ON messages(sender_id);
        CREATE TABLE message_photos (
            message_id TEXT NOT NULL PRIMARY KEY REFERENCES messages(id) ON DELETE CASCADE,
            jpeg BLOB NOT NULL);
        """
}
