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

    /// What ends a session, done through HTTP by the session's user.
    enum Trigger: String, CaseIterable, Sendable {
        case signOut, signOutEverywhere, passwordChangeElsewhere, accountDeletion, expiry
    }

    @Test("a socket closes with 1008 at once when its session is revoked or expires", arguments: Trigger.allCases)
    func sessionEndClosesTheSocket(_ trigger: Trigger) async throws {
        let fixture = HTTPFixture()
        let router = fixture.router()
        let app = Application(router: router, server: .http1WebSocketUpgrade(webSocketRouter: router))
        try await app.test(.live) { client in
            let ada = try await client.signUp("ada", in: fixture)
            let bob = try await client.signUp("bob", in: fixture)
            // A second session of ada's, the way another device of hers signs in.
            let signedIn = try await client.call(
                .post, "/sessions",
                json: SignInRequest(email: "ada@example.com", password: SocialTestHarness.password))
            let elsewhere = Caller(user: ada.user, token: try signedIn.decoded(SessionResponse.self).token)
            let port = try #require(client.port)
            var configuration = WebSocketClientConfiguration()
            configuration.additionalHeaders[.authorization] = "Bearer \(ada.token)"

            let closed = try await WebSocketClient.connect(
                url: "ws://127.0.0.1:\(port)/api/live", configuration: configuration, logger: Self.logger
            ) { inbound, _, _ in
                var frames = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
                guard case .text(let first) = try await frames.next() else { return }
                #expect(first == #"{"type":"subscribed"}"#)
                switch trigger {
                case .signOut:
                    #expect(try await client.call(.delete, "/sessions/current", as: ada).status == .noContent)
                case .signOutEverywhere:
                    #expect(try await client.call(.delete, "/sessions", as: elsewhere).status == .noContent)
                case .passwordChangeElsewhere:
                    let change = PasswordChangeRequest(current: SocialTestHarness.password, new: "Another-Passw0rd-42")
                    #expect(
                        try await client.call(.put, "/me/password", as: elsewhere, json: change).status == .noContent)
                case .accountDeletion:
                    #expect(try await client.call(.delete, "/me", as: elsewhere).status == .noContent)
                case .expiry:
                    fixture.harness.clock.advance(by: AccountPolicy.standard.sessionLifetime + 1)
                }
                // Nothing more reaches the socket: a message sent now is not delivered before the close.
                if trigger != .accountDeletion {
                    let text = MessageRequest(text: "are you still there?")
                    _ = try await client.call(.post, "/users/\(ada.user.id)/messages", as: bob, json: text)
                }
                while let frame = try await frames.next() {
                    Issue.record("a frame after the session ended: \(frame)")
                }
            }
            #expect(closed?.closeCode == .policyViolation)
            #expect(closed?.reason == (trigger == .expiry ? "session expired" : "session revoked"))
            if trigger == .passwordChangeElsewhere {
                // The session the password was changed in stays signed in.
                #expect(try await client.call(.get, "/me", as: elsewhere).status == .ok)
            }
        }
    }

    @Test("the token may come as the subprotocol pair analogkit.bearer, <token>, which the 101 names")
    func tokenThroughSubprotocol() async throws {
        let fixture = HTTPFixture()
        let router = fixture.router()
        let app = Application(router: router, server: .http1WebSocketUpgrade(webSocketRouter: router))
        try await app.test(.live) { client in
            let ada = try await client.signUp("ada", in: fixture)
            let port = try #require(client.port)
            var configuration = WebSocketClientConfiguration()
            configuration.additionalHeaders[.secWebSocketProtocol] = "analogkit.bearer, \(ada.token)"
            let result = try await WebSocketClient.connect(
                url: "ws://127.0.0.1:\(port)/api/live", configuration: configuration, logger: Self.logger
            ) { inbound, outbound, _ in
                var frames = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
                guard case .text(let first) = try await frames.next() else { return }
                #expect(first == #"{"type":"subscribed"}"#)
                try await outbound.close(.normalClosure, reason: nil)
            }
            #expect(result?.closeCode == .normalClosure)
        }
        // The upgrade answer as the router gives it: the accepted subprotocol echoed, not the token.
        try await fixture.test { client in
            let bea = try await client.signUp("bea", in: fixture)
            let upgrade: HTTPFields = [
                .connection: "Upgrade", .upgrade: "websocket", .secWebSocketVersion: "13",
                .secWebSocketKey: "dGhlIHNhbXBsZSBub25jZQ==",
            ]
            var offered = upgrade
            offered[.secWebSocketProtocol] = "analogkit.bearer, \(bea.token)"
            let accepted = try await client.call(.get, "/live", headers: offered)
            #expect(accepted.status == .ok)
            #expect(accepted.headers[.secWebSocketProtocol] == "analogkit.bearer")
            var unknown = upgrade
            unknown[.secWebSocketProtocol] = "analogkit.bearer, not-a-token"
            #expect(try await client.call(.get, "/live", headers: unknown).status == .unauthorized)
            #expect(
                try await client.call(.get, "/live", as: bea, headers: upgrade).headers[.secWebSocketProtocol] == nil)
        }
    }

    @Test("GET /live without upgrade headers answers 405, with or without a token")
    func plainGetIsMethodNotAllowed() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            for response in [try await client.call(.get, "/live", as: ada), try await client.call(.get, "/live")] {
                #expect(response.status == .methodNotAllowed)
                #expect(response.apiError?.code == "method-not-allowed")
            }
        }
    }
}
