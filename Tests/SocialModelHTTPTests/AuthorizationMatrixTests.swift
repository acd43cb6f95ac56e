import Foundation
import Hummingbird
import HummingbirdTesting
import SocialModel
import SocialModelAPI
import SocialModelHTTP
import SocialModelMocks
import Testing

/// SocialModel's authorization matrix over HTTP: every route that needs a session refuses a
/// missing, malformed, unknown, revoked and expired token, and owners' operations refuse others.
@Suite("Authorization matrix over HTTP")
struct AuthorizationMatrixTests {
    /// The routes served without a session: account creation, sign-in, public photos, the filter
    /// names and shared posts' pages (their token is in the path).
    static let publicRoutes: Set<String> = [
        "POST /api/accounts", "POST /api/accounts/verification", "POST /api/accounts/verification/resend",
        "POST /api/sessions", "GET /api/users/{userID}/avatar/{size}", "GET /api/posts/{postID}/photo/{size}",
        "GET /api/recipes/{recipeID}/photo/{size}", "POST /api/accounts/password-reset",
        "POST /api/accounts/password-reset/confirm", "POST /api/sessions/provider", "GET /api/filters",
        "HEAD /api/users/{userID}/avatar/{size}", "HEAD /api/posts/{postID}/photo/{size}",
        "HEAD /api/recipes/{recipeID}/photo/{size}", "GET /api/p/{token}", "HEAD /api/p/{token}",
        "GET /api/p/{token}/photo/{size}", "HEAD /api/p/{token}/photo/{size}",
    ]

    /// Every route's method and path as mounted, with its parameters filled in from `values`.
    static func sessionRoutes(of fixture: HTTPFixture, values: [String: String]) -> [(HTTPRequest.Method, String)] {
        fixture.router().routes.filter { !publicRoutes.contains("\($0.method) \($0.path)") }.map { route in
            var path = route.path.description
            for (name, value) in values { path = path.replacingOccurrences(of: "{\(name)}", with: value) }
            return (route.method, String(path.dropFirst("/api".count)))
        }
    }

    /// What an owner has: a post, a fan's comment on it, the owner's notification of that comment,
    /// a photo message from the fan in their conversation, and a recipe.
    struct OwnedThings {
        let owner: Caller
        let post: Post
        let comment: PostComment
        let notification: NetworkNotification
        let message: Message
        let recipe: Recipe

        /// The path parameters of every route, filled in with these things.
        var values: [String: String] {
            [
                "userID": owner.user.id.rawValue, "postID": post.id.rawValue, "commentID": comment.id.rawValue,
                "notificationID": notification.id.rawValue, "conversationID": message.conversationID.rawValue,
                "messageID": message.id.rawValue, "recipeID": recipe.id.rawValue, "size": "64",
                "provider": "facebook", "subject": "fb-1", "reportID": "rpt_none", "hashtag": "tokyo",
            ]
        }
    }

    static func ownedThings(_ client: any TestClientProtocol, _ fixture: HTTPFixture) async throws -> OwnedThings {
        let owner = try await client.signUp("owner", in: fixture)
        let fan = try await client.signUp("fan", in: fixture)
        let post = try await client.publish(as: owner)
        let comment = try await client.call(
            .post, "/posts/\(post.id)/comments", as: fan, json: CommentRequest(text: "hi")
        ).decoded(PostComment.self)
        let notification = try #require(
            try await client.call(.get, "/notifications", as: owner)
                .decoded(CursorPage<NetworkNotification, KeysetCursor>.self).items.first)
        let message = try await client.call(
            .post, "/users/\(owner.user.id)/messages?text=hi", as: fan,
            body: MockPhotoProcessor.photo(width: 40, height: 40)
        ).decoded(Message.self)
        let recipe = try await client.call(
            .post, "/recipes", as: owner,
            json: RecipeDraft(name: "Rice", preparationMinutes: 20, ingredients: ["rice"], steps: ["Cook it."])
        ).decoded(Recipe.self)
        return OwnedThings(
            owner: owner, post: post, comment: comment, notification: notification, message: message, recipe: recipe)
    }

    @Test("every session route refuses missing, malformed, unknown, revoked and expired tokens")
    func tokensRefused() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let things = try await Self.ownedThings(client, fixture)
            let post = things.post
            let routes = Self.sessionRoutes(of: fixture, values: things.values)
            #expect(routes.count == 73)

            let revoked = try await client.signUp("leaver", in: fixture)
            #expect(try await client.call(.delete, "/sessions/current", as: revoked).status == .noContent)
            let expiring = try await client.signUp("sleeper", in: fixture)
            let credentials: [(String, HTTPFields)] = [
                ("missing", [:]),
                ("not bearer", [.authorization: "Basic \(expiring.token)"]),
                ("empty bearer", [.authorization: "Bearer "]),
                ("unknown", [.authorization: "Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"]),
                ("revoked", [.authorization: "Bearer \(revoked.token)"]),
            ]
            // `/live` answers only a WebSocket upgrade (405 to anything else), so it is asked as one.
            let upgrade: HTTPFields = [
                .connection: "Upgrade", .upgrade: "websocket", .secWebSocketVersion: "13",
                .secWebSocketKey: "dGhlIHNhbXBsZSBub25jZQ==",
            ]
            func headers(_ path: String, _ credential: HTTPFields) -> HTTPFields {
                path == "/live" ? HTTPFields(Array(credential) + Array(upgrade)) : credential
            }
            for (method, path) in routes {
                for (name, credential) in credentials {
                    let response = try await client.call(method, path, headers: headers(path, credential))
                    #expect(response.status == .unauthorized, "\(method) \(path) with a \(name) token")
                    if method != .head {  // a HEAD answer has no body
                        #expect(response.apiError?.code == "unauthorized", "\(method) \(path) with a \(name) token")
                    }
                }
            }

            fixture.harness.clock.advance(by: fixture.harness.accounts.policy.sessionLifetime + 1)
            for (method, path) in routes {
                let response = try await client.call(method, path, as: expiring, headers: headers(path, [:]))
                #expect(response.status == .unauthorized, "\(method) \(path) with an expired token")
            }
            // Nothing was changed by the refused calls.
            let stillThere = try await client.signUp("witness", in: fixture)
            let view = try await client.call(.get, "/posts/\(post.id)", as: stillThere).decoded(PostView.self)
            #expect(view.post.commentCount == 1)
        }
    }

    @Test("strangers cannot delete others' posts, comments or notifications; owners can")
    func wrongOwners() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let things = try await Self.ownedThings(client, fixture)
            let (owner, post, comment, notification) = (things.owner, things.post, things.comment, things.notification)
            let conversation = things.message.conversationID
            let stranger = try await client.signUp("stranger", in: fixture)

            let attempts: [(HTTPRequest.Method, String)] = [
                (.delete, "/posts/\(post.id)"), (.delete, "/comments/\(comment.id)"),
                (.post, "/notifications/\(notification.id)/read"), (.delete, "/notifications/\(notification.id)"),
                (.get, "/conversations/\(conversation)/messages"), (.post, "/conversations/\(conversation)/read"),
                (.delete, "/conversations/\(conversation)"), (.delete, "/recipes/\(things.recipe.id)"),
                (.get, "/posts/\(post.id)/share-links"),
            ]
            for (method, path) in attempts {
                let response = try await client.call(method, path, as: stranger)
                #expect(response.status == .forbidden, "\(method) \(path) by a stranger")
                #expect(response.apiError?.code == "forbidden")
            }
            // A message photo is found among the photos the caller can see, or not at all.
            let photo = try await client.call(.get, "/messages/\(things.message.id)/photo", as: stranger)
            #expect(photo.status == .notFound && photo.apiError?.entity == "photo")
            // Untouched: the post, its comment, the owner's unread notification and message, the recipe.
            #expect(
                try await client.call(.get, "/conversations/unread-count", as: owner).decoded(CountResponse.self)
                    .count == 1)
            #expect(try await client.call(.get, "/recipes/\(things.recipe.id)", as: owner).status == .ok)
            let view = try await client.call(.get, "/posts/\(post.id)", as: owner).decoded(PostView.self)
            #expect(view.post.commentCount == 1)
            #expect(
                try await client.call(.get, "/notifications/unread-count", as: owner).decoded(CountResponse.self)
                    .count == 1)
            // A stranger's bulk calls touch only their own notifications.
            #expect(
                try await client.call(.delete, "/notifications", as: stranger).decoded(CountResponse.self).count == 0)

            // The post's author may delete a comment they did not write; then the post.
            #expect(try await client.call(.delete, "/comments/\(comment.id)", as: owner).status == .noContent)
            #expect(try await client.call(.delete, "/posts/\(post.id)", as: owner).status == .noContent)
        }
    }
}
