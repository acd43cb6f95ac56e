import Foundation
import Imaging
import SocialModel
import SocialModelMocks
import TestSupport
import Testing

@Suite("Direct messages, on every store")
struct MessageConformanceTests {
    @Test(arguments: StoreKind.allCases)
    func conversationsSortByLatestAndCountUnread(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let cy = try await h.signedIn("cyd")
            let first = try await h.network.messages.send(ben.token, to: ana.user.id, text: "one")
            h.clock.advance(by: 1)
            _ = try await h.network.messages.send(cy.token, to: ana.user.id, text: "from cy")
            h.clock.advance(by: 1)
            let second = try await h.network.messages.send(ben.token, to: ana.user.id, text: "two")
            h.clock.advance(by: 1)
            let reply = try await h.network.messages.send(ana.token, to: ben.user.id, text: "  hi ben ")
            #expect(reply.conversationID == first.conversationID && reply.text == "hi ben")

            let inbox = try await h.network.messages.inbox(ana.token)
            #expect(inbox.items.map(\.otherUser.username) == ["ben", "cyd"])
            #expect(inbox.items.map(\.unreadCount) == [2, 1])
            #expect(inbox.items[0].lastMessage == reply)
            #expect(inbox.items.allSatisfy { $0.otherUser.email == nil })
            #expect(try await h.network.messages.unreadCount(ana.token) == 3)
            #expect(try await h.network.messages.unreadCount(ben.token) == 1)

            let messages = try await h.network.messages.messages(ana.token, in: first.conversationID, limit: 2)
            #expect(messages.items.map(\.id) == [reply.id, second.id])
            let older = try await h.network.messages.messages(
                ana.token, in: first.conversationID, before: messages.next)
            #expect(older.items.map(\.id) == [first.id])

            #expect(try await h.network.messages.markRead(ana.token, first.conversationID) == 2)
            #expect(try await h.network.messages.unreadCount(ana.token) == 1)
            let read = try await h.network.messages.messages(ben.token, in: first.conversationID).items
            #expect(read.filter { $0.senderID == ben.user.id }.allSatisfy { $0.readAt == h.clock.now() })
            #expect(read.first { $0.senderID == ana.user.id }?.readAt == nil)

            await #expect(throws: NetworkError.self) {
                _ = try await h.network.messages.send(ana.token, to: ana.user.id, text: "me")
            }
            await #expect(throws: NetworkError.self) {
                _ = try await h.network.messages.send(ana.token, to: ben.user.id, text: " ")
            }
            await #expect(throws: NetworkError.self) {
                _ = try await h.network.messages.send(ana.token, to: UserID.random(), text: "who?")
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func deletingHidesForOneSideUntilEitherWrites(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let old = try await h.network.messages.send(ben.token, to: ana.user.id, text: "old")
            let id = old.conversationID
            try await h.network.messages.delete(ana.token, id)
            #expect(try await h.network.messages.inbox(ana.token).items.isEmpty)
            #expect(try await h.network.messages.unreadCount(ana.token) == 0)
            #expect(try await h.network.messages.messages(ana.token, in: id).items.isEmpty)
            // Ben keeps everything.
            #expect(try await h.network.messages.inbox(ben.token).items.map(\.lastMessage) == [old])

            h.clock.advance(by: 1)
            let new = try await h.network.messages.send(ben.token, to: ana.user.id, text: "new")
            let inbox = try await h.network.messages.inbox(ana.token).items
            #expect(inbox.map(\.conversation.id) == [id] && inbox[0].unreadCount == 1)
            #expect(try await h.network.messages.messages(ana.token, in: id).items == [new])
            #expect(try await h.network.messages.messages(ben.token, in: id).items == [new, old])

            // Ana deletes again and writes herself: it comes back with her message only.
            try await h.network.messages.delete(ana.token, id)
            h.clock.advance(by: 1)
            let mine = try await h.network.messages.send(ana.token, to: ben.user.id, text: "back")
            #expect(try await h.network.messages.messages(ana.token, in: id).items == [mine])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func photoMessagesAreStrippedAndPrivate(kind: StoreKind) async throws {
        try await Harness.with(kind) { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let eve = try await h.signedIn("eve")
            let message = try await h.network.messages.send(
                ana.token, to: ben.user.id, text: "", photo: try NetworkFixtures.geotaggedRotatedPhoto())
            #expect(message.hasPhoto)
            let jpeg = try await h.network.messages.photo(ben.token, of: message)
            let image = try Image(data: jpeg)
            #expect(image.width == 21 && image.height == 32)
            #expect(jpeg.range(of: Data("GPS".utf8)) == nil)
            await #expect(throws: NetworkError.self) { _ = try await h.network.messages.photo(eve.token, of: message) }
            await #expect(throws: NetworkError.self) {
                _ = try await h.network.messages.send(ana.token, to: ben.user.id, text: "x", photo: Data("bad".utf8))
            }
        }
    }
}
