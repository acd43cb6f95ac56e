import FeedBenchSupport
import FilmKit
import Foundation
import GRDB
import SocialModel
import SocialModelAPI
import SocialModelPhotos
import SocialModelSQLite

// Seeds a SocialModel SQLite database with a synthetic network and measures the home feed and the
// unread notification count through the store's public API.
//
//   swift run -c release social-feed-bench [--database PATH] [--users N] [--posts N] [--likes N]
//       [--follows N] [--runs N]
//
// An existing database at PATH is reused (seeding 2 M likes takes a while), so repeated runs
// measure the same data.

let usage = """
    usage: social-feed-bench [--database PATH] [--users N] [--posts N] [--likes N] [--follows N] [--runs N]

    Seeds a SocialModel SQLite database with a synthetic network (unless PATH exists, which is
    reused) and measures the home feed and the unread notification count. The default database is
    a file in the system's temporary directory named after the sizes.

    options:
      -h, --help   Show this help and exit.
    """

/// The `--name value` pairs of the command line, checked against the usage.
func parseOptions() -> [String: String] {
    var arguments = CommandLine.arguments.dropFirst()
    if arguments.contains("--help") || arguments.contains("-h") {
        print(usage)
        exit(0)
    }
    var options: [String: String] = [:]
    while let argument = arguments.popFirst() {
        let name = String(argument.dropFirst(2))
        guard argument.hasPrefix("--"), ["database", "users", "posts", "likes", "follows", "runs"].contains(name),
            let value = arguments.popFirst(), name == "database" || (Int(value) ?? 0) > 0
        else {
            FileHandle.standardError.write(Data("social-feed-bench: cannot use '\(argument)'\n\(usage)\n".utf8))
            exit(64)
        }
        options[name] = value
    }
    return options
}

let options = parseOptions()
let number = { (key: String, fallback: Int) in options[key].flatMap(Int.init) ?? fallback }

var seeder = NetworkSeeder()
seeder.users = number("users", seeder.users)
seeder.posts = number("posts", seeder.posts)
seeder.likes = number("likes", seeder.likes)
seeder.follows = number("follows", seeder.follows)
let runs = number("runs", 2000)
let path =
    options["database"]
    ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "social-feed-bench-\(seeder.users)-\(seeder.posts)-\(seeder.likes)-\(seeder.follows).sqlite"
    ).path

if !FileManager.default.fileExists(atPath: path) {
    print("seeding \(seeder.users) users, \(seeder.posts) posts, \(seeder.likes) likes, \(seeder.follows) follows…")
    let started = ContinuousClock.now
    try seeder.seed(path: path)
    print("seeded in \(ContinuousClock.now - started) into \(path)")
} else {
    print("reusing \(path)")
}

let store = try SQLiteSocialStore(path: path)
let probe = NetworkSeeder.userID(seeder.probeIndex)
let inspector = try DatabaseQueue(path: path)
try inspector.read { db in
    let counts = try Row.fetchOne(
        db,
        sql: """
            SELECT (SELECT COUNT(*) FROM users) AS users, (SELECT COUNT(*) FROM posts) AS posts,
                (SELECT COUNT(*) FROM post_likes) AS likes, (SELECT COUNT(*) FROM follows) AS follows,
                (SELECT COUNT(*) FROM follows WHERE follower_id = ?) AS probe
            """, arguments: [probe.rawValue])!
    print(
        "database: \(counts["users"] as Int) users, \(counts["posts"] as Int) posts, \(counts["likes"] as Int) likes,"
            + " \(counts["follows"] as Int) follows; the probe follows \(counts["probe"] as Int)")
}

for order in [FeedOrder.newest, .mostLiked, FeedOrder(.date, .ascending)] {
    var cursor: FeedCursor?
    var pages = 0
    let first = try await Latency.measure(
        "home feed \(order.key.rawValue) \(order.direction.rawValue), page 1", runs: runs
    ) {
        _ = try await store.homeFeed(userID: probe, order: order, after: nil, limit: 30)
    }
    print(first)
    // Walk to page 5 to measure a page in the middle.
    for _ in 0..<4 {
        let page = try await store.homeFeed(userID: probe, order: order, after: cursor, limit: 30)
        cursor = page.last.map { FeedCursor(after: $0.post) }
        pages += 1
    }
    let later = try await Latency.measure(
        "home feed \(order.key.rawValue) \(order.direction.rawValue), page \(pages + 1)", runs: runs
    ) {
        _ = try await store.homeFeed(userID: probe, order: order, after: cursor, limit: 30)
    }
    print(later)
}
let unread = try await store.unreadNotificationCount(recipientID: probe)
print(
    try await Latency.measure("unread notification count (= \(unread))", runs: runs) {
        _ = try await store.unreadNotificationCount(recipientID: probe)
    })

// What a new post costs the live-update hub of a server with 1,000 users subscribed: which of them
// follow its author, asked at once (what `NetworkEvents` does) and one by one (what it did before).
let subscribers = try await store.searchUsers(prefix: "", after: nil, limit: 1000).map(\.id)
let author = try await store.followees(of: probe, after: nil, limit: 1)[0].user.id
let found = try await store.followers(of: author, among: subscribers)
print(
    try await Latency.measure(
        "live post: \(found.count) followers among \(subscribers.count) subscribers, one query", runs: runs
    ) {
        _ = try await store.followers(of: author, among: subscribers)
    })
print(
    try await Latency.measure("live post: the same, one isFollowing per subscriber", runs: min(runs, 20)) {
        for subscriber in subscribers {
            _ = try await store.isFollowing(followerID: subscriber, followeeID: author)
        }
    })

// The same through the services, as an app calls them: a request authenticates its session token
// once (`network.session(token)`), then reads through the session.
let token = SecretToken.generate()
try await store.insertSession(
    SessionRecord(tokenHash: token.hash, userID: probe, createdAt: Date(), expiresAt: .distantFuture))
let outbox = FileManager.default.temporaryDirectory.appendingPathComponent("social-feed-bench-outbox")
let network = SocialNetwork(
    store: store, accounts: AccountService(store: store, mailer: OutboxMailer(directory: outbox)),
    photos: VipsPhotoProcessor(filters: FilterRegistry(includingBuiltIns: false)))
print(
    try await Latency.measure("service: session + home feed newest, page 1", runs: runs) {
        _ = try await network.session(token).feed.home()
    })
print(
    try await Latency.measure("service: session + unread notification count", runs: runs) {
        _ = try await network.session(token).notifications.unreadCount()
    })
let me = try await network.session(token)
print(
    try await Latency.measure("service: home feed newest, page 1, in a session", runs: runs) {
        _ = try await me.feed.home()
    })
print(
    try await Latency.measure("service: unread notification count, in a session", runs: runs) {
        _ = try await me.notifications.unreadCount()
    })
// The home feed page as SocialModelHTTP's route writes it.
let page = try await me.feed.home(limit: 20)
let json = try SocialJSON.encoder().encode(page)
print(
    try await Latency.measure("JSON of a home feed page (20 posts, \(json.count) bytes)", runs: runs) {
        _ = try SocialJSON.encoder().encode(page)
    })
print(
    await Latency.measure("JSON of that page written directly", runs: runs) {
        _ = SocialJSONWriter.bytes(of: page)
    })
try await store.deleteSessions(userID: probe)

// The same feed with blocks, mutes and suspensions in place, measured against itself without them.
let followees = try await store.followees(of: probe, after: nil, limit: seeder.probeFollows).map(\.user.id)
try await SafetyLoad(probe: probe, followees: followees, users: seeder.users, userID: NetworkSeeder.userID)
    .compareHomeFeed(on: store, label: "sqlite", runs: runs)

for (label, order, paged) in [
    ("newest first, after a cursor", FeedOrder.newest, true), ("most liked first", .mostLiked, false),
] {
    print("EXPLAIN QUERY PLAN — home feed, \(label):")
    for line in try await store.homeFeedQueryPlan(userID: probe, order: order, paged: paged) { print("  \(line)") }
}
print("EXPLAIN QUERY PLAN — unread notification count:")
for line in try await store.unreadNotificationCountQueryPlan(recipientID: probe) { print("  \(line)") }
