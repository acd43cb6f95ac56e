import Foundation
import PostgresNIO
import SocialModel
import SocialModelSQLite
import SocialModelStores
import Testing

@testable import SocialModelPostgres

@Suite("PostgreSQL store specifics")
struct PostgresStoreTests {
    @Test func everyQueryIsServedByAnIndex() async throws {
        try await PostgresTestServer.withStore(fresh: true) { store in
            let plans: [PostgresQuery] = [
                "EXPLAIN SELECT * FROM users WHERE username_key = \("a")",
                "EXPLAIN SELECT * FROM users WHERE email = \("a")",
                "EXPLAIN SELECT * FROM sessions WHERE user_id = \("a") ORDER BY created_at",
                "EXPLAIN SELECT * FROM one_time_tokens WHERE user_id = \("a") AND purpose = \("b")",
                "EXPLAIN SELECT * FROM identity_links WHERE user_id = \("a")",
                "EXPLAIN SELECT * FROM failed_sign_ins WHERE key = \("a") AND at >= \(1.0)",
                "EXPLAIN SELECT * FROM failed_sign_ins WHERE at < \(1.0)",
                "EXPLAIN SELECT * FROM recipes ORDER BY created_at DESC, id DESC LIMIT 10",
                "EXPLAIN SELECT * FROM recipes ORDER BY like_count DESC, created_at DESC, id DESC LIMIT 10",
                "EXPLAIN SELECT * FROM recipes WHERE author_id = \("a")",
                "EXPLAIN SELECT * FROM recipe_likes WHERE user_id = \("a") ORDER BY liked_at DESC, recipe_id DESC",
                "EXPLAIN SELECT * FROM users WHERE username_key >= \("an") AND username_key < \("an\u{7F}") ORDER BY username_key",
                "EXPLAIN SELECT * FROM follows WHERE follower_id = \("a") ORDER BY created_at DESC, followee_id DESC",
                "EXPLAIN SELECT * FROM follows WHERE followee_id = \("a") ORDER BY created_at DESC, follower_id DESC",
                "EXPLAIN SELECT * FROM posts WHERE author_id = \("a") ORDER BY created_at DESC, id DESC LIMIT 30",
                "EXPLAIN SELECT * FROM posts WHERE author_id = \("a") ORDER BY like_count DESC, created_at DESC, id DESC LIMIT 30",
                "EXPLAIN SELECT * FROM post_likes WHERE post_id = \("a") ORDER BY created_at DESC, user_id DESC",
                "EXPLAIN SELECT * FROM comments WHERE post_id = \("a") ORDER BY created_at, id LIMIT 1",
                "EXPLAIN SELECT count(*) FROM notifications WHERE recipient_id = \("a") AND NOT is_read",
                "EXPLAIN SELECT * FROM notifications WHERE recipient_id = \("a") ORDER BY created_at DESC, id DESC",
                "EXPLAIN SELECT * FROM conversation_members WHERE user_id = \("a") AND NOT hidden",
                "EXPLAIN SELECT * FROM messages WHERE conversation_id = \("a") ORDER BY created_at DESC, id DESC",
            ]
            for query in plans {
                // Tables this small are cheaper to scan; forbid that so the plan shows the usable index.
                let plan = try await store.transaction { connection in
                    try await connection.query("SET LOCAL enable_seqscan = off", logger: store.logger)
                    var lines: [String] = []
                    for try await line in try await connection.query(query, logger: store.logger)
                        .decode(String.self)
                    {
                        lines.append(line)
                    }
                    return lines.joined(separator: " ")
                }
                #expect(plan.contains("Index") && !plan.contains("Seq Scan"), "\(query.sql): \(plan)")
            }
        }
    }

    /// The prepared statements run on connections that reuse their generic plans: PostgreSQL
    /// would otherwise plan a home feed page afresh on every run. One connection per pool, so the
    /// statistics read are those of the connection that ran the pages.
    @Test func preparedStatementsReuseTheirGenericPlans() async throws {
        try await PostgresTestServer.withStore(maximumConnections: 1) { store in
            let user = User(id: .random(), username: "generic", email: nil, createdAt: Date())
            try await store.insertUser(user, passwordHash: nil, identity: nil)
            for _ in 0..<8 { _ = try await store.homeFeed(userID: user.id, order: .newest, after: nil, limit: 20) }
            let statistics: PostgresQuery = """
                SELECT name, generic_plans, custom_plans FROM pg_prepared_statements
                WHERE name LIKE 'analogkit_home_feed_%'
                """
            let counts = try await store.preparedClient.withConnection { connection in
                var rows: [(String, Int, Int)] = []
                for try await row in try await connection.query(statistics, logger: store.logger)
                    .decode((String, Int, Int).self)
                {
                    rows.append(row)
                }
                return rows
            }
            let page = try #require(
                counts.first { $0.0 == "analogkit_home_feed_user_timeline_date_desc" }, "\(counts)")
            #expect(page.1 == 8 && page.2 == 0, "\(counts)")
            #expect(counts.allSatisfy { $0.2 == 0 }, "\(counts)")
        }
    }

    /// A page learns whether its viewer liked each post from one primary-key probe per post. Seen
    /// through the generic plan of a network where the viewer liked many posts: with an `EXISTS`,
    /// PostgreSQL read every one of the viewer's likes into a hash instead, for every page.
    @Test func aPageProbesTheViewersLikesPostByPost() async throws {
        try await PostgresTestServer.withStore(fresh: true) { store in
            let viewer = User(id: .random(), username: "liker", email: nil, createdAt: Date())
            let author = User(id: .random(), username: "author", email: nil, createdAt: Date())
            for user in [viewer, author] { try await store.insertUser(user, passwordHash: nil, identity: nil) }
            _ = try await store.setFollow(
                followerID: viewer.id, followeeID: author.id, following: true, at: Date(), notification: nil)
            let seed: [PostgresQuery] = [
                """
                INSERT INTO posts (id, author_id, caption, width, height, created_at)
                SELECT 'pst_' || g, \(author.id.rawValue), '', 1, 1, g FROM generate_series(1, 20000) g
                """,
                """
                INSERT INTO post_likes (post_id, user_id, created_at)
                SELECT 'pst_' || g, \(viewer.id.rawValue), g FROM generate_series(1, 20000, 10) g
                """,
                "ANALYZE",
            ]
            for query in seed { _ = try await store.rows(query) }
            for order in [FeedOrder.newest, .mostLiked] {
                let plan = try await store.homeFeedQueryPlan(userID: viewer.id, order: order)
                // The probe's index condition names the post; a hash's names only the viewer (the
                // home timeline's condition names the viewer and a date).
                #expect(plan.contains { $0.contains("Index Cond: ((post_id = p.id) AND (user_id = $1))") }, "\(plan)")
                #expect(!plan.contains { $0.hasSuffix("Cond: (user_id = $1)") }, "\(plan)")
                // Where the viewer comes from the session, it is a parameter the session's lookup sets.
                let sessionRead = plan.drop { $0 != "first read with the session check:" }
                #expect(
                    sessionRead.contains { $0.contains("Index Cond: ((post_id = p.id) AND (user_id = $") }, "\(plan)")
            }
        }
    }

    @Test func migrationsRunOnceAndDataSurvivesReconnecting() async throws {
        let configuration = try await PostgresTestServer.freshConfiguration()
        let user = User(id: .random(), username: "persist", email: "p@example.com", createdAt: Date())
        let first = try await PostgresTestServer.connect(configuration)
        try await first.insertUser(user, passwordHash: "h", identity: nil)
        await first.close()
        // Two instances starting at once against the migrated schema: the advisory lock lets one
        // migrator look at a time, and neither applies anything again.
        async let second = PostgresTestServer.connect(configuration)
        async let third = PostgresTestServer.connect(configuration)
        let (reopened, other) = try await (second, third)
        #expect(try await reopened.user(id: user.id) == user)
        let versions = try await reopened.fetch("SELECT version FROM social_model_migrations") { try $0.string() }
        // Each once ("v10-…" sorts before "v2-…" as text, so both sides are sorted here).
        #expect(versions.sorted() == PostgresSchema.migrations.map(\.version).sorted())
        await reopened.close()
        await other.close()
        try await PostgresTestServer.dropSchema(of: configuration)
    }

    @Test func anUnreachableServerIsATypedError() async throws {
        // Port 1 on loopback: nothing listens there, so this needs no server.
        let configuration = try PostgresStoreConfiguration(
            host: "127.0.0.1", port: 1, username: "nobody", password: "secret-password", tls: .disable)
        await #expect {
            _ = try await PostgresTestServer.connect(configuration)
        } throws: { error in
            guard case .cannotOpen(let path, _) = error as? StoreError else { return false }
            // The location is named, the password is not.
            return path.contains("127.0.0.1:1") && !path.contains("secret-password")
        }
    }

    @Test func aBadSchemaNameNeverReachesSQL() throws {
        #expect(throws: StoreError.self) {
            _ = try PostgresStoreConfiguration(url: "postgres://u@localhost/db?schema=x;DROP%20TABLE%20users")
        }
        #expect(throws: StoreError.self) {
            _ = try PostgresStoreConfiguration(url: "postgres://u@localhost/db?schema=Public")
        }
        #expect(throws: StoreError.self) {
            _ = try PostgresStoreConfiguration(url: "postgres://u@localhost/db?sslmode=sometimes")
        }
        #expect(throws: StoreError.self) {
            _ = try PostgresStoreConfiguration(url: "postgres://u@localhost/db?max_connections=0")
        }
        #expect(throws: StoreError.self) {
            _ = try PostgresStoreConfiguration(url: "postgres://u@localhost/db?home_feed_window=0")
        }
    }

    @Test func aURLChoosesTheStore() async throws {
        let postgres = try PostgresStoreConfiguration(
            url:
                "postgresql://ana:s3cret@db.example.com:6543/social?schema=app_1&sslmode=require&max_connections=7&home_feed_window=50"
        )
        #expect(postgres.host == "db.example.com")
        #expect(postgres.port == 6543)
        #expect(postgres.username == "ana")
        #expect(postgres.password == "s3cret")
        #expect(postgres.database == "social")
        #expect(postgres.schema == "app_1")
        #expect(postgres.tls == .require)
        #expect(postgres.maximumConnections == 7)
        #expect(postgres.homeFeedWindow == 50)
        #expect(!postgres.redactedDescription.contains("s3cret"))
        let defaults = try PostgresStoreConfiguration(url: "postgres://localhost")
        #expect(defaults.port == 5432 && defaults.username == "postgres" && defaults.database == nil)
        #expect(defaults.tls == .prefer && defaults.maximumConnections == 20 && defaults.schema == nil)
        #expect(defaults.homeFeedWindow == 4000)

        #expect(try StoreLocation("sqlite:/var/lib/app/social.sqlite") == .sqlite(path: "/var/lib/app/social.sqlite"))
        #expect(try StoreLocation("sqlite:///var/lib/app/social.sqlite") == .sqlite(path: "/var/lib/app/social.sqlite"))
        #expect(try StoreLocation("data/social.sqlite") == .sqlite(path: "data/social.sqlite"))
        guard case .postgres(let url) = try StoreLocation("postgres://u:pw@h/db") else {
            Issue.record("a postgres:// URL must choose PostgreSQL")
            return
        }
        #expect(url.host == "h")
        #expect(try StoreLocation("postgres://u:pw@h/db").description == "postgres://u:***@h/db")
        #expect(throws: StoreError.self) { _ = try StoreLocation("mysql://h/db") }
        #expect(throws: StoreError.self) { _ = try StoreLocation("") }
        #expect(throws: StoreError.self) { _ = try StoreLocation("postgres://") }

        // No variable: the default, SQLite, with nothing to set up.
        let fallback = StoreLocation.sqlite(path: "social.sqlite")
        #expect(try StoreLocation.fromEnvironment([:], default: fallback) == fallback)
        #expect(
            try StoreLocation.fromEnvironment([StoreLocation.environmentVariable: "sqlite:x.db"], default: fallback)
                == .sqlite(path: "x.db"))
    }

    @Test func openingASQLiteLocationNeedsNoServer() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pg-open-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try await StoreLocation("sqlite:" + directory.appendingPathComponent("s.sqlite").path)
            .open(logger: PostgresTestServer.logger)
        #expect(store is SQLiteSocialStore)
        #expect(try await store.recipeCount() == 0)
    }

    @Test func aPostgresLocationOpensAPostgresStore() async throws {
        let configuration = try await PostgresTestServer.freshConfiguration()
        var components = URLComponents()
        components.scheme = "postgres"
        components.host = configuration.host
        components.port = configuration.port
        components.user = configuration.username
        components.password = configuration.password
        components.path = "/" + (configuration.database ?? "")
        components.queryItems = [
            URLQueryItem(name: "schema", value: configuration.schema),
            URLQueryItem(name: "sslmode", value: configuration.tls.rawValue),
        ]
        let url = try #require(components.string)
        let store = try await StoreLocation.fromEnvironment(
            [StoreLocation.environmentVariable: url], default: .sqlite(path: "unused.sqlite")
        ).open(logger: PostgresTestServer.logger)
        let postgres = try #require(store as? PostgresSocialStore)
        #expect(try await postgres.recipeCount() == 0)
        await postgres.close()
        try await PostgresTestServer.dropSchema(of: configuration)
    }
}
