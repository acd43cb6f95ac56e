import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `social-server`'s connection limits from outside, over raw sockets (issue 46): malformed
/// framing answered and closed, the first head's deadline (slowloris), oversized heads (431) and
/// the per-address connection cap.
@Suite("social-server: connection limits", .highPriority)
struct ConnectionLimitsTests {
    /// The status codes of the responses in `text`.
    static func statuses(_ text: String) -> [Int] {
        text.components(separatedBy: "\r\n").compactMap { line in
            line.hasPrefix("HTTP/1.1 ") ? Int(line.split(separator: " ")[1]) : nil
        }
    }

    /// Sends `bytes` on a new connection and reads the answer to the end, off the cooperative pool.
    static func exchange(_ bytes: [UInt8], port: Int) async throws -> (statuses: [Int], closed: Bool) {
        try await offPool {
            let connection = try RawSocket(port: port)
            connection.send(bytes)
            let (text, closed) = connection.readToEnd()
            return (statuses(text), closed)
        }
    }

    static func start(_ extra: [String] = []) async throws -> (ServerProcess, Int, TemporaryDirectory) {
        let folder = try TemporaryDirectory("social-server-limits")
        let server = try await ServerProcess.start(
            ["--store", "memory", "--outbox", folder.file("outbox").path] + extra)
        return (server, server.baseURL.port ?? 0, folder)
    }

    @Test func malformedFramingIsAnsweredAndClosed() async throws {
        let (server, port, folder) = try await Self.start()
        defer { folder.remove() }
        let head = "POST /sessions HTTP/1.1\r\nHost: x\r\n"
        let cases: [(String, [UInt8], Int)] = [
            ("Content-Length -1", Array((head + "Content-Length: -1\r\n\r\n").utf8), 400),
            ("two Content-Lengths", Array((head + "Content-Length: 2\r\nContent-Length: 3\r\n\r\nabc").utf8), 400),
            (
                "Content-Length and Transfer-Encoding",
                Array((head + "Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n").utf8), 400
            ),
            ("NUL in the target", Array("GET /hea\0lth HTTP/1.1\r\nHost: x\r\n\r\n".utf8), 400),
            ("obs-fold", Array("GET /health HTTP/1.1\r\nHost: x\r\nX-A: a\r\n  folded\r\n\r\n".utf8), 400),
            ("TLS ClientHello", [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03], 400),
            ("HTTP/2 preface", Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8), 400),
            (
                "a 100 KB header",
                Array(("GET /health HTTP/1.1\r\nX-Big: " + String(repeating: "a", count: 100_000) + "\r\n\r\n").utf8),
                431
            ),
            (
                "10,000 headers",
                Array(("GET /health HTTP/1.1\r\n" + (0..<10_000).map { "X-\($0): a\r\n" }.joined() + "\r\n").utf8), 431
            ),
            (
                "a 1 MB target",
                Array(("GET /health?" + String(repeating: "a", count: 1_000_000) + " HTTP/1.1\r\n\r\n").utf8), 431
            ),
        ]
        for (name, bytes, status) in cases {
            let (statuses, closed) = try await Self.exchange(bytes, port: port)
            #expect(statuses == [status] && closed, "\(name): \(statuses), closed: \(closed)")
        }
        // The server is still serving.
        #expect(try await server.request("/health") == (200, "ok\n"))
        #expect(try await server.stop() == 0)
    }

    @Test func aSlowHeadIsAnswered408AndClosedAtItsDeadline() async throws {
        let (server, port, folder) = try await Self.start(["--header-timeout", "0.5"])
        defer { folder.remove() }
        let started = ContinuousClock.now
        let (statuses, closed) = try await offPool {
            let connection = try RawSocket(port: port)
            // Half a head, as a slowloris client sends it, and then nothing.
            connection.send(Array("GET /health HTTP/1.1\r\nHost: x\r\nX-a: ".utf8))
            let (text, closed) = connection.readToEnd()
            return (Self.statuses(text), closed)
        }
        #expect(statuses == [408] && closed)
        // At its deadline, not at the reader's 20 s: a loaded 2-core machine adds seconds, not tens.
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(try await server.stop() == 0)
    }

    @Test func connectionsOverTheAddressCapAreRefused() async throws {
        let (server, port, folder) = try await Self.start(["--max-connections-per-address", "3"])
        defer { folder.remove() }
        let health = Array("GET /health HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        let outcome = try await offPool {
            // Three connections, each known to the server once it has answered on it.
            var held = try (0..<3).map { _ in try RawSocket(port: port) }
            let answered = held.map { connection in
                connection.send(health)
                return Self.statuses(connection.read(until: "ok\n"))
            }
            let extra = try RawSocket(port: port)
            let (text, closed) = extra.readToEnd()
            // Once one is closed, a new connection is served (the server may take a moment to
            // see the close: connections refused meanwhile cost nothing).
            held.removeFirst()
            var again: [Int] = []
            for _ in 0..<100 where again != [200] {
                let connection = try RawSocket(port: port)
                connection.send(health)
                again = Self.statuses(connection.read(until: "\r\n\r\n"))
            }
            return (answered, Self.statuses(text), closed, again)
        }
        #expect(outcome.0 == [[200], [200], [200]])
        #expect(outcome.1 == [503] && outcome.2)
        #expect(outcome.3 == [200])
        #expect(try await server.stop() == 0)
    }
}
