import Foundation
import TestSupport
import Testing

/// `GET /live`'s refused upgrade from outside, over a raw socket (issue 46): the server answers
/// what the document says — `401` with the API's JSON error — not hummingbird-websocket's own
/// bodiless `400` (the router tests never go through the upgrade channel, so only a real server shows it).
@Suite("social-server: a refused /live upgrade", .highPriority)
struct LiveUpgradeRefusalTests {
    /// A WebSocket upgrade of `/live` with `extra` header lines.
    static func upgrade(_ extra: String) -> [UInt8] {
        Array(
            ("GET /live HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n" + extra + "\r\n").utf8)
    }

    @Test func aBadOrMissingTokenIsAnswered401WithTheAPIErrorAndClosed() async throws {
        let (server, port, folder) = try await ConnectionLimitsTests.start()
        defer { folder.remove() }
        let guess = "guessed-token-4f2a9c"
        let cases = [
            ("no token", ""),
            ("an unknown bearer token", "Authorization: Bearer \(guess)\r\n"),
            ("an unknown token as the subprotocol pair", "Sec-WebSocket-Protocol: analogkit.bearer, \(guess)\r\n"),
            ("the subprotocol without a token", "Sec-WebSocket-Protocol: analogkit.bearer\r\n"),
            ("an unknown token, in Slovak", "Authorization: Bearer \(guess)\r\nAccept-Language: sk\r\n"),
        ]
        for (name, extra) in cases {
            let (text, closed) = try await offPool {
                let connection = try RawSocket(port: port)
                connection.send(Self.upgrade(extra))
                return connection.readToEnd()
            }
            let parts = text.components(separatedBy: "\r\n\r\n")
            let head = parts[0].lowercased()
            let body = parts.dropFirst().joined(separator: "\r\n\r\n")
            #expect(ConnectionLimitsTests.statuses(text) == [401] && closed, "\(name): \(text)")
            #expect(head.contains("content-type: application/json"), "\(name): \(head)")
            #expect(head.contains("content-length: \(body.utf8.count)"), "\(name): \(head)")
            #expect(body.contains(#""code":"unauthorized""#), "\(name): \(body)")
            let slovak = name.hasSuffix("in Slovak")
            #expect(head.contains("content-language: \(slovak ? "sk" : "en")"), "\(name): \(head)")
            if slovak { #expect(body.contains("relácia je neplatná"), "\(name): \(body)") }
            // Nothing of the offered token comes back, and no subprotocol is accepted.
            #expect(!text.contains(guess) && !head.contains("sec-websocket-protocol"), "\(name): \(text)")
        }
        #expect(try await server.stop() == 0)
    }
}
