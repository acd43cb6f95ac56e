import Foundation
import Hummingbird
import HummingbirdTesting
import SeededRandom
import SocialModel
import SocialModelAPI
import SocialModelHTTP
import Testing

/// Seeded junk sent to every route: no answer is a server failure, and every refusal is a JSON
/// error with a code.
@Suite("Hostile input over HTTP")
struct HostileInputTests {
    static let bodies: [Data] = {
        // Seeded, so the junk is the same on every run.
        var random = SplitMix64(seed: 21)
        func junk(_ count: Int) -> Data { Data((0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }) }
        return [
            Data(), Data("null".utf8), Data("[]".utf8), Data("{}".utf8), Data("{\"text\": 1e999}".utf8),
            Data("{\"email\": \"\\u0000\", \"password\": \"\(String(repeating: "x", count: 5000))\"}".utf8),
            Data("{\"name\": \"\\ud800\"}".utf8), junk(17), junk(4096),
        ]
    }()

    static let segments = ["x", "%00", "..", "usr_\(String(repeating: "f", count: 300))", "-1", "99999999999999999999"]

    @Test("junk bodies, ids and queries on every route never fail the server")
    func junkNeverFailsTheServer() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            let router = fixture.router()
            // Signing out or deleting the account would only turn the rest into 401s.
            let ending: Set<String> = ["DELETE /api/me", "DELETE /api/sessions/current", "DELETE /api/sessions"]
            for route in router.routes where !ending.contains("\(route.method) \(route.path)") {
                for (index, segment) in Self.segments.enumerated() {
                    var path = String(route.path.description.dropFirst("/api".count))
                    while let open = path.firstIndex(of: "{"), let close = path[open...].firstIndex(of: "}") {
                        path.replaceSubrange(open...close, with: segment)
                    }
                    let query =
                        "?after=\(segment)&limit=\(segment)&seed=\(segment)&sort=\(segment)&caption=%FF&page=\(segment)&order=\(segment)&text=%FF"
                    let body = Self.bodies[index % Self.bodies.count]
                    let response = try await client.call(route.method, path + query, as: ada, body: body)
                    #expect(response.status.code < 500, "\(route.method) \(path) answered \(response.status)")
                    // A HEAD answer has no body by HTTP's rules, refusals included. A share page is
                    // for browsers: its refusals are HTML pages, not JSON (its photos' are JSON).
                    let isSharePage =
                        route.path.description.hasPrefix("/api/p/") && !route.path.description.contains("/photo/")
                    if response.status.code >= 400 && response.status != .notModified && route.method != .head {
                        if isSharePage {
                            #expect(
                                response.headers[.contentType]?.hasPrefix("text/html") == true,
                                "\(route.method) \(path): \(response.headers[.contentType] ?? "no content type")")
                        } else {
                            #expect(response.apiError?.code.isEmpty == false, "\(route.method) \(path): no error body")
                        }
                    }
                }
            }
        }
    }
}
