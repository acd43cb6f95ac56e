import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWebSocket
import SocialClient
import SocialModel
import SocialModelAPI
import SocialModelHTTP
import SocialModelMocks
import SocialModelSQLite
import SocialModelTesting
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// SocialClient against SocialRoutes served in process on loopback (a port the system picks),
/// over the in-memory store: no network beyond loopback, no disk.
struct LoopbackServer {
    let harness = SocialTestHarness(store: SQLiteSocialStore.inMemory())
    /// The server's data exports over the harness's services, or `nil` for none.
    var exports: (@Sendable (SocialTestHarness) -> DataExports)?

    /// Runs `body` with a client of a live server of the routes (the live-update WebSocket too) mounted at `/api`.
    /// `locale`, when given, is the client's (its `Accept-Language`).
    func run(
        locale: Locale? = nil, _ body: @Sendable (SocialClient, SocialTestHarness) async throws -> Void
    ) async throws {
        let routes = SocialRoutes(
            network: harness.network, recipes: harness.recipes, meals: harness.meals, exports: exports?(harness))
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.addRoutes(routes.collection(context: BasicWebSocketRequestContext.self), atPath: "/api")
        router.addRoutes(routes.liveCollection(), atPath: "/api")
        let app = Application(router: router, server: .socialWebSocketUpgrade(webSocketRouter: router))
        let harness = harness
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let session = URLSession(configuration: .ephemeral)
            let url = try #require(URL(string: "http://localhost:\(port)/api"))
            let client =
                if let locale { SocialClient(baseURL: url, session: session, locale: locale) } else {
                    SocialClient(baseURL: url, session: session)
                }
            try await body(client, harness)
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

@Suite("SocialClient over loopback", .highPriority)
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

    @Test("messages, recipes, meal plans and the password through the client, with typed refusals")
    func messagesRecipesMealPlansAndPassword() async throws {
        try await LoopbackServer().run { client, harness in
            let ada = try await client.signUp("ada", harness)
            let bob = try await client.signUp("bob", harness)
            let adaID = try #require(ada.user?.id)
            let bobID = try #require(bob.user?.id)

            let text = try await ada.sendMessage(to: bobID, text: "Portra or Ektar?")
            harness.clock.advance(by: 1)
            let photo = try await bob.sendMessage(
                to: adaID, photo: MockPhotoProcessor.photo(width: 60, height: 40), text: "Ektar")
            #expect(photo.hasPhoto && photo.conversationID == text.conversationID)
            #expect(try await ada.unreadMessageCount() == 1)
            let inbox = try await ada.conversations()
            #expect(inbox.items.map(\.otherUser.id) == [bobID])
            #expect(try await ada.messages(conversationID: text.conversationID).items.map(\.id) == [photo.id, text.id])
            #expect(try await ada.messagePhoto(messageID: photo.id).jpeg.isEmpty == false)
            #expect(try await ada.markRead(conversationID: text.conversationID) == 1)
            try await ada.deleteConversation(conversationID: text.conversationID)
            #expect(try await ada.conversations().items.isEmpty)

            let recipe = try await ada.publishRecipe(
                RecipeDraft(
                    name: "Rice bowl", preparationMinutes: 25, ingredients: ["80 g rice"], steps: ["Cook it."],
                    photo: MockPhotoProcessor.photo(width: 90, height: 90)))
            #expect(try await bob.recipes().recipes.map(\.id) == [recipe.id])
            #expect(try await bob.likeRecipe(recipeID: recipe.id).likeCount == 1)
            #expect(try await bob.recipe(recipeID: recipe.id).likedByViewer)
            #expect(try await bob.likedRecipes().recipes.map(\.id) == [recipe.id])
            #expect(try await bob.unlikeRecipe(recipeID: recipe.id).likeCount == 0)
            #expect(try await client.recipePhoto(recipeID: recipe.id, size: 64).etag != nil)
            do throws(SocialClientError) {
                try await bob.deleteRecipe(recipeID: recipe.id)
                Issue.record("a stranger deleted a recipe")
            } catch .api(let error) {
                #expect(error.code == "forbidden" && error.status == 403)
            } catch {
                Issue.record("unexpected \(error)")
            }
            try await ada.deleteRecipe(recipeID: recipe.id)

            do throws(SocialClientError) {
                _ = try await ada.mealPlan()
                Issue.record("a meal plan without a body profile")
            } catch .api(let error) {
                #expect(error.code == "not-found" && error.entity == "body-profile")
            } catch {
                Issue.record("unexpected \(error)")
            }
            let profile = BodyProfile(
                sex: .male, weightKilograms: 80, heightCentimeters: 180, ageYears: 40, activity: .light,
                goal: .loseWeight)
            #expect(try await ada.setBodyProfile(profile) == profile)
            #expect(try await ada.bodyProfile() == profile)
            #expect(try await ada.mealPlan() == (try harness.meals.planner.plan(for: profile)))

            do throws(SocialClientError) {
                try await ada.changePassword(current: "wrong", to: "Another-horse-42")
                Issue.record("a wrong current password changed the password")
            } catch .api(let error) {
                #expect(error.code == "invalid-credentials" && error.status == 403)
            } catch {
                Issue.record("unexpected \(error)")
            }
            try await ada.changePassword(current: SocialTestHarness.password, to: "Another-horse-42")
            let again = try await client.signIn(email: "ada@example.com", password: "Another-horse-42")
            try await again.signOutEverywhere()
            do throws(SocialClientError) {
                _ = try await ada.me()
                Issue.record("a session survived signing out everywhere")
            } catch {
                #expect(error.isUnauthorized, "\(error)")
            }
        }
    }

    @Test("password reset and identity-provider sign-in and links through the client")
    func resetAndProviders() async throws {
        try await LoopbackServer().run { client, harness in
            let ada = try await client.signUp("ada", harness)
            try await client.requestPasswordReset(email: "ada@example.com")
            let token = try #require(harness.mailer.latestToken(.passwordReset, to: "ada@example.com"))
            try await client.resetPassword(token: token.rawValue, newPassword: "Another-horse-42")
            do throws(SocialClientError) {
                _ = try await ada.me()
                Issue.record("a session survived the reset")
            } catch {
                #expect(error.isUnauthorized, "\(error)")
            }
            let again = try await client.signIn(email: "ada@example.com", password: "Another-horse-42")
            harness.provider.register(token: "t1", subject: "fb-1")
            #expect(try await again.linkProvider("facebook", token: "t1").subject == "fb-1")
            #expect(try await again.identityLinks().map(\.subject) == ["fb-1"])
            let viaProvider = try await client.signIn(provider: "facebook", token: "t1")
            #expect(viaProvider.user?.id == again.user?.id)
            try await viaProvider.unlinkProvider("facebook", subject: "fb-1")
            #expect(try await again.identityLinks().isEmpty)
            harness.provider.beginOutage()
            do throws(SocialClientError) {
                _ = try await client.signIn(provider: "facebook", token: "t1")
                Issue.record("signed in through a provider that is down")
            } catch .api(let error) {
                #expect(error.code == "provider-unavailable" && error.status == 503, "\(error)")
            } catch {
                Issue.record("unexpected \(error)")
            }
            harness.provider.endOutage()
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

@Suite("SocialClient live updates over loopback", .highPriority)
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
            let sent = try await bob.sendMessage(to: adaID, text: "hello")

            var kinds: [NotificationKind] = []
            var message: Message?
            for try await event in live {
                switch event {
                case .notification(let notification):
                    #expect(notification.recipientID == adaID)
                    kinds.append(notification.kind)
                case .message(let received): message = received
                case .post(let post): Issue.record("her own post \(post.id) reached ada")
                case .subscribed: Issue.record("subscribed is consumed by liveUpdates()")
                }
                if kinds.count == 3 && message != nil { break }
            }
            #expect(kinds == [.follow, .like, .comment])
            #expect(message == sent)
        }
    }

    @Test("a followed user's new post arrives on the follower's stream, and nobody else's")
    func followedUsersPostsArrive() async throws {
        try await LoopbackServer().run { client, harness in
            let ada = try await client.signUp("ada", harness)
            let bob = try await client.signUp("bob", harness)
            let cyd = try await client.signUp("cyd", harness)
            try await bob.follow(userID: try #require(ada.user?.id))
            let live = try await bob.liveUpdates()
            defer { live.close() }

            // Cyd is not followed: her post must not arrive, and it is published first, so
            // receiving ada's post proves cyd's was not queued before it.
            _ = try await cyd.publish(photo: MockPhotoProcessor.photo(width: 40, height: 40), caption: "not for bob")
            let post = try await ada.publish(
                photo: MockPhotoProcessor.photo(width: 400, height: 300), caption: "new roll")
            for try await event in live {
                guard case .post(let received) = event else { continue }
                #expect(received == post)
                break
            }
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
