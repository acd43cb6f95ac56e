import Foundation
import GRDB
import SocialModel
import SocialModelSQL
import SocialModelSQLite
import SocialModelTesting
import TestSupport
import Testing

/// The migration that gives each conversation member its latest delivered message
/// (`MessageSQL.latestSchema`) fills it so that an existing inbox reads as it did before.
@Suite("The latest delivered message's migration")
struct LatestDeliveredMigrationTests {
    @Test func filledFromWhatEachMemberWasShownAnInboxReadsTheSame() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.file("social.sqlite")
        let h = SocialTestHarness(store: try SQLiteSocialStore(url: file))
        let (ana, ben, cat) = (try await h.signedIn("ana"), try await h.signedIn("ben"), try await h.signedIn("cat"))
        let first = try await ana.messages.send(recipientID: ben.user.id, text: "one")
        h.clock.advance(by: 1)
        try await ben.messages.delete(conversationID: first.conversationID)
        h.clock.advance(by: 1)
        let second = try await ben.messages.send(recipientID: ana.user.id, text: "two")
        h.clock.advance(by: 1)
        let hi = try await ana.messages.send(recipientID: cat.user.id, text: "hi")
        try await cat.messages.delete(conversationID: hi.conversationID)
        let inboxes = { () async throws -> [[ConversationSummary]] in
            [
                try await ana.messages.inbox().items, try await ben.messages.inbox().items,
                try await cat.messages.inbox().items,
            ]
        }
        let before = try await inboxes()
        #expect(before.map { $0.map(\.lastMessage?.id) } == [[hi.id, second.id], [second.id], []])
        // The column as the migration finds it (absent: empty), then its filling.
        let queue = try DatabaseQueue(path: file.path)
        try await queue.write { try $0.execute(sql: "UPDATE conversation_members SET last_message_id = NULL") }
        #expect(try await inboxes().map { $0.map(\.lastMessage?.id) } == [[nil, nil], [nil], []])
        try await queue.write { try $0.execute(sql: MessageSQL.latestSchema(text: "TEXT")[1]) }
        try queue.close()
        #expect(try await inboxes() == before)
    }
}
