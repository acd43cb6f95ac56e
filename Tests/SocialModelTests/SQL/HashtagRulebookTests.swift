import Foundation
import Locking
import SocialModel
import SocialModelSQL
import Testing

/// The hashtag rules are written once: publishing a post runs the one statement list that adds a
/// post (its index rows and mentions with it), and a hashtag's feed runs the one statement that
/// filters with explore's visibility predicate, on each SQL store in its own dialect.
@Suite("One rulebook: hashtags and mentions")
struct HashtagRulebookTests {
    @Test(arguments: [StoreKind.inMemory, .postgres])
    func hashtagRulesRunTheirOneStatement(kind: StoreKind) async throws {
        try await kind.withStore { store, _ in
            let database = try #require((store as? any SQLBackedStore)?.sqlDatabase.executor)
            let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
            let users = (0..<2).map { User(id: .random(), username: "tag\($0)", email: nil, createdAt: start) }
            for user in users { try await store.insertUser(user, passwordHash: nil, identity: nil) }
            let (ana, ben) = (users[0].id, users[1].id)
            let texts = TracedTexts()

            let post = Post(
                id: .random(), authorID: ana, caption: "#Tokyo @tag1", width: 4, height: 3, createdAt: start)
            let mention = NetworkNotification(
                id: .random(), recipientID: ben, actorID: ana, kind: .mention, postID: post.id, createdAt: start)
            try await SQLTrace.$observer.withValue(texts.append) {
                try await store.insertPost(post, photos: [], hashtags: ["tokyo"], mentions: [mention])
            }
            let inserting = database.inserting(post, photos: [], hashtags: ["tokyo"], mentions: [mention])
            #expect(texts.take() == inserting.map(database.render))

            let views = try await SQLTrace.$observer.withValue(texts.append) {
                try await store.posts(taggedWith: "tokyo", viewerID: ben, after: nil, limit: 5)
            }
            #expect(views.map(\.post.id) == [post.id])
            let feed = HashtagSQL.posts(taggedWith: "tokyo", viewerID: ben, after: nil, limit: 5)
            #expect(texts.take() == [database.render(feed)])
            #expect(try await store.notifications(recipientID: ben, after: nil, limit: 5).map(\.kind) == [.mention])
        }
    }
}

/// The statement texts traced in one call, taken one call at a time.
private final class TracedTexts: Sendable {
    private let texts = Locked<[String]>([])

    func append(_ text: String) { texts.withLock { $0.append(text) } }

    func take() -> [String] {
        texts.withLock { texts in
            defer { texts = [] }
            return texts
        }
    }
}
