import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWebSocket
import SocialClient
import SocialModel
import SocialModelAPI
import SocialModelHTTP
import SocialModelMocks
import SocialModelTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// SocialClient against SocialRoutes served in process on loopback (a port the system picks),
/// over the in-memory store: no network beyond loopback, no disk.
struct LoopbackServer {
    let harness = SocialTestHarness(store: InMemorySocialStore())

    /// Runs `body` with a client of a live server of the routes (the live-update WebSocket too) mounted at `/api`.
    func run(_ body: @Sendable (SocialClient, SocialTestHarness) async throws -> Void) async throws {
        let routes = SocialRoutes(network: harness.network)
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.addRoutes(routes.collection(context: BasicWebSocketRequestContext.self), atPath: "/api")
        router.addRoutes(routes.liveCollection(), atPath: "/api")
        let app = Application(router: router, server: .http1WebSocketUpgrade(webSocketRouter: router))
        let harness = harness
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let session = URLSession(configuration: .ephemeral)
            let url = try #require(URL(string: "http://localhost:\(port)/api"))
            try await body(SocialClient(baseURL: url, session: session), harness)
        }
    }
}

extension SocialClient {
    /// Registers, verifies with the token the harness's mailer caught, and signs in.
    func signUp(_ username: String, _ harness: SocialTestHarness) async throws -> SocialClientSession {
        let email = "\(username)@example.com"
        try await register(Registration(email: email, username: username, password: SocialTestHarness.password))
        let token = try #require(harness.mailer.latestToken(.emailVerification, to: email))
        _ = try await verifyEmail(token: token.rawValue)
        return try await signIn(email: email, password: SocialTestHarness.password)
    }
}

@Suite("SocialClient over loopback")
struct SocialClientTests {
    @Test("accounts, posts, likes, comments, follows, feeds and notifications through the client")
    func fullRound() async throws {
        try await LoopbackServer().run { client, harness in
            let ada = try await client.signUp("ada", harness)
            let bo = try await client.signUp("bob", harness)
            #expect(try await ada.me().email == "ada@example.com")
            #expect(try await ada.updateProfile(ProfileChange(bio: "Portra")).bio == "Portra")

            let post = try await ada.publish(
                photo: MockPhotoProcessor.photo(width: 400, height: 300), caption: "Roll one, frame 1",
                filter: "vintage")
            #expect(post.caption == "Roll one, frame 1" && post.filter == "vintage")
            try await bo.follow(userID: try #require(ada.user).id)
            #expect(try await bo.like(postID: post.id).likeCount == 1)
            let comment = try await bo.comment(postID: post.id, text: "Lovely")
            #expect(try await ada.comments(postID: post.id).items == [comment])
            #expect(try await ada.likers(postID: post.id).items.map(\.user.username) == ["bob"])

            let home = try await bo.home(limit: 1)
            #expect(home.items.map(\.post.id) == [post.id] && home.items[0].likedByViewer)
            let profile = try await bo.profile(userID: post.authorID)
            #expect(profile.counts.followers == 1 && profile.followedByViewer && profile.user.email == nil)
            #expect(try await bo.searchUsers(prefix: "a").items.map(\.username) == ["ada"])
            #expect(try await bo.followers(userID: post.authorID).items.map(\.user.username) == ["bob"])
            #expect(try await ada.posts(authorID: post.authorID).items.count == 1)
            #expect(try await ada.explore(seed: 3).items.count == 1)

            #expect(try await ada.unreadCount() == 3)
            let notifications = try await ada.notifications()
            try await ada.markRead(notificationID: notifications.items[0].id)
            #expect(try await ada.markAllRead() == 2)
            try await ada.deleteNotification(notificationID: notifications.items[0].id)
            #expect(try await ada.deleteAllNotifications() == 2)

            let photo = try await client.postPhoto(postID: post.id, size: 64)
            #expect(MockPhotoProcessor.dimensions(of: photo.jpeg)! == (64, 48))
            #expect(photo.etag?.hasPrefix("\"") == true)
            _ = try await ada.setAvatar(photo: MockPhotoProcessor.photo(width: 50, height: 50))
            #expect(
                MockPhotoProcessor.dimensions(of: try await client.avatar(userID: post.authorID, size: 8).jpeg)! == (
                    8, 8
                ))
            try await ada.removeAvatar()

            try await bo.unlike(postID: post.id)
            try await ada.deleteComment(commentID: comment.id)
            try await bo.unfollow(userID: post.authorID)
            #expect(try await bo.following(userID: try #require(bo.user).id).items.isEmpty)
            try await ada.deletePost(postID: post.id)
        }
    }

    @Test("the server's refusals arrive as typed errors with their stable codes")
    func typedErrors() async throws {
        try await LoopbackServer().run { client, harness in
            let ada = try await client.signUp("ada", harness)
            await #expect(throws: SocialClientError.self) {
                _ = try await client.signIn(email: "ada@example.com", password: "wrong")
            }
            do throws(SocialClientError) {
                _ = try await client.signIn(email: "ada@example.com", password: "wrong")
                Issue.record("a wrong password signed in")
            } catch .api(let error) {
                #expect(error.code == "invalid-credentials" && error.status == 401)
            } catch {
                Issue.record("unexpected \(error)")
            }
            do throws(SocialClientError) {
                _ = try await ada.post(postID: PostID(rawValue: "pst_missing"))
                Issue.record("a missing post was found")
            } catch .api(let error) {
                #expect(error.code == "not-found" && error.entity == "post")
            } catch {
                Issue.record("unexpected \(error)")
            }
            do throws(SocialClientError) {
                _ = try await ada.publish(photo: MockPhotoProcessor.photo(width: 10, height: 10), filter: "vintge")
                Issue.record("an unknown filter was accepted")
            } catch .api(let error) {
                #expect(error.code == "unknown-filter" && error.suggestions == ["vintage"])
            } catch {
                Issue.record("unexpected \(error)")
            }

            let kept = client.session(token: ada.token)
            #expect(try await kept.me().username == "ada")
            try await ada.signOut()
            do throws(SocialClientError) {
                _ = try await kept.me()
                Issue.record("a revoked token was accepted")
            } catch .api(let error) {
                #expect(error.code == "unauthorized" && error.status == 401)
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test("a server that is not there is a transport error")
    func unreachable() async throws {
        // Port 9 on loopback (discard) has no listener here; connecting is refused at once.
        let client = SocialClient(
            baseURL: try #require(URL(string: "http://127.0.0.1:9/api")), session: URLSession(configuration: .ephemeral)
        )
        do throws(SocialClientError) {
            _ = try await client.signIn(email: "a@example.com", password: "x")
            Issue.record("signed in to nothing")
        } catch .transport {
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}

@Suite("SocialClient live updates over loopback")
struct SocialClientLiveTests {
    @Test("notifications and messages arrive on the live-update stream as typed events")
    func notificationsAndMessagesArrive() async throws {
        try await LoopbackServer().run { client, harness in
            let ada = try await client.signUp("ada", harness)
            let bob = try await client.signUp("bob", harness)
            let adaID = try #require(ada.user?.id)
            let live = try await ada.liveUpdates()
            defer { live.close() }

            let post = try await ada.publish(photo: MockPhotoProcessor.photo(width: 400, height: 300), caption: "")
            try await bob.follow(userID: adaID)
            _ = try await bob.like(postID: post.id)
            _ = try await bob.comment(postID: post.id, text: "lovely grain")
            // Messages have no HTTP route yet: bob writes through SocialModel's own service.
            let bobSession = try await harness.network.session(SecretToken(rawValue: bob.token))
            let sent = try await bobSession.messages.send(recipientID: adaID, text: "hello")

            var kinds: [NotificationKind] = []
            var message: Message?
            for try await event in live {
                switch event {
                case .notification(let notification):
                    #expect(notification.recipientID == adaID)
                    kinds.append(notification.kind)
                case .message(let received): message = received
                case .subscribed: Issue.record("subscribed is consumed by liveUpdates()")
                }
                if kinds.count == 3 && message != nil { break }
            }
            #expect(kinds == [.follow, .like, .comment])
            #expect(message == sent)
        }
    }

    @Test("a refused token is a typed unauthorized error, not a socket")
    func refusedToken() async throws {
        try await LoopbackServer().run { client, harness in
            let ada = try await client.signUp("ada", harness)
            try await ada.signOut()
            do throws(SocialClientError) {
                _ = try await ada.liveUpdates()
                Issue.record("a revoked session opened the live-update socket")
            } catch {
                #expect(error.isUnauthorized, "\(error)")
            }
        }
    }
}

extension SocialClientError {
    /// Whether this is the server's `unauthorized` refusal.
    var isUnauthorized: Bool {
        if case .api(let error) = self { return error.code == "unauthorized" }
        return false
    }
}
