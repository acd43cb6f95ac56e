import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWebSocket
import Logging
import SocialModel
import SocialModelAPI
import SocialModelHTTP
import SocialModelMocks
import SocialModelTesting
import TestSupport
import Testing

/// The live-update WebSocket on a real socket (HummingbirdTesting `.live`, loopback, a port the
/// system picks): what a hostile client sends cannot stop the updates or the server.
@Suite("Live-update WebSocket", .highPriority)
struct LiveRouteTests {
    static let logger = Logger(label: "LiveRouteTests", factory: { _ in SwiftLogNoOpLogHandler() })

    @Test("junk frames are ignored, an oversized frame closes only its own socket")
    func hostileClientFrames() async throws {
        let fixture = HTTPFixture()
        let router = fixture.router()
        let app = Application(router: router, server: .http1WebSocketUpgrade(webSocketRouter: router))
        try await app.test(.live) { client in
            let ada = try await client.signUp("ada", in: fixture)
            let bob = try await client.signUp("bob", in: fixture)
            let port = try #require(client.port)
            var configuration = WebSocketClientConfiguration()
            configuration.additionalHeaders[.authorization] = "Bearer \(ada.token)"
            let url = "ws://127.0.0.1:\(port)/api/live"

            // A socket that sends junk first, then still receives the follow bob makes.
            let received = try await WebSocketClient.connect(
                url: url, configuration: configuration, logger: Self.logger
            ) {
                inbound, outbound, _ in
                var frames = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
                guard case .text(let first) = try await frames.next() else { return }
                #expect(first == #"{"type":"subscribed"}"#)
                try await outbound.write(.text("{\"type\":\"subscribed\"}"))
                try await outbound.write(.text("\u{0}not json at all"))
                try await outbound.write(.binary(ByteBuffer(bytes: [0xFF, 0x00, 0xFE])))
                #expect(try await client.call(.put, "/users/\(ada.user.id)/follow", as: bob).status == .noContent)
                guard case .text(let update) = try await frames.next() else { return }
                let event = try SocialJSON.decoder().decode(LiveEvent.self, from: Data(update.utf8))
                guard case .notification(let notification) = event else { return }
                #expect(notification.kind == .follow && notification.actorID == bob.user.id)
                try await outbound.close(.normalClosure, reason: nil)
            }
            #expect(received?.closeCode == .normalClosure)

            // A frame over the server's 4 KiB bound ends that socket, and only that one.
            let closed = try await WebSocketClient.connect(url: url, configuration: configuration, logger: Self.logger)
            {
                inbound, outbound, _ in
                var frames = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
                _ = try await frames.next()
                try await outbound.write(.text(String(repeating: "x", count: 64 * 1024)))
                while (try? await frames.next()) != nil {}
            }
            #expect(closed?.closeCode != .normalClosure)
            #expect(try await client.call(.get, "/me", as: ada).status == .ok)
        }
    }

    @Test("LiveEvent frames round-trip, and junk is a DecodingError")
    func liveEventCoding() throws {
        let notification = NetworkNotification(
            id: NotificationID(rawValue: "ntf_1"), recipientID: UserID(rawValue: "usr_1"),
            actorID: UserID(rawValue: "usr_2"), kind: .like, postID: PostID(rawValue: "pst_1"), commentID: nil,
            createdAt: Date(timeIntervalSince1970: 1_700_000_000.25), isRead: false)
        let message = Message(
            id: MessageID(rawValue: "msg_1"), conversationID: ConversationID(rawValue: "cnv_1"),
            senderID: UserID(rawValue: "usr_2"), text: "hello", createdAt: Date(timeIntervalSince1970: 1_700_000_000))
        for event in [LiveEvent.subscribed, .notification(notification), .message(message)] {
            let data = try SocialJSON.encoder().encode(event)
            #expect(try SocialJSON.decoder().decode(LiveEvent.self, from: data) == event)
        }
        let junk = [
            "", "{}", "null", "[]", #"{"type":"subscribed""#, #"{"type":"posted"}"#, #"{"type":"notification"}"#,
            #"{"type":"message","message":{"id":1}}"#, #"{"type":7}"#, "\u{0}",
        ]
        for text in junk {
            #expect(throws: DecodingError.self, "\(text)") {
                try SocialJSON.decoder().decode(LiveEvent.self, from: Data(text.utf8))
            }
        }
    }
}
