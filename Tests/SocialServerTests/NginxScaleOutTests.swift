import Foundation
import Imaging
import PixelTestSupport
import SocialClient
import SocialModel
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Two `social-server` instances on one PostgreSQL behind Debian's nginx on loopback, configured
/// from `Examples/SocialServer/nginx.conf.template` (as `scale-out.sh` does): requests alternate
/// between the instances, and a live update made through one reaches a socket held by the other.
@Suite("social-server behind nginx", .highPriority)
struct NginxScaleOutTests {
    @Test func requestsRoundRobinAndALiveUpdateCrossesInstances() async throws {
        let nginx = try RealServerRequirement.executable("/usr/sbin/nginx", package: "nginx-light")
        let folder = try TemporaryDirectory("social-server-nginx")
        defer { folder.remove() }
        let (first, second, outbox) = try await ServerProcess.startPair(in: folder)

        let proxy = try await NginxProcess.start(
            nginx, prefix: folder.file("nginx"), upstreams: [first.baseURL, second.baseURL])
        defer { proxy.stop() }
        let client = SocialClient(baseURL: proxy.baseURL, session: URLSession(configuration: .ephemeral))
        let ada = try await client.signUp("ada", outbox: outbox)
        let bob = try await client.signUp("bob", outbox: outbox)
        let adaID = try #require(ada.user?.id)
        let post = try await ada.publish(photo: try TestImages.stepWedge().encoded(as: .jpeg()), caption: "")

        let live = try await ada.liveUpdates()
        try await bob.follow(userID: adaID)
        _ = try await bob.like(postID: post.id)
        _ = try await bob.comment(postID: post.id, text: "lovely grain")
        let events = try await LiveAcrossInstancesTests.first(3, of: live, within: .seconds(30))
        let kinds = events.compactMap { event -> NotificationKind? in
            if case .notification(let notification) = event { return notification.kind }
            return nil
        }
        #expect(kinds == [.follow, .like, .comment])
        // nginx logs the socket's request when it closes (first(_:of:within:) closed it).
        let log = try await proxy.accessLog(until: { $0.contains { $0.status == 101 } }, within: .seconds(20))
        let ports = Set([first.baseURL.port, second.baseURL.port].compactMap { $0 })
        #expect(Set(log.map(\.upstreamPort)) == ports, "both instances answered: \(log)")
        let socket = try #require(log.first { $0.status == 101 && $0.path.hasSuffix("/live") }, "\(log)")
        let bobsCalls = log.filter {
            ["PUT /users/\(adaID)/follow", "PUT /posts/\(post.id)/like", "POST /posts/\(post.id)/comments"]
                .contains("\($0.method) \($0.path)")
        }
        #expect(bobsCalls.count == 3)
        #expect(
            bobsCalls.contains { $0.upstreamPort != socket.upstreamPort },
            "a change made on the other instance than the socket's: \(log)")

        #expect(try await first.stop() == 0)
        #expect(try await second.stop() == 0)
    }
}

/// nginx started by a test with the example's configuration template.
struct NginxProcess {
    let process: Process
    let prefix: URL
    let baseURL: URL

    /// One line of the access log (`$request_method $uri $status $upstream_addr`).
    struct Request: Sendable, CustomStringConvertible {
        let method: String
        let path: String
        let status: Int
        let upstreamPort: Int
        var description: String { "\(method) \(path) \(status) → \(upstreamPort)" }
    }

    static func start(_ executable: String, prefix: URL, upstreams: [URL]) async throws -> NginxProcess {
        try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
        let template = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Examples/SocialServer/nginx.conf.template")
        let port = LoopbackPort.free()
        let configuration = try String(contentsOf: template, encoding: .utf8)
            .replacingOccurrences(of: "@PREFIX@", with: prefix.path)
            .replacingOccurrences(of: "@PORT@", with: "\(port)")
            .replacingOccurrences(of: "@FIRST_PORT@", with: "\(upstreams[0].port ?? 0)")
            .replacingOccurrences(of: "@SECOND_PORT@", with: "\(upstreams[1].port ?? 0)")
        let file = prefix.appendingPathComponent("nginx.conf")
        try configuration.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-p", prefix.path, "-c", file.path, "-e", prefix.appendingPathComponent("error.log").path]
        try process.run()
        let baseURL = try #require(URL(string: "http://127.0.0.1:\(port)"))
        let nginx = NginxProcess(process: process, prefix: prefix, baseURL: baseURL)
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            if let (_, response) = try? await URLSession.shared.data(from: baseURL.appendingPathComponent("health")),
                (response as? HTTPURLResponse)?.statusCode == 200
            {
                return nginx
            }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        nginx.stop()
        let errors = (try? String(contentsOf: prefix.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
        throw ServerProcess.Failure(description: "nginx did not start; its error log:\n\(errors)")
    }

    /// The requests nginx has logged, once `done` holds for them (or `timeout` has passed).
    func accessLog(until done: ([Request]) -> Bool, within timeout: Duration) async throws -> [Request] {
        let deadline = ContinuousClock.now + timeout
        var log = try accessLog()
        while !done(log), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            log = try accessLog()
        }
        return log
    }

    /// The requests nginx has logged.
    func accessLog() throws -> [Request] {
        try String(contentsOf: prefix.appendingPathComponent("access.log"), encoding: .utf8)
            .split(separator: "\n").compactMap { line in
                let fields = line.split(separator: " ")
                guard fields.count == 4, let status = Int(fields[2]),
                    let port = fields[3].split(separator: ":").last.flatMap({ Int($0) })
                else { return nil }
                return Request(method: String(fields[0]), path: String(fields[1]), status: status, upstreamPort: port)
            }
    }

    /// Stops nginx (fast shutdown) and waits for it.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
    }
}
