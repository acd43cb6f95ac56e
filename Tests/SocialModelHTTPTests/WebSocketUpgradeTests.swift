import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWebSocket
import SocialModelHTTP
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `.socialWebSocketUpgrade(webSocketRouter:)` on a real socket (issue 46): an app serving the
/// routes with it answers a refused `/live` upgrade with the API's `401` JSON error and a
/// malformed handshake with `400 malformed-upgrade` JSON, in the language of `Accept-Language`,
/// and closes the connection (hummingbird-websocket alone answers a bodiless `400`, or nothing).
@Suite("A refused or malformed WebSocket upgrade, over a socket", .highPriority)
struct WebSocketUpgradeTests {
    /// A `/live` upgrade with the handshake headers `handshake` and the `extra` lines.
    static func upgrade(handshake: String, _ extra: String = "") -> [UInt8] {
        Array(
            ("GET /api/live HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n" + handshake + extra
                + "\r\n").utf8)
    }
    static let key = "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
    static let version = "Sec-WebSocket-Version: 13\r\n"

    /// One exchange's answer: its head's lines (lowercased), its body, and whether the server closed.
    struct Answer {
        var status: Int?
        var head: [String]
        var body: String
        var closed: Bool

        init(_ text: String, closed: Bool) {
            let parts = text.components(separatedBy: "\r\n\r\n")
            head = parts[0].lowercased().components(separatedBy: "\r\n")
            status = head.first.flatMap { $0.split(separator: " ").dropFirst().first.flatMap { Int($0) } }
            body = parts.dropFirst().joined(separator: "\r\n\r\n")
            self.closed = closed
        }

        func header(_ name: String) -> String? {
            head.first { $0.hasPrefix(name + ": ") }.map { String($0.dropFirst(name.count + 2)) }
        }
    }

    // A refused upgrade (401) is the router's answer, made by an async handler: in a full parallel
    // test run this process's executor can be held long enough by other tests that it never
    // comes. social-server answers it in its own process: LiveUpgradeRefusalTests checks it there,
    // in two languages. A malformed handshake is answered on the connection's event loop.
    @Test("malformed (bad version, no key, two keys, no version): 400 malformed-upgrade; closed")
    func malformedUpgrades() async throws {
        let fixture = HTTPFixture()
        let router = fixture.router()
        let app = Application(router: router, server: .socialWebSocketUpgrade(webSocketRouter: router))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let cases: [(String, [UInt8], Int, String, String)] = [
                (
                    "version 12", Self.upgrade(handshake: Self.key + "Sec-WebSocket-Version: 12\r\n"), 400,
                    "malformed-upgrade", "en"
                ),
                (
                    "no key, in Czech", Self.upgrade(handshake: Self.version, "Accept-Language: cs-CZ\r\n"), 400,
                    "malformed-upgrade", "cs"
                ),
                (
                    "two keys", Self.upgrade(handshake: Self.key + Self.key + Self.version), 400, "malformed-upgrade",
                    "en"
                ),
                ("no version", Self.upgrade(handshake: Self.key), 400, "malformed-upgrade", "en"),
            ]
            for (name, bytes, status, code, language) in cases {
                let answer = try await offPool {
                    // The server closes after its answer, so the timeout only bounds a failure; it is
                    // long because a full parallel test run can keep the server's tasks waiting.
                    let connection = try RawSocket(port: port, timeout: .seconds(60))
                    connection.send(bytes)
                    let (text, closed) = connection.readToEnd()
                    return Answer(text, closed: closed)
                }
                #expect(answer.status == status && answer.closed, "\(name): \(answer)")
                #expect(answer.header("content-type") == "application/json; charset=utf-8", "\(name)")
                #expect(answer.header("content-length") == String(answer.body.utf8.count), "\(name)")
                #expect(answer.header("content-language") == language, "\(name)")
                #expect(answer.header("connection") == "close", "\(name)")
                #expect(answer.body.contains(#""code":"\#(code)""#), "\(name): \(answer.body)")
                if language == "cs" { #expect(answer.body.contains("navázání WebSocketu"), "\(name): \(answer.body)") }
            }
            // A well-formed request on the same server is answered as usual.
            #expect(try await client.execute(uri: "/api/filters", method: .get).status == .ok)
        }
    }
}
