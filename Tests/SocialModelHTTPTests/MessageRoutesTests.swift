import Foundation
import HTTPTypes
import HummingbirdTesting
import SocialModel
import SocialModelAPI
import SocialModelHTTP
import SocialModelMocks
import Testing

@Suite("Message routes")
struct MessageRoutesTests {
    @Test("text and photo messages, the inbox, a conversation, read state, hiding and the photo")
    func conversation() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            let bo = try await client.signUp("bob", in: fixture)
            let sent = try await client.call(
                .post, "/users/\(bo.user.id)/messages", as: ada, json: MessageRequest(text: "Portra or Ektar?"))
            #expect(sent.status == .created)
            let first = try sent.decoded(Message.self)
            #expect(first.senderID == ada.user.id && first.text == "Portra or Ektar?" && !first.hasPhoto)
            fixture.harness.clock.advance(by: 1)
            let photoMessage = try await client.call(
                .post, "/users/\(ada.user.id)/messages?text=Ektar", as: bo,
                body: MockPhotoProcessor.photo(width: 300, height: 200), headers: [.contentType: "image/jpeg"]
            ).decoded(Message.self)
            #expect(photoMessage.hasPhoto && photoMessage.text == "Ektar")
            #expect(photoMessage.conversationID == first.conversationID)

            let inbox = try await client.call(.get, "/conversations", as: ada)
                .decoded(CursorPage<ConversationSummary, KeysetCursor>.self)
            #expect(inbox.items.count == 1)
            #expect(inbox.items[0].otherUser.id == bo.user.id && inbox.items[0].otherUser.email == nil)
            #expect(inbox.items[0].unreadCount == 1 && inbox.items[0].lastMessage?.id == photoMessage.id)
            func unread(_ caller: Caller) async throws -> Int {
                try await client.call(.get, "/conversations/unread-count", as: caller).decoded(CountResponse.self).count
            }
            #expect(try await unread(ada) == 1)

            let path = "/conversations/\(first.conversationID)"
            let page = try await client.call(.get, path + "/messages?limit=1", as: ada)
                .decoded(CursorPage<Message, KeysetCursor>.self)
            #expect(page.items.map(\.id) == [photoMessage.id])
            let next = try #require(page.next)
            let rest = try await client.call(.get, path + "/messages?limit=1&after=\(next)", as: ada)
                .decoded(CursorPage<Message, KeysetCursor>.self)
            #expect(rest.items.map(\.id) == [first.id])

            let photo = try await client.call(.get, "/messages/\(photoMessage.id)/photo", as: ada)
            #expect(photo.status == .ok && photo.headers[.contentType] == "image/jpeg")
            #expect(photo.headers[.cacheControl]?.hasPrefix("private") == true)
            let etag = try #require(photo.headers[.eTag])
            let again = try await client.call(
                .get, "/messages/\(photoMessage.id)/photo", as: ada, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)

            #expect(try await client.call(.post, path + "/read", as: ada).decoded(CountResponse.self).count == 1)
            #expect(try await unread(ada) == 0)
            #expect(try await client.call(.delete, path, as: ada).status == .noContent)
            let hidden = try await client.call(.get, "/conversations", as: ada)
                .decoded(CursorPage<ConversationSummary, KeysetCursor>.self)
            #expect(hidden.items.isEmpty)
            // The hidden conversation's photo goes with it, for Ada only (GET and HEAD).
            for method in [HTTPRequest.Method.get, .head] {
                let gone = try await client.call(method, "/messages/\(photoMessage.id)/photo", as: ada)
                #expect(gone.status == .notFound, "\(method)")
            }
            #expect(try await client.call(.get, "/messages/\(photoMessage.id)/photo", as: bo).status == .ok)
            let kept = try await client.call(.get, "/conversations", as: bo)
                .decoded(CursorPage<ConversationSummary, KeysetCursor>.self)
            #expect(kept.items.count == 1)
        }
    }

    @Test("refused messages: to oneself, to nobody, empty, unusable photo, too large; nothing is sent")
    func refused() async throws {
        let fixture = HTTPFixture(limits: SocialHTTPLimits(photoBodyBytes: 1024))
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            let bo = try await client.signUp("bob", in: fixture)
            let toSelf = try await client.call(
                .post, "/users/\(ada.user.id)/messages", as: ada, json: MessageRequest(text: "hi"))
            #expect(toSelf.status == .conflict && toSelf.apiError?.code == "self-action")
            let toNobody = try await client.call(
                .post, "/users/nobody/messages", as: ada, json: MessageRequest(text: "hi"))
            #expect(toNobody.status == .notFound && toNobody.apiError?.entity == "user")
            let empty = try await client.call(
                .post, "/users/\(bo.user.id)/messages", as: ada, json: MessageRequest(text: ""))
            #expect(empty.status == .unprocessableContent && empty.apiError?.violations?.first?.field == "message")
            let junk = try await client.call(
                .post, "/users/\(bo.user.id)/messages", as: ada, body: Data("not a photo".utf8))
            #expect(junk.apiError?.code == "photo-unusable")
            let large = try await client.call(
                .post, "/users/\(bo.user.id)/messages", as: ada, body: Data(count: 2048))
            #expect(large.status == .contentTooLarge && large.apiError?.code == "body-too-large")
            let malformed = try await client.call(
                .post, "/users/\(bo.user.id)/messages", as: ada, body: Data("{".utf8),
                headers: [.contentType: "application/json"])
            #expect(malformed.apiError?.code == "malformed-body")
            let inbox = try await client.call(.get, "/conversations", as: bo)
                .decoded(CursorPage<ConversationSummary, KeysetCursor>.self)
            #expect(inbox.items.isEmpty)
        }
    }
}
