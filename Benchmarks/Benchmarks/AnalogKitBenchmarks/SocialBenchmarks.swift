import Benchmark
import Foundation
import SocialModel
import SocialModelSQLite

/// SocialModel's read paths on the SQLite store, on a seeded network of 1 000 accounts and
/// 20 000 posts (see ``SocialDataSet``): the home feed (first and fifth page, newest and most
/// liked first), notifications, the unread counts, the inbox and a conversation's messages, as
/// the probe account sees them. Pages hold 30 items, the services' default.
func socialBenchmarks() {
    let page = 30
    let probe = SocialDataSet.probe
    let queries: [(String, @Sendable (SocialFixture) async throws -> Void)] = [
        (
            "home feed newest, page 1",
            { blackHole(try await $0.store.homeFeed(userID: probe, order: .newest, after: nil, limit: page)) }
        ),
        (
            "home feed newest, page 5",
            { blackHole(try await $0.store.homeFeed(userID: probe, order: .newest, after: $0.fifthPage, limit: page)) }
        ),
        (
            "home feed most liked, page 1",
            { blackHole(try await $0.store.homeFeed(userID: probe, order: .mostLiked, after: nil, limit: page)) }
        ),
        (
            "notifications, page 1",
            { blackHole(try await $0.store.notifications(recipientID: probe, after: nil, limit: page)) }
        ),
        ("unread notification count", { blackHole(try await $0.store.unreadNotificationCount(recipientID: probe)) }),
        ("inbox, page 1", { blackHole(try await $0.store.conversations(userID: probe, after: nil, limit: page)) }),
        (
            "conversation messages, page 1",
            { blackHole(try await $0.store.messages(in: $0.conversation, viewerID: probe, before: nil, limit: page)) }
        ),
        ("unread message count", { blackHole(try await $0.store.unreadMessageCount(userID: probe)) }),
    ]
    for (name, query) in queries {
        Benchmark(
            "Social \(name)",
            configuration: .init(
                metrics: [.wallClock, .throughput], warmupIterations: 20, maxDuration: .seconds(3),
                maxIterations: 5_000)
        ) { benchmark, fixture in
            for _ in benchmark.scaledIterations { try await query(fixture) }
        } setup: {
            try await SocialFixture.load(pageSize: page)
        }
    }
}

/// The seeded store, opened, with what the queries need to start from.
struct SocialFixture: Sendable {
    /// The store.
    let store: SQLiteSocialStore
    /// The cursor after the fourth page of the probe's newest-first home feed.
    let fifthPage: FeedCursor
    /// The probe's most recent conversation.
    let conversation: ConversationID

    /// Opens the default ``SocialDataSet`` in the inputs folder, seeding it on first use (a
    /// marker file says the seeding finished; without it the database is made again).
    static func load(pageSize: Int) async throws -> SocialFixture {
        let dataSet = SocialDataSet()
        let url = Inputs.folder.appendingPathComponent(dataSet.fileName)
        let finished = url.appendingPathExtension("ready")
        if !FileManager.default.fileExists(atPath: finished.path) {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
            try await dataSet.fill(SQLiteSocialStore(url: url))
            try Data().write(to: finished)
        }
        let store = try SQLiteSocialStore(url: url)
        var cursor: FeedCursor?
        for _ in 0..<4 {
            let posts = try await store.homeFeed(
                userID: SocialDataSet.probe, order: .newest, after: cursor, limit: pageSize)
            cursor = posts.last.map { FeedCursor(after: $0.post) }
        }
        let inbox = try await store.conversations(userID: SocialDataSet.probe, after: nil, limit: 1)
        guard let fifthPage = cursor, let conversation = inbox.first?.conversation.id else {
            throw SocialFixtureError.tooSmall
        }
        return SocialFixture(store: store, fifthPage: fifthPage, conversation: conversation)
    }
}

/// Why the seeded store cannot be measured.
enum SocialFixtureError: Error, CustomStringConvertible {
    /// The probe's feed has fewer than five pages, or it has no conversation.
    case tooSmall

    /// A one-line description.
    var description: String { "the seeded network gives the probe fewer than five feed pages or no conversation" }
}
