import Foundation
import Locking
import SocialModel
import SocialModelSQL
import Testing

/// Each rule the SQL stores share is written once: a store requirement's one implementation (in
/// SocialModelSQL, over `SQLExecutor`) runs the rule's one statement. Traced on each store, the
/// store's own requirement runs exactly that statement, in the store's dialect — so changing the
/// statement changes every store, and a store answering a rule its own way fails here.
@Suite("One rulebook: a shared rule drives both SQL stores")
struct OneRulebookTests {
    @Test(arguments: [StoreKind.inMemory, .postgres])
    func eachRuleRunsItsOneStatement(kind: StoreKind) async throws {
        try await kind.withStore { store, _ in
            let database = try #require((store as? any SQLBackedStore)?.sqlDatabase.executor)
            let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
            let users = (0..<3).map { User(id: .random(), username: "rule\($0)", email: nil, createdAt: start) }
            for user in users { try await store.insertUser(user, passwordHash: nil, identity: nil) }
            let (ana, ben, cy) = (users[0].id, users[1].id, users[2].id)

            /// What `body` returns, expecting the store to have run exactly `statements`.
            func expect<T>(
                _ statements: [SQLStatement], sourceLocation: SourceLocation = #_sourceLocation,
                _ body: () async throws -> T
            ) async throws -> T {
                let texts = Texts()
                let result = try await SQLTrace.$observer.withValue(texts.append) { try await body() }
                #expect(texts.all == statements.map(database.render), sourceLocation: sourceLocation)
                return result
            }

            // A follow (`LinkSQL.follows`), its notification stored with it.
            let notification = NetworkNotification(
                id: .random(), recipientID: ben, actorID: ana, kind: .follow, createdAt: start)
            let followed = try await expect([LinkSQL.follows.add(ana.rawValue, ben.rawValue, at: start)]) {
                try await store.setFollow(
                    followerID: ana, followeeID: ben, following: true, at: start, notification: notification)
            }
            #expect(followed)
            _ = try await store.setFollow(
                followerID: cy, followeeID: ben, following: true, at: start.addingTimeInterval(1), notification: nil)

            // What a profile counts: `ProfileSQL.counts`.
            let counts = try await expect([ProfileSQL.counts(userID: ben)]) {
                try await store.profileCounts(userID: ben)
            }
            #expect(counts == ProfileCounts(followers: 2, following: 0, posts: 0, likesReceived: 0))

            // Newest-first link lists, their tie-break and keyset paging: `LinkSQL.users`, `Keyset`.
            let cursor = KeysetCursor(date: start.addingTimeInterval(1), id: cy.rawValue)
            let page = try await expect([LinkSQL.followers.users(of: ben.rawValue, after: cursor, limit: 5)]) {
                try await store.followers(of: ben, after: cursor, limit: 5)
            }
            #expect(page.map(\.user.id) == [ana])

            // Which notifications "mark all read" reaches: `NotificationSQL.markRead`.
            let marked = try await expect([NotificationSQL.markRead(id: nil, recipientID: ben)]) {
                try await store.markAllNotificationsRead(recipientID: ben)
            }
            #expect(marked == 1)

            // A recipe order: `RecipeSQL.recipes`.
            let recipe = Recipe(
                id: .random(), authorID: ana, name: "Soup", preparationMinutes: 5, ingredients: ["water"],
                steps: ["boil"], createdAt: start)
            try await store.insertRecipe(recipe, photos: [])
            let recipes = try await expect([RecipeSQL.recipes(order: .mostLiked, offset: 0, limit: 3)]) {
                try await store.recipes(order: .mostLiked, offset: 0, limit: 3)
            }
            #expect(recipes == [recipe])

            // Who is hidden from whom (blocks, in the shared visibility predicate): `ProfileSQL.viewers`.
            _ = try await store.setBlock(blockerID: cy, blockedID: ana, blocking: true, at: start)
            let hidden = try await expect([ProfileSQL.viewers([ben.rawValue, cy.rawValue], hiding: ana, .posts)]) {
                try await store.viewers([ben, cy], hiding: ana, .posts)
            }
            #expect(hidden == [cy])

            // Delivering a released held message as if sent now, after every message so far (the
            // store's next `seq`), announced where the store announces: `MessageSQL.release`.
            var held = Message(id: .random(), conversationID: .random(), senderID: ana, text: "psst", createdAt: start)
            held.held = true
            _ = try await store.insertMessage(held, recipientID: ben, photo: nil)
            let at = start.addingTimeInterval(60)
            let release = MessageSQL.release(held.id, at: at, seq: database.nextSeq(of: "messages"))
            let pair = [ana, ben].sorted { $0.rawValue < $1.rawValue }
            let statements =
                [MessageSQL.message(held.id)]
                + database.announcing(.message(held.id, participants: pair), after: release)
                + [MessageSQL.message(held.id)]
            let released = try await expect(statements) { try await store.releaseMessage(id: held.id, at: at) }
            #expect(released?.createdAt == at && released?.held == false)
        }
    }
}

/// The statement texts traced in one call.
private final class Texts: Sendable {
    private let texts = Locked<[String]>([])

    var all: [String] { texts.withLock { $0 } }

    func append(_ text: String) { texts.withLock { $0.append(text) } }
}
