import Foundation
import Imaging
import PixelTestSupport
import SocialClient
import SocialModel
import SocialModelAPI
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Two `social-server` processes on one PostgreSQL database: what one instance keeps reaches a
/// live-update socket held by the other, through the store's LISTEN/NOTIFY relay.
@Suite("social-server live updates across instances", .highPriority)
struct LiveAcrossInstancesTests {
    @Test func aFollowAndALikeThroughOneInstanceReachASocketOnTheOther() async throws {
        let folder = try TemporaryDirectory("social-server-live")
        defer { folder.remove() }
        let (first, second, outbox) = try await ServerProcess.startPair(in: folder)

        let throughFirst = SocialClient(baseURL: first.baseURL, session: URLSession(configuration: .ephemeral))
        let throughSecond = SocialClient(baseURL: second.baseURL, session: URLSession(configuration: .ephemeral))
        let ada = try await throughFirst.signUp("ada", outbox: outbox)
        let bob = try await throughFirst.signUp("bob", outbox: outbox)
        let adaID = try #require(ada.user?.id)
        let photo = try TestImages.stepWedge().encoded(as: .jpeg())
        let post = try await ada.publish(photo: photo, caption: "")

        // Ada's session (kept in the database) opens her socket on the second instance.
        let live = try await throughSecond.session(token: ada.token).liveUpdates()
        defer { live.close() }
        try await bob.follow(userID: adaID)
        _ = try await bob.like(postID: post.id)

        let events = try await Self.first(2, of: live, within: .seconds(30))
        let kinds = events.compactMap { event -> NotificationKind? in
            if case .notification(let notification) = event, notification.actorID == bob.user?.id {
                return notification.kind
            }
            return nil
        }
        #expect(kinds == [.follow, .like])

        #expect(try await first.stop() == 0)
        #expect(try await second.stop() == 0)
    }

    /// The first `count` events, or a failure after `timeout`.
    static func first(_ count: Int, of live: SocialLiveUpdates, within timeout: Duration) async throws -> [LiveEvent] {
        let events = try await firstResult(within: timeout) {
            var events: [LiveEvent] = []
            for try await event in live {
                events.append(event)
                if events.count == count { break }
            }
            return events
        }
        live.close()
        guard let events else { throw ServerProcess.Failure(description: "no live update arrived within \(timeout)") }
        return events
    }
}

extension ServerProcess {
    /// Two instances on one fresh PostgreSQL schema, both ready, writing mail to one outbox in `folder`.
    static func startPair(in folder: TemporaryDirectory) async throws -> (
        first: ServerProcess, second: ServerProcess, outbox: URL
    ) {
        let url = try PostgresURL.freshSchema()
        let outbox = folder.file("outbox")
        let arguments = ["--store", url, "--outbox", outbox.path, "--password-iterations", "210000"]
        let first = try await start(arguments)
        let second = try await start(arguments)
        try await first.waitUntilReady()
        try await second.waitUntilReady()
        return (first, second, outbox)
    }
}

extension SocialClient {
    /// Registers, verifies with the token from the server's outbox, and signs in.
    func signUp(_ username: String, outbox: URL) async throws -> SocialClientSession {
        let email = "\(username)@example.com"
        let password = "Analytical-Engine-1843"
        try await register(Registration(email: email, username: username, password: password))
        let mail = try await polled(within: .seconds(10)) {
            try OutboxMailer(directory: outbox).messages().last { $0.to == email }
        }
        let token = try #require(mail?.token)
        _ = try await verifyEmail(token: token)
        return try await signIn(email: email, password: password)
    }
}
