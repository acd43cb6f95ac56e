import Foundation
import GRDB
import SocialModel
import SocialModelSQLite

/// Fills a SocialModel SQLite database with a synthetic network, fast: one transaction, prepared
/// statements, and the store's own triggers keeping the like counts.
///
/// Everything is drawn from a seeded generator, so two runs with the same sizes and seed build the
/// same network. User `probeIndex` (the probe) follows exactly `probeFollows` people; the other
/// follows are random pairs. Every like notifies the post's author (unless they liked their own
/// post); `unreadFraction` of those notifications are left unread.
struct NetworkSeeder {
    var users = 10_000
    var posts = 200_000
    var likes = 2_000_000
    var follows = 100_000
    var probeFollows = 200
    var unreadFraction = 0.05
    var seed: UInt64 = 42
    /// Posts are spread over this many seconds before `end`.
    var span: TimeInterval = 365 * 24 * 3600
    var end = Date(timeIntervalSinceReferenceDate: 800_000_000)

    /// The probe user: the one whose feed and unread count are measured.
    let probeIndex = 0

    static func userID(_ index: Int) -> UserID { UserID(rawValue: String(format: "usr_%032x", index)) }

    /// Creates the schema through ``SQLiteSocialStore`` and fills it.
    func seed(path: String) throws {
        _ = try SQLiteSocialStore(path: path)
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false  // every reference is made valid by construction
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA synchronous = OFF; PRAGMA cache_size = -2000000; PRAGMA temp_store = MEMORY")
            try db.inTransaction {
                // Bulk loading is far faster without the secondary indexes and count triggers:
                // set them aside exactly as the schema declares them, load, count the likes in
                // one statement, then put them back.
                let tables = ["posts", "post_likes", "notifications", "follows"]
                let placeholders = tables.map { _ in "?" }.joined(separator: ", ")
                let deferred = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT type, name, sql FROM sqlite_master
                        WHERE type IN ('index', 'trigger') AND sql IS NOT NULL AND tbl_name IN (\(placeholders))
                        """, arguments: StatementArguments(tables))
                for row in deferred {
                    try db.execute(
                        sql: "DROP \(row["type"] as String) \((row["name"] as String).quotedDatabaseIdentifier)")
                }
                try fill(db)
                try db.execute(
                    sql: """
                        UPDATE posts SET like_count = counts.likes
                        FROM (SELECT post_id, COUNT(*) AS likes FROM post_likes GROUP BY post_id) AS counts
                        WHERE posts.id = counts.post_id
                        """)
                for row in deferred { try db.execute(sql: row["sql"]) }
                return .commit
            }
            try db.execute(sql: "ANALYZE")
        }
    }

    private func fill(_ db: Database) throws {
        var random = SeededGenerator(seed: seed)
        let user = try db.makeStatement(
            sql: """
                INSERT INTO users (id, username, username_key, email, name, surname, bio, created_at, verified_at)
                VALUES (?, ?, ?, ?, '', '', '', 0, 0)
                """)
        for index in 0..<users {
            let name = String(format: "user%05d", index)
            try user.execute(arguments: [Self.userID(index).rawValue, name, name, "\(name)@example.com"])
        }

        let follow = try db.makeStatement(
            sql: "INSERT OR IGNORE INTO follows (follower_id, followee_id, created_at) VALUES (?, ?, ?)")
        var followed = Set<Int>()
        while followed.count < min(probeFollows, users - 1) {
            let other = Int(random.next(below: UInt64(users)))
            guard other != probeIndex, followed.insert(other).inserted else { continue }
            try follow.execute(arguments: [Self.userID(probeIndex).rawValue, Self.userID(other).rawValue, 0.0])
        }
        var made = followed.count
        while made < follows {
            let follower = Int(random.next(below: UInt64(users - 1))) + 1  // the probe follows exactly its own set
            let followee = Int(random.next(below: UInt64(users)))
            guard follower != followee else { continue }
            try follow.execute(arguments: [Self.userID(follower).rawValue, Self.userID(followee).rawValue, 0.0])
            made += db.changesCount
        }

        let post = try db.makeStatement(
            sql: """
                INSERT INTO posts (id, author_id, caption, filter, width, height, created_at)
                VALUES (?, ?, 'caption', NULL, 1080, 1080, ?)
                """)
        var postIDs: [String] = []
        var postAuthors: [Int] = []
        postIDs.reserveCapacity(posts)
        postAuthors.reserveCapacity(posts)
        let start = end.timeIntervalSinceReferenceDate - span
        for index in 0..<posts {
            let id = String(format: "pst_%016llx%016llx", random.next(), random.next())
            let author = Int(random.next(below: UInt64(users)))
            let at = start + span * Double(index) / Double(max(1, posts))
            try post.execute(arguments: [id, Self.userID(author).rawValue, at])
            postIDs.append(id)
            postAuthors.append(author)
        }

        let like = try db.makeStatement(
            sql: "INSERT OR IGNORE INTO post_likes (post_id, user_id, created_at) VALUES (?, ?, ?)")
        let notify = try db.makeStatement(
            sql: """
                INSERT INTO notifications (id, recipient_id, actor_id, kind, post_id, comment_id, created_at, is_read)
                VALUES (?, ?, ?, 'like', ?, NULL, ?, ?)
                """)
        var liked = 0
        while liked < likes {
            let postIndex = Int(random.next(below: UInt64(posts)))
            let liker = Int(random.next(below: UInt64(users)))
            let at = end.timeIntervalSinceReferenceDate + Double(liked)
            try like.execute(arguments: [postIDs[postIndex], Self.userID(liker).rawValue, at])
            guard db.changesCount > 0 else { continue }
            liked += 1
            let author = postAuthors[postIndex]
            guard author != liker else { continue }
            let unread = Double(random.next(below: 1_000_000)) / 1_000_000 < unreadFraction
            try notify.execute(arguments: [
                String(format: "ntf_%016llx%016llx", random.next(), random.next()), Self.userID(author).rawValue,
                Self.userID(liker).rawValue, postIDs[postIndex], at, !unread,
            ])
        }
    }
}

/// SplitMix64: small, fast and seedable; the seeder needs reproducibility, not cryptography.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in 0..<bound (bound > 0), by Lemire's multiply-shift; the tiny bias is irrelevant here.
    mutating func next(below bound: UInt64) -> UInt64 {
        next().multipliedFullWidth(by: bound).high
    }
}
