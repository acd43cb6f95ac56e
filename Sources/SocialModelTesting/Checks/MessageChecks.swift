import Foundation
import SocialModel
import SocialModelMocks
import Testing

/// Direct messages.
enum MessageChecks {
    static let all: [ConformanceCheck] = [
        ConformanceCheck(.messages, "conversations sort by latest message and count unread") { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let cyd = try await h.signedIn("cyd")
            let first = try await ben.messages.send(recipientID: ana.user.id, text: "one")
            h.clock.advance(by: 1)
            _ = try await cyd.messages.send(recipientID: ana.user.id, text: "from cyd")
            h.clock.advance(by: 1)
            let second = try await ben.messages.send(recipientID: ana.user.id, text: "two")
            h.clock.advance(by: 1)
            let reply = try await ana.messages.send(recipientID: ben.user.id, text: "  hi ben ")
            #expect(reply.conversationID == first.conversationID && reply.text == "hi ben")

            let inbox = try await ana.messages.inbox()
            #expect(inbox.items.map(\.otherUser.username) == ["ben", "cyd"])
            #expect(inbox.items.map(\.unreadCount) == [2, 1])
            #expect(inbox.items[0].lastMessage == reply)
            #expect(inbox.items.allSatisfy { $0.otherUser.email == nil })
            let firstPage = try await ana.messages.inbox(limit: 1)
            #expect(try await ana.messages.inbox(after: firstPage.next).items.map(\.otherUser.username) == ["cyd"])
            #expect(try await ana.messages.unreadCount() == 3)
            #expect(try await ben.messages.unreadCount() == 1)

            let messages = try await ana.messages.messages(conversationID: first.conversationID, limit: 2)
            #expect(messages.items.map(\.id) == [reply.id, second.id])
            let older = try await ana.messages.messages(conversationID: first.conversationID, before: messages.next)
            #expect(older.items.map(\.id) == [first.id])

            #expect(try await ana.messages.markRead(conversationID: first.conversationID) == 2)
            #expect(try await ana.messages.unreadCount() == 1)
            let read = try await ben.messages.messages(conversationID: first.conversationID).items
            #expect(read.filter { $0.senderID == ben.user.id }.allSatisfy { $0.readAt == h.clock.now() })
            #expect(read.first { $0.senderID == ana.user.id }?.readAt == nil)

            await #expect(throws: NetworkError.selfAction) {
                _ = try await ana.messages.send(recipientID: ana.user.id, text: "me")
            }
            await #expect(throws: NetworkError.self) {
                _ = try await ana.messages.send(recipientID: ben.user.id, text: " ")
            }
            await #expect(throws: NetworkError.notFound(.user)) {
                _ = try await ana.messages.send(recipientID: UserID.random(), text: "who?")
            }
        },
        ConformanceCheck(.messages, "deleting hides a conversation for one side until either writes") { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let old = try await ben.messages.send(recipientID: ana.user.id, text: "old")
            let id = old.conversationID
            try await ana.messages.delete(conversationID: id)
            #expect(try await ana.messages.inbox().items.isEmpty)
            #expect(try await ana.messages.unreadCount() == 0)
            #expect(try await ana.messages.messages(conversationID: id).items.isEmpty)
            // Ben keeps everything.
            #expect(try await ben.messages.inbox().items.map(\.lastMessage) == [old])

            h.clock.advance(by: 1)
            let new = try await ben.messages.send(recipientID: ana.user.id, text: "new")
            let inbox = try await ana.messages.inbox().items
            #expect(inbox.map(\.conversation.id) == [id] && inbox[0].unreadCount == 1)
            #expect(try await ana.messages.messages(conversationID: id).items == [new])
            #expect(try await ben.messages.messages(conversationID: id).items == [new, old])

            // Ana deletes again and writes herself: it comes back with her message only.
            try await ana.messages.delete(conversationID: id)
            h.clock.advance(by: 1)
            let mine = try await ana.messages.send(recipientID: ben.user.id, text: "back")
            #expect(try await ana.messages.messages(conversationID: id).items == [mine])
        },
        ConformanceCheck(.messages, "photo messages are shown to their participants only") { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let eve = try await h.signedIn("eve")
            let message = try await ana.messages.send(
                recipientID: ben.user.id, text: "", photo: MockPhotoProcessor.photo(width: 80, height: 120))
            #expect(message.hasPhoto)
            let jpeg = try await ben.messages.photo(messageID: message.id)
            #expect(MockPhotoProcessor.dimensions(of: jpeg).map { [$0.width, $0.height] } == [21, 32])
            #expect(try await ana.messages.photo(messageID: message.id) == jpeg)
            // Eve has a conversation of her own, which must not open Ana's photo to her.
            _ = try await eve.messages.send(recipientID: ana.user.id, text: "hi")
            await #expect(throws: NetworkError.notFound(.photo)) {
                _ = try await eve.messages.photo(messageID: message.id)
            }
            #expect(try await h.store.messagePhoto(id: message.id, viewerID: eve.user.id) == nil)
            let text = try await ana.messages.send(recipientID: ben.user.id, text: "no photo")
            await #expect(throws: NetworkError.notFound(.photo)) {
                _ = try await ben.messages.photo(messageID: text.id)
            }
            await #expect(throws: NetworkError.self) {
                _ = try await ana.messages.send(recipientID: ben.user.id, text: "x", photo: Data("bad".utf8))
            }
        },
        ConformanceCheck(.messages, "a hidden conversation's photos are hidden with it, from that side only") { h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let old = try await ana.messages.send(
                recipientID: ben.user.id, text: "", photo: MockPhotoProcessor.photo(width: 40, height: 40))
            try await ben.messages.delete(conversationID: old.conversationID)
            await #expect(throws: NetworkError.notFound(.photo)) { _ = try await ben.messages.photo(messageID: old.id) }
            #expect(try await h.store.messagePhoto(id: old.id, viewerID: ben.user.id) == nil)
            // Ana did not hide it.
            #expect(try await !ana.messages.photo(messageID: old.id).isEmpty)
            let stored = try await h.store.messagePhoto(id: old.id, viewerID: ana.user.id)
            #expect(stored?.messageID == old.id && stored?.conversationID == old.conversationID)
            // A new message brings the conversation back to Ben with the new photo only.
            h.clock.advance(by: 1)
            let new = try await ana.messages.send(
                recipientID: ben.user.id, text: "", photo: MockPhotoProcessor.photo(width: 40, height: 40))
            #expect(try await !ben.messages.photo(messageID: new.id).isEmpty)
            await #expect(throws: NetworkError.notFound(.photo)) { _ = try await ben.messages.photo(messageID: old.id) }
        },
        ConformanceCheck(.messages, "a deleted account's conversations stay with the other side, shown as deleted") {
            h in
            let ana = try await h.signedIn("ana")
            let ben = try await h.signedIn("ben")
            let cyd = try await h.signedIn("cyd")
            let hello = try await ben.messages.send(
                recipientID: ana.user.id, text: "hello", photo: MockPhotoProcessor.photo(width: 40, height: 40))
            h.clock.advance(by: 1)
            let reply = try await ana.messages.send(recipientID: ben.user.id, text: "hi ben")
            _ = try await ben.messages.send(recipientID: cyd.user.id, text: "hi cyd")
            let id = hello.conversationID

            try await ben.account.deleteAccount()
            // Ana keeps the conversation and both sides of it; Ben is shown as a deleted account.
            let inbox = try await ana.messages.inbox().items
            #expect(inbox.map(\.otherUser) == [User.deletedAccount(id: ben.user.id)])
            #expect(inbox.first?.lastMessage == reply && inbox.first?.unreadCount == 1)
            #expect(inbox.first?.otherUser.isDeletedAccount == true)
            #expect(try await ana.messages.messages(conversationID: id).items.map(\.id) == [reply.id, hello.id])
            #expect(try await !ana.messages.photo(messageID: hello.id).isEmpty)
            #expect(try await cyd.messages.inbox().items.map(\.otherUser.username) == [User.deletedUsername])
            // Nothing more reaches the deleted account, through the services or the store.
            await #expect(throws: NetworkError.notFound(.user)) {
                _ = try await ana.messages.send(recipientID: ben.user.id, text: "are you there?")
            }
            let late = Message(
                id: .random(), conversationID: id, senderID: ana.user.id, text: "late", createdAt: h.clock.now())
            await #expect(throws: StoreError.missingReference) {
                _ = try await h.store.insertMessage(late, recipientID: ben.user.id, photo: nil)
            }
            #expect(try await ana.messages.messages(conversationID: id).items.count == 2)
            // When the second participant's account goes too, so does the conversation.
            try await ana.account.deleteAccount()
            #expect(try await h.store.conversation(id: id) == nil)
            #expect(try await h.store.messagePhoto(id: hello.id, viewerID: ana.user.id) == nil)
        },
    ]
}
