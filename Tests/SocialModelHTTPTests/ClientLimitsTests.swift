import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import SocialModel
import SocialModelAPI
import SocialModelHTTP
import SocialModelMocks
import TestSupport
import Testing

/// A context that knows the peer's address, as a server's must for per-client rate limits.
struct AddressedContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}

/// A photo processor that takes `delay` over every photo (without giving up when cancelled, like
/// work that does not check), standing in for a slow handler.
struct SlowPhotoProcessor: PhotoProcessor {
    /// Whether a photo's whole delay has passed (the work was not stopped early).
    final class Progress: @unchecked Sendable {
        private let lock = NSLock()
        private var finished = false
        var sleptThrough: Bool { lock.withLock { finished } }
        func finish() { lock.withLock { finished = true } }
    }

    let delay: Duration
    let inner = MockPhotoProcessor()
    let progress = Progress()

    func bounded(_ photo: Data, sizes: [Int], pixelLimit: Int, filter: PhotoFilter?, seed: UInt64)
        async throws(PhotoError) -> ProcessedPhoto
    {
        try? await Task.sleep(for: delay)
        if !Task.isCancelled { progress.finish() }
        return try await inner.bounded(photo, sizes: sizes, pixelLimit: pixelLimit, filter: filter, seed: seed)
    }

    func squares(_ photo: Data, sizes: [Int], pixelLimit: Int) async throws(PhotoError) -> [Int: Data] {
        try await inner.squares(photo, sizes: sizes, pixelLimit: pixelLimit)
    }
}

/// Per-client rate limits keyed on the client's address (`X-Forwarded-For` only from trusted
/// proxies) and the request time limit, on a live server on loopback.
@Suite("Client limits over HTTP", .highPriority)
struct ClientLimitsTests {
    static let rate = SocialRateLimit(requestsPerSecond: 1, burst: 3)

    /// Runs `body` against the routes served on loopback with `AddressedContext`.
    static func serve(
        _ fixture: HTTPFixture, _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let router = Router(context: AddressedContext.self)
        router.addRoutes(fixture.routes.collection(context: AddressedContext.self), atPath: "/api")
        try await Application(router: router).test(.live, body)
    }

    /// Any route counts; a public photo that is not there is the cheapest.
    static let path = "/posts/pst_none/photo/64"

    @Test("every route counts against the client's bucket: 429 with Retry-After, then room again")
    func rateLimited() async throws {
        let fixture = HTTPFixture(limits: SocialHTTPLimits(rateLimit: Self.rate))
        try await Self.serve(fixture) { client in
            for _ in 0..<3 { #expect(try await client.call(.get, Self.path).status == .notFound) }
            let refused = try await client.call(.get, Self.path)
            #expect(refused.status == .tooManyRequests && refused.apiError?.code == "rate-limited")
            #expect(refused.headers[.retryAfter] == "1" && refused.apiError?.retryAfter == 1)
            // A session route is refused the same way, before its token is looked at.
            #expect(try await client.call(.get, "/me").status == .tooManyRequests)
            fixture.harness.clock.advance(by: 1)
            #expect(try await client.call(.get, Self.path).status == .notFound)
            #expect(try await client.call(.get, Self.path).status == .tooManyRequests)
        }
    }

    @Test("X-Forwarded-For names the client only when the peer is a trusted proxy, read from the right")
    func forwardedFor() async throws {
        let forwarded = HTTPField.Name("X-Forwarded-For")!
        let trusted = HTTPFixture(limits: SocialHTTPLimits(rateLimit: Self.rate), trustedProxies: ["127.0.0.1"])
        try await Self.serve(trusted) { client in
            for _ in 0..<3 {
                #expect(try await client.call(.get, Self.path, headers: [forwarded: "10.0.0.1"]).status == .notFound)
            }
            #expect(try await client.call(.get, Self.path, headers: [forwarded: "10.0.0.1"]).status == .tooManyRequests)
            #expect(try await client.call(.get, Self.path, headers: [forwarded: "10.0.0.2"]).status == .notFound)
            // A client's own entry on the left does not give it a new bucket: the proxy appended 10.0.0.1.
            let spoofed = try await client.call(.get, Self.path, headers: [forwarded: "10.9.9.9, 10.0.0.1"])
            #expect(spoofed.status == .tooManyRequests)
        }
        let untrusted = HTTPFixture(limits: SocialHTTPLimits(rateLimit: Self.rate))
        try await Self.serve(untrusted) { (client: any TestClientProtocol) async throws -> Void in
            for address in ["10.0.0.1", "10.0.0.2", "10.0.0.3"] {
                let response = try await client.call(.get, Self.path, headers: [forwarded: address])
                #expect(response.status == .notFound)
            }
            // All three came from 127.0.0.1, which is not a trusted proxy: one bucket.
            #expect(try await client.call(.get, Self.path, headers: [forwarded: "10.0.0.4"]).status == .tooManyRequests)
        }
    }

    @Test("a handler still running at the time limit is answered 503 timed-out at the limit")
    func timeLimit() async throws {
        // The photo would take 5 minutes; the handler is cancelled at the limit long before.
        let photos = SlowPhotoProcessor(delay: .seconds(300))
        let fixture = HTTPFixture(limits: SocialHTTPLimits(rateLimit: nil, timeLimit: .seconds(3)), photos: photos)
        // Signed in through the services, not over HTTP: in a full parallel test run this process's
        // executor can be held for longer than the 3 s limit, and only the upload is under test.
        let member = try await fixture.harness.signedIn("ada")
        let ada = Caller(user: member.user, token: member.token.rawValue)
        try await Self.serve(fixture) { client in
            let response = try await client.call(
                .post, "/posts", as: ada, body: MockPhotoProcessor.photo(width: 40, height: 40))
            #expect(response.status == .serviceUnavailable && response.apiError?.code == "timed-out")
            // Answered at the limit, before the photo's work was done (the processor stops
            // sleeping when the handler is cancelled): no wall-clock bound a loaded machine breaks.
            #expect(!photos.progress.sleptThrough)
        }
    }
}
