import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import SocialModelMocks
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A request whose body framing breaks while a route reads it (a bad chunk size, a body cut
/// short) is the client's fault: 400 and the connection closed, never a 500 and an error log line.
@Suite("Broken body framing")
struct BodyFramingTests {
    /// Sends `request` on a new connection to the port, half-closes it after `closingWrite`, and
    /// returns all the server answers until it closes (or 5 s pass).
    static func exchange(_ request: String, port: Int, closingWrite: Bool) async -> String {
        await withCheckedContinuation { continuation in
            // Blocking socket calls, off the concurrency pool.
            DispatchQueue.global().async {
                continuation.resume(returning: blockingExchange(request, port: port, closingWrite: closingWrite))
            }
        }
    }

    static func blockingExchange(_ request: String, port: Int, closingWrite: Bool) -> String {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return "socket failed" }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return "connect failed" }
        // Every exchange here ends with the server closing; the deadline only bounds a broken server
        // and must outlast a loaded 2-core machine.
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array(request.utf8)
        _ = bytes.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if closingWrite { shutdown(socket, Int32(SHUT_WR)) }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            answer += buffer[0..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    @Test("a bad chunk size and a body cut short answer 400 (or nothing) and log no error")
    func brokenBodies() async throws {
        let fixture = HTTPFixture(limits: .init(rateLimit: nil))
        let logs = fixture.harness.log
        let application = Application(
            router: fixture.router(), logger: Logger(label: "body-framing") { _ in logs })
        try await application.test(.live) { client in
            let port = try #require(client.port)
            let head = "POST /api/accounts HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
            let badChunk = await Self.exchange(
                head + "Transfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n", port: port, closingWrite: false)
            #expect(badChunk.hasPrefix("HTTP/1.1 400"), "\(badChunk.prefix(80))")
            let cutShort = await Self.exchange(
                head + "Content-Length: 100\r\n\r\n{\"email\":", port: port, closingWrite: true)
            #expect(cutShort.isEmpty || cutShort.hasPrefix("HTTP/1.1 400"), "\(cutShort.prefix(80))")
            // The server still answers.
            let health = await Self.exchange(
                "GET /api/filters HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", port: port,
                closingWrite: false)
            #expect(health.hasPrefix("HTTP/1.1 200"))
        }
        let errors = logs.logged.filter { $0.level >= .error }
        #expect(errors.isEmpty, "\(errors.map(\.message))")
    }
}
