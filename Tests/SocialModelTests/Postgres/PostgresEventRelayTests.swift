import Foundation
import SocialModel
import SocialModelTesting
import TestSupport
import Testing

@testable import SocialModelPostgres

@Suite("PostgreSQL live updates through LISTEN/NOTIFY", .highPriority)
struct PostgresEventRelayTests {
    static let start = Date(timeIntervalSinceReferenceDate: 800_000_000)

    /// Two store instances on one fresh schema, standing for two server processes, and four users
    /// (ana, ben, cal, dan).
    static func twoInstances() async throws -> (
        configuration: PostgresStoreConfiguration, here: PostgresSocialStore, elsewhere: PostgresSocialStore,
        users: [User]
    ) {
        let configuration = try await PostgresTestServer.freshConfiguration()
        let here = try await PostgresTestServer.connect(configuration)
        let elsewhere = try await PostgresTestServer.connect(configuration)
        var users: [User] = []
        for name in ["ana", "ben", "cal", "dan"] {
            let user = User(id: .random(), username: name, email: "\(name)@example.com", createdAt: Self.start)
            try await here.insertUser(user, passwordHash: nil, identity: nil)
            users.append(user)
        }
        return (configuration, here, elsewhere, users)
    }

    /// Two store instances on one schema stand for two server processes: what one keeps reaches
    /// the other's hub; what the listening instance keeps itself is left to its own services.
    @Test func notificationsAndMessagesKeptElsewhereReachTheHub() async throws {
        let (configuration, here, elsewhere, users) = try await Self.twoInstances()
        let (ana, ben) = (users[0], users[1])

        let hub = NetworkEvents()
        let notifications = hub.notifications(for: ana.id)
        let messages = hub.messages(for: ben.id)
        let relay = here.eventRelay(to: hub)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await relay.run() }
            try await relay.waitUntilListening()

            func follow(_ store: PostgresSocialStore, by follower: User) async throws -> NetworkNotification {
                let notice = NetworkNotification(
                    id: .random(), recipientID: ana.id, actorID: follower.id, kind: .follow, createdAt: Self.start)
                #expect(
                    try await store.setFollow(
                        followerID: follower.id, followeeID: ana.id, following: true, at: Self.start,
                        notification: notice))
                return notice
            }
            let first = try await follow(elsewhere, by: users[1])
            _ = try await follow(here, by: users[2])  // this instance's own: not relayed
            let third = try await follow(elsewhere, by: users[3])
            let message = Message(
                id: .random(), conversationID: .random(), senderID: ana.id, text: "hello from another process",
                createdAt: Self.start)
            let stored = try await elsewhere.insertMessage(message, recipientID: ben.id, photo: nil)

            #expect(
                await SocialModelTesting.first(2, of: notifications, within: .seconds(60)).map(\.id) == [
                    first.id, third.id,
                ])
            #expect(await SocialModelTesting.first(1, of: messages, within: .seconds(60)) == [stored])
            tasks.cancelAll()
        }
        await elsewhere.close()
        await here.close()
        try await PostgresTestServer.dropSchema(of: configuration)
    }

    /// Sessions removed through one instance (a sign-out, a sign-out everywhere, a password change
    /// keeping one session, an account's deletion) reach the other's hub as revocations, so a live
    /// socket held there closes; a sign-out that removes nothing announces nothing.
    @Test func sessionsRevokedElsewhereReachTheHub() async throws {
        let (configuration, here, elsewhere, users) = try await Self.twoInstances()
        let ana = users[0]
        let hub = NetworkEvents()
        let revocations = hub.sessionRevocations(for: ana.id)
        let relay = here.eventRelay(to: hub)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await relay.run() }
            try await relay.waitUntilListening()
            let hashes = (1...3).map { Data(repeating: UInt8($0), count: 32) }
            for hash in hashes {
                try await here.insertSession(
                    SessionRecord(tokenHash: hash, userID: ana.id, createdAt: Self.start, expiresAt: Self.start + 60))
            }
            #expect(try await elsewhere.deleteSession(tokenHash: hashes[0]))
            #expect(try await !elsewhere.deleteSession(tokenHash: hashes[0]))
            _ = try await here.deleteSession(tokenHash: hashes[1])  // this instance's own: not relayed
            try await elsewhere.deleteSessions(userID: ana.id, except: hashes[2])
            #expect(try await elsewhere.deleteUser(id: ana.id))
            let relayed = await SocialModelTesting.first(3, of: revocations, within: .seconds(60))
            #expect(
                relayed.map(\.scope) == [.session(tokenHash: hashes[0]), .allExcept(tokenHash: hashes[2]), .all])
            #expect(relayed.allSatisfy { $0.userID == ana.id })
            tasks.cancelAll()
        }
        await elsewhere.close()
        await here.close()
        try await PostgresTestServer.dropSchema(of: configuration)
    }

    /// The relay listens on a connection of its own: a store of one connection a pool still
    /// serves its calls while the relay runs, and the relay still brings what another instance keeps.
    @Test(.hangGuard) func aStoreOfOneConnectionServesWhileItsRelayListens() async throws {
        let configuration = try await PostgresTestServer.freshConfiguration(maximumConnections: 1)
        let here = try await PostgresTestServer.connect(configuration)
        let elsewhere = try await PostgresTestServer.connect(configuration)
        let (ana, ben) = (
            User(id: .random(), username: "ana", email: "ana@example.com", createdAt: Self.start),
            User(id: .random(), username: "ben", email: "ben@example.com", createdAt: Self.start)
        )
        let hub = NetworkEvents()
        let notifications = hub.notifications(for: ana.id)
        let relay = here.eventRelay(to: hub)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await relay.run() }
            try await relay.waitUntilListening()
            // Its calls are served though its one connection per pool is not the relay's.
            try await here.insertUser(ana, passwordHash: nil, identity: nil)
            try await here.insertUser(ben, passwordHash: nil, identity: nil)
            #expect(try await here.user(id: ana.id) == ana)
            let notice = NetworkNotification(
                id: .random(), recipientID: ana.id, actorID: ben.id, kind: .follow, createdAt: Self.start)
            #expect(
                try await elsewhere.setFollow(
                    followerID: ben.id, followeeID: ana.id, following: true, at: Self.start, notification: notice))
            #expect(await SocialModelTesting.first(1, of: notifications, within: .seconds(60)).map(\.id) == [notice.id])
            tasks.cancelAll()
        }
        await elsewhere.close()
        await here.close()
        try await PostgresTestServer.dropSchema(of: configuration)
    }

    /// A post kept by another instance reaches the hub's subscribers who follow its author, and
    /// only them; a post the listening instance keeps itself is left to its own services.
    @Test func postsKeptElsewhereReachTheAuthorsFollowers() async throws {
        let (configuration, here, elsewhere, users) = try await Self.twoInstances()
        let (ana, ben, cal, dan) = (users[0], users[1], users[2], users[3])
        // Ben follows ana, cal follows dan.
        for (follower, followee) in [(ben, ana), (cal, dan)] {
            #expect(
                try await elsewhere.setFollow(
                    followerID: follower.id, followeeID: followee.id, following: true, at: Self.start,
                    notification: nil))
        }
        func post(by author: User, in store: PostgresSocialStore) async throws -> Post {
            let post = Post(
                id: .random(), authorID: author.id, caption: "", width: 4, height: 3, createdAt: Self.start)
            try await store.insertPost(post, photos: [])
            return post
        }

        let hub = NetworkEvents()
        let bens = hub.posts(for: ben.id)
        let cals = hub.posts(for: cal.id)
        let relay = here.eventRelay(to: hub)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await relay.run() }
            try await relay.waitUntilListening()
            _ = try await post(by: ana, in: here)  // this instance's own: not relayed
            let anas = try await post(by: ana, in: elsewhere)
            let dans = try await post(by: dan, in: elsewhere)
            // Each gets the followed author's post first: ana's never reached cal before dan's.
            #expect(await SocialModelTesting.first(1, of: bens, within: .seconds(60)) == [anas])
            #expect(await SocialModelTesting.first(1, of: cals, within: .seconds(60)) == [dans])
            tasks.cancelAll()
        }
        await elsewhere.close()
        await here.close()
        try await PostgresTestServer.dropSchema(of: configuration)
    }

    /// A held message released through another instance reaches the hub as a message sent then
    /// does (its holding insert reaches no one but its sender), so the recipient's live stream
    /// shows it whichever server process the moderator used.
    @Test func aMessageReleasedElsewhereReachesItsRecipient() async throws {
        let (configuration, here, elsewhere, users) = try await Self.twoInstances()
        let (ana, ben, mod) = (users[0], users[1], users[2])
        let hub = NetworkEvents()
        let bens = hub.messages(for: ben.id)
        let relay = here.eventRelay(to: hub)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await relay.run() }
            try await relay.waitUntilListening()
            var message = Message(
                id: .random(), conversationID: .random(), senderID: ana.id, text: "psst", createdAt: Self.start)
            message.held = true
            let hold = Report(
                id: .random(), reporterID: ana.id, target: .message(message.id), reportedUserID: ana.id,
                reason: .contentCheck, note: nil, createdAt: Self.start)
            #expect(try await elsewhere.insertReport(hold))
            _ = try await elsewhere.insertMessage(message, recipientID: ben.id, photo: nil)
            // Notifications arrive in order: once this one is relayed, the held one was, to no one.
            let hello = try await elsewhere.insertMessage(
                Message(id: .random(), conversationID: .random(), senderID: ana.id, text: "hi", createdAt: Self.start),
                recipientID: ben.id, photo: nil)
            #expect(await SocialModelTesting.first(1, of: bens, within: .seconds(60)) == [hello])
            let dismissal = ModerationAction(
                id: .random(), moderatorID: mod.id, decision: .dismissed, target: hold.target, userID: ana.id,
                reason: "fine", until: nil, createdAt: Self.start + 60)
            #expect(try await elsewhere.recordModeration(dismissal) == 1)
            let released = try #require(try await elsewhere.releaseMessage(id: message.id, at: Self.start + 60))
            #expect(!released.held && released.createdAt == Self.start + 60)
            #expect(await SocialModelTesting.first(1, of: bens, within: .seconds(60)) == [released])
            tasks.cancelAll()
        }
        await elsewhere.close()
        await here.close()
        try await PostgresTestServer.dropSchema(of: configuration)
    }
}
