import FeedBenchSupport
import Foundation
import GRDB
import Logging
import PostgresNIO
import SocialModel
import SocialModelPostgres

// Copies the synthetic network that `social-feed-bench` seeded into SQLite into a PostgreSQL
// schema, then measures the same operations through PostgresSocialStore's public API, so the
// figures sit beside SQLite's for the same data.
//
//   swift run -c release social-feed-bench --runs 1          # seeds the SQLite file once
//   scripts/with-postgres.sh swift run -c release social-feed-bench-postgres \
//       --sqlite /tmp/social-feed-bench-10000-200000-2000000-100000.sqlite [--runs N]
//
// The server is ANALOGKIT_POSTGRES_URL (or --url); the data goes into schema `feed_bench`, which is
// replaced on every run unless `--reuse yes` measures again what a run on the same server copied
// (the copy takes about eight minutes on the 2-core machine).

let usage = """
    usage: social-feed-bench-postgres --sqlite PATH [--url URL] [--runs N] [--reuse yes|no]

    Copies the network social-feed-bench seeded into the SQLite file PATH into the PostgreSQL
    schema feed_bench (replaced on every run) and measures the same operations there. The server
    is --url, or ANALOGKIT_POSTGRES_URL.

    options:
      --reuse yes  Measure the schema feed_bench an earlier run on the server filled, without
                   copying again.
      -h, --help   Show this help and exit.
    """

/// A command line that does not match the usage: the reason and the usage on standard error, status 64.
func usageError(_ message: String) -> Never {
    FileHandle.standardError.write(Data("social-feed-bench-postgres: \(message)\n\(usage)\n".utf8))
    exit(64)
}

var options: [String: String] = [:]
var arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(0)
}
while let argument = arguments.popFirst() {
    let name = String(argument.dropFirst(2))
    guard argument.hasPrefix("--"), ["sqlite", "url", "runs", "reuse"].contains(name),
        let value = arguments.popFirst(), name != "runs" || (Int(value) ?? 0) > 0,
        name != "reuse" || ["yes", "no"].contains(value)
    else { usageError("cannot use '\(argument)'") }
    options[name] = value
}
guard let sqlitePath = options["sqlite"],
    let url = options["url"] ?? ProcessInfo.processInfo.environment["ANALOGKIT_POSTGRES_URL"]
else { usageError("give --sqlite PATH and a server URL (--url or ANALOGKIT_POSTGRES_URL)") }
let runs = options["runs"].flatMap(Int.init) ?? 2000
let probe = UserID(rawValue: String(format: "usr_%032x", 0))

var configuration = try PostgresStoreConfiguration(url: url)
configuration.schema = "feed_bench"
configuration.maximumConnections = 4
let logger = Logger(label: "feed-bench", factory: { _ in SwiftLogNoOpLogHandler() })

/// Copies one table in batches: each batch is one INSERT of `unnest` over column arrays.
func copy(
    _ table: String, columns: [(name: String, type: String)], from source: DatabaseQueue,
    on connection: PostgresConnection
) async throws {
    let names = columns.map(\.name).joined(separator: ", ")
    let total = try await source.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 }
    var offset = 0
    while offset < total {
        let rows = try source.read { db in
            try Row.fetchAll(db, sql: "SELECT \(names) FROM \(table) LIMIT 20000 OFFSET \(offset)")
        }
        var bindings = PostgresBindings()
        for (index, column) in columns.enumerated() {
            switch column.type {
            case "text": bindings.append(rows.map { $0[index] as String? ?? "" })
            case "double precision": bindings.append(rows.map { $0[index] as Double? ?? 0 })
            case "boolean": bindings.append(rows.map { $0[index] as Bool? ?? false })
            default: bindings.append(rows.map { $0[index] as Int? ?? 0 })
            }
        }
        let casts = columns.enumerated().map { "$\($0.offset + 1)::\($0.element.type)[]" }.joined(separator: ", ")
        try await connection.query(
            PostgresQuery(unsafeSQL: "INSERT INTO \(table) (\(names)) SELECT * FROM unnest(\(casts))", binds: bindings),
            logger: logger)
        offset += rows.count
    }
    print("  \(table): \(total) rows")
}

let source = try DatabaseQueue(path: sqlitePath)
var admin = configuration
admin.schema = nil
let setup = PostgresClient(
    configuration: {
        var client = PostgresClient.Configuration(
            host: admin.host, port: admin.port, username: admin.username, password: admin.password,
            database: admin.database, tls: .disable)
        client.options.additionalStartupParameters = [("search_path", "feed_bench")]
        return client
    }(), backgroundLogger: logger)
let setupRunner = Task { await setup.run() }
// --reuse yes keeps the schema a previous run filled.
let reuse = options["reuse"] == "yes"
if !reuse { try await setup.query("DROP SCHEMA IF EXISTS feed_bench CASCADE", logger: logger) }
let migrated = try await PostgresSocialStore.connect(configuration, logger: logger)
await migrated.close()
print(reuse ? "reusing schema feed_bench" : "copying \(sqlitePath) into PostgreSQL schema feed_bench…")
let started = ContinuousClock.now
if !reuse {
    try await setup.withConnection { connection in
        // Follows and posts go in with their triggers, which write every home timeline; then the
        // triggers and foreign-key checks are off while likes and notifications load, since the
        // counts come from SQLite as they are.
        try await copy(
            "users",
            columns: [
                ("id", "text"), ("username", "text"), ("username_key", "text"), ("email", "text"), ("name", "text"),
                ("surname", "text"), ("bio", "text"), ("created_at", "double precision"),
                ("verified_at", "double precision"),
            ], from: source, on: connection)
        try await copy(
            "follows", columns: [("follower_id", "text"), ("followee_id", "text"), ("created_at", "double precision")],
            from: source, on: connection)
        try await copy(
            "posts",
            columns: [
                ("id", "text"), ("author_id", "text"), ("caption", "text"), ("width", "bigint"), ("height", "bigint"),
                ("created_at", "double precision"), ("like_count", "bigint"), ("comment_count", "bigint"),
            ], from: source, on: connection)
        try await connection.query("SET session_replication_role = replica", logger: logger)
        try await copy(
            "post_likes", columns: [("post_id", "text"), ("user_id", "text"), ("created_at", "double precision")],
            from: source, on: connection)
        try await copy(
            "notifications",
            columns: [
                ("id", "text"), ("recipient_id", "text"), ("actor_id", "text"), ("kind", "text"), ("post_id", "text"),
                ("created_at", "double precision"), ("is_read", "boolean"),
            ], from: source, on: connection)
        try await connection.query("SET session_replication_role = DEFAULT", logger: logger)
        try await connection.query("VACUUM ANALYZE", logger: logger)
    }
    print("copied in \(ContinuousClock.now - started)")
}

let store = try await PostgresSocialStore.connect(configuration, logger: logger)
for order in [FeedOrder.newest, .mostLiked, FeedOrder(.date, .ascending)] {
    var cursor: FeedCursor?
    var pages = 0
    print(
        try await Latency.measure(
            "postgres home feed \(order.key.rawValue) \(order.direction.rawValue), page 1", runs: runs
        ) {
            _ = try await store.homeFeed(userID: probe, order: order, after: nil, limit: 30)
        })
    for _ in 0..<4 {
        let page = try await store.homeFeed(userID: probe, order: order, after: cursor, limit: 30)
        cursor = page.last.map { FeedCursor(after: $0.post) }
        pages += 1
    }
    print(
        try await Latency.measure(
            "postgres home feed \(order.key.rawValue) \(order.direction.rawValue), page \(pages + 1)", runs: runs
        ) {
            _ = try await store.homeFeed(userID: probe, order: order, after: cursor, limit: 30)
        })
}
let unread = try await store.unreadNotificationCount(recipientID: probe)
print(
    try await Latency.measure("postgres unread notification count (= \(unread))", runs: runs) {
        _ = try await store.unreadNotificationCount(recipientID: probe)
    })
// What the home timeline costs on the write side: a post is a row for each follower, a follow a row
// for each post of the person followed. A user whom everyone follows posts; the probe follows and
// unfollows the author with the most posts. Both are undone afterwards, so the network stays as
// copied (benchmark.sh serves it next).
let everyone = try await setup.query("SELECT count(*) FROM users", logger: logger).collect().first!.decode(Int.self)
let celebrity = UserID(rawValue: String(format: "usr_%032x", 1))
try await setup.query(
    """
    INSERT INTO follows (follower_id, followee_id, created_at)
    SELECT id, \(celebrity.rawValue), -1 FROM users WHERE id <> \(celebrity.rawValue) ON CONFLICT DO NOTHING
    """, logger: logger)
var written: [PostID] = []
print(
    try await Latency.measure("postgres new post by a user \(everyone - 1) follow", runs: min(runs, 100), warmUp: 2) {
        let post = Post(
            id: .random(), authorID: celebrity, caption: "benchmark", width: 1, height: 1, createdAt: Date())
        try await store.insertPost(post, photos: [])
        written.append(post.id)
    })
for id in written { _ = try await store.deletePost(id: id) }
try await setup.query(
    "DELETE FROM follows WHERE followee_id = \(celebrity.rawValue) AND created_at = -1", logger: logger)
let prolific = try await setup.query(
    "SELECT author_id, count(*) FROM posts WHERE author_id <> \(probe.rawValue) GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1",
    logger: logger
).collect().first!.decode((String, Int).self)
let alreadyFollowed = try await store.isFollowing(followerID: probe, followeeID: UserID(rawValue: prolific.0))
print(
    try await Latency.measure(
        "postgres follow and unfollow of a user with \(prolific.1) posts", runs: min(runs, 200), warmUp: 2
    ) {
        for following in [!alreadyFollowed, alreadyFollowed] {
            _ = try await store.setFollow(
                followerID: probe, followeeID: UserID(rawValue: prolific.0), following: following, at: Date(),
                notification: nil)
        }
    })
// What a new post costs the live-update hub of a server with 1,000 users subscribed: which of them
// follow its author, asked at once (what `NetworkEvents` does) and one by one (what it did before).
let subscribers = try await setup.query("SELECT id FROM users ORDER BY id LIMIT 1000", logger: logger).collect()
    .map { UserID(rawValue: try $0.decode(String.self)) }
let author = UserID(rawValue: prolific.0)
let found = try await store.followers(of: author, among: subscribers)
print(
    try await Latency.measure(
        "postgres live post: \(found.count) followers among \(subscribers.count) subscribers, one query",
        runs: min(runs, 200), warmUp: 2
    ) {
        _ = try await store.followers(of: author, among: subscribers)
    })
print(
    try await Latency.measure(
        "postgres live post: the same, one isFollowing per subscriber", runs: min(runs, 20), warmUp: 1
    ) {
        for subscriber in subscribers {
            _ = try await store.isFollowing(followerID: subscriber, followeeID: author)
        }
    })
// The same feed with blocks, mutes and suspensions in place, measured against itself without them.
let users = try source.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM users") ?? 0 }
let followees = try await store.followees(of: probe, after: nil, limit: 1000).map(\.user.id)
try await SafetyLoad(
    probe: probe, followees: followees, users: users, userID: { UserID(rawValue: String(format: "usr_%032x", $0)) }
).compareHomeFeed(on: store, label: "postgres", runs: runs) {
    try await setup.query("ANALYZE user_blocks, user_mutes, suspensions", logger: logger)
}
for (label, order) in [("newest first", FeedOrder.newest), ("most liked first", .mostLiked)] {
    print("EXPLAIN — home feed, \(label):")
    let query = try await store.homeFeedQueryPlan(userID: probe, order: order)
    for line in query { print("  \(line)") }
}
await store.close()
setupRunner.cancel()
