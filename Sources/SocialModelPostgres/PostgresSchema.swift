import Foundation
import Logging
import PostgresNIO
import SocialModel

/// The PostgreSQL schema as numbered migrations: a later version appends one, never edits one.
///
/// Migrations run in one transaction under an advisory lock, so several app instances starting at
/// once migrate once. Dates are `double precision` seconds since 2001-01-01 UTC (`Date`'s own
/// representation, exact round trips, as in the SQLite store); ids use the "C" collation so they
/// sort byte by byte as in SQLite. Constraint names are what ``PostgresSocialStore/storeError(_:)``
/// maps to `UniqueField`.
enum PostgresSchema {
    /// One version of the schema.
    struct Migration: Sendable {
        var version: String
        var statements: [String]
    }

    static let migrations: [Migration] = [
        Migration(
            version: "v1-accounts",
            statements: [
                """
                CREATE TABLE users (
                    id text COLLATE "C" CONSTRAINT users_pkey PRIMARY KEY,
                    username text NOT NULL,
                    -- Unique on the case-folded key, so "Ana" and "ana" cannot both exist.
                    -- Byte order ("C"), so a prefix search is a range scan of this index.
                    username_key text COLLATE "C" NOT NULL CONSTRAINT users_username_key UNIQUE,
                    email text CONSTRAINT users_email_key UNIQUE,
                    name text NOT NULL,
                    surname text NOT NULL,
                    bio text NOT NULL,
                    avatar text,
                    created_at double precision NOT NULL,
                    verified_at double precision
                )
                """,
                """
                CREATE TABLE passwords (
                    user_id text COLLATE "C" PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
                    hash text NOT NULL
                )
                """,
                """
                CREATE TABLE sessions (
                    token_hash bytea CONSTRAINT sessions_pkey PRIMARY KEY,
                    user_id text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    created_at double precision NOT NULL,
                    expires_at double precision NOT NULL
                )
                """,
                "CREATE INDEX sessions_user ON sessions (user_id, created_at)",
                """
                CREATE TABLE one_time_tokens (
                    token_hash bytea CONSTRAINT one_time_tokens_pkey PRIMARY KEY,
                    user_id text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    purpose text NOT NULL,
                    created_at double precision NOT NULL,
                    expires_at double precision NOT NULL
                )
                """,
                "CREATE INDEX one_time_tokens_user_purpose ON one_time_tokens (user_id, purpose, created_at)",
                """
                CREATE TABLE identity_links (
                    provider text NOT NULL,
                    subject text NOT NULL,
                    user_id text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    linked_at double precision NOT NULL,
                    CONSTRAINT identity_links_pkey PRIMARY KEY (provider, subject)
                )
                """,
                "CREATE INDEX identity_links_user ON identity_links (user_id, linked_at)",
                """
                CREATE TABLE failed_sign_ins (
                    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    key text NOT NULL,
                    at double precision NOT NULL
                )
                """,
                "CREATE INDEX failed_sign_ins_key_at ON failed_sign_ins (key, at)",
                "CREATE INDEX failed_sign_ins_at ON failed_sign_ins (at)",
            ]),
        Migration(
            version: "v2-recipes",
            statements: [
                """
                CREATE TABLE recipes (
                    id text COLLATE "C" CONSTRAINT recipes_pkey PRIMARY KEY,
                    author_id text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    name text NOT NULL,
                    preparation_minutes integer NOT NULL,
                    ingredients text[] NOT NULL,
                    steps text[] NOT NULL,
                    has_photo boolean NOT NULL,
                    created_at double precision NOT NULL,
                    -- Kept by the trigger below, so "most liked" pages are an index scan.
                    like_count integer NOT NULL DEFAULT 0 CHECK (like_count >= 0)
                )
                """,
                "CREATE INDEX recipes_newest ON recipes (created_at DESC, id DESC)",
                "CREATE INDEX recipes_most_liked ON recipes (like_count DESC, created_at DESC, id DESC)",
                "CREATE INDEX recipes_author ON recipes (author_id)",
                """
                CREATE TABLE recipe_photos (
                    recipe_id text COLLATE "C" NOT NULL REFERENCES recipes (id) ON DELETE CASCADE,
                    size integer NOT NULL,
                    jpeg bytea NOT NULL,
                    PRIMARY KEY (recipe_id, size)
                )
                """,
                """
                CREATE TABLE recipe_likes (
                    recipe_id text COLLATE "C" NOT NULL REFERENCES recipes (id) ON DELETE CASCADE,
                    user_id text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    liked_at double precision NOT NULL,
                    PRIMARY KEY (recipe_id, user_id)
                )
                """,
                "CREATE INDEX recipe_likes_user ON recipe_likes (user_id, liked_at DESC, recipe_id DESC)",
                // Row triggers also fire for rows removed by a foreign-key cascade (a deleted
                // user's likes), and run in the liking transaction: the count is never off.
                """
                CREATE FUNCTION recipe_likes_count() RETURNS trigger LANGUAGE plpgsql
                SET search_path FROM CURRENT AS $$
                BEGIN
                    IF TG_OP = 'INSERT' THEN
                        UPDATE recipes SET like_count = like_count + 1 WHERE id = NEW.recipe_id;
                    ELSE
                        UPDATE recipes SET like_count = like_count - 1 WHERE id = OLD.recipe_id;
                    END IF;
                    RETURN NULL;
                END $$
                """,
                """
                CREATE TRIGGER recipe_likes_count AFTER INSERT OR DELETE ON recipe_likes
                FOR EACH ROW EXECUTE FUNCTION recipe_likes_count()
                """,
                """
                CREATE TABLE body_profiles (
                    user_id text COLLATE "C" PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
                    sex text NOT NULL,
                    weight_kg double precision NOT NULL,
                    height_cm double precision NOT NULL,
                    age_years integer NOT NULL,
                    activity text NOT NULL,
                    goal text NOT NULL
                )
                """,
            ]),
        network,
        feedWalk,
        homeTimeline,
        conversationsOutliveAccounts,
        mailOutbox,
        shareLinks,
        blocksAndMutes,
        moderation,
        hashtags,
        latestDelivered,
    ]

    /// A deleted account's conversations stay with the other participant: the participants and a
    /// message's sender are no longer references to `users` that cascade, but the ids they were;
    /// reads show a missing user as `User.deletedAccount(id:)`. A member row still cascades (the
    /// deleted user's own read state and hiding go), and the store deletes a conversation when its
    /// last member row goes.
    static let conversationsOutliveAccounts = Migration(
        version: "v6-conversations-outlive-accounts",
        statements: [
            "ALTER TABLE conversations DROP CONSTRAINT conversations_user_a_fkey",
            "ALTER TABLE conversations DROP CONSTRAINT conversations_user_b_fkey",
            "ALTER TABLE messages DROP CONSTRAINT messages_sender_id_fkey",
        ])

    /// Startup parameters that put the configured schema first on every connection's `search_path`.
    static func startupParameters(_ configuration: PostgresStoreConfiguration) -> [(String, String)] {
        configuration.schema.map { [("search_path", $0)] } ?? []
    }

    /// Connects once, creates the schema if needed and applies the migrations not yet applied.
    static func migrate(_ configuration: PostgresStoreConfiguration, logger: Logger) async throws {
        let connection = try await PostgresConnection.connect(
            configuration: try connectionConfiguration(configuration), id: 0, logger: logger)
        do {
            try await migrate(on: connection, schema: configuration.schema, logger: logger)
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
    }

    static func migrate(on connection: PostgresConnection, schema: String?, logger: Logger) async throws {
        if let schema {
            // A plain identifier (checked by the configuration); identifiers cannot be bound.
            try await connection.query("CREATE SCHEMA IF NOT EXISTS \(unescaped: schema)", logger: logger)
        }
        try await connection.withTransaction(logger: logger) { connection in
            // One migrator per schema at a time; the lock ends with the transaction.
            try await connection.query(
                "SELECT pg_advisory_xact_lock(\(lockNamespace), hashtext(current_schema()))", logger: logger)
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS social_model_migrations (
                    version text PRIMARY KEY,
                    applied_at timestamptz NOT NULL DEFAULT now()
                )
                """, logger: logger)
            var applied: Set<String> = []
            for try await version in try await connection.query(
                "SELECT version FROM social_model_migrations", logger: logger
            ).decode(String.self) {
                applied.insert(version)
            }
            for migration in migrations where !applied.contains(migration.version) {
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "INSERT INTO social_model_migrations (version) VALUES (\(migration.version))", logger: logger)
            }
        }
    }

    /// The first key of the migration advisory lock ("SoMo"), so it does not collide with an app's own locks.
    static let lockNamespace: Int32 = 0x536F_4D6F

    static func connectionConfiguration(_ configuration: PostgresStoreConfiguration) throws
        -> PostgresConnection.Configuration
    {
        let tls: PostgresConnection.Configuration.TLS =
            switch configuration.tls {
            case .disable: .disable
            case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
        var connection = PostgresConnection.Configuration(
            host: configuration.host, port: configuration.port, username: configuration.username,
            password: configuration.password, database: configuration.database, tls: tls)
        connection.options.additionalStartupParameters = startupParameters(configuration)
        return connection
    }
}
