import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SocialModel
import SocialModelAPI
import SocialModelHTTP
import SocialModelMocks
import SocialModelTesting
import Testing

/// What a browser or a non-Swift client expects of an HTTP API: JSON 404 and 405 answers,
/// `HEAD` on photos, `Location` on 201s, CORS for configured origins.
@Suite("Browser and client conveniences")
struct BrowserConvenienceTests {
    @Test("an unknown path is a JSON 404; a known path with another method a JSON 405 with Allow")
    func unmatchedRequests() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            for path in ["/nothing-here", "/posts/x/photo/320/extra", "/me/avatar/extra"] {
                let response = try await client.call(.get, path, as: ada)
                #expect(response.status == .notFound, "\(path)")
                #expect(response.apiError?.code == "not-found", "\(path)")
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            }
            let wrong = try await client.call(.post, "/me", as: ada)
            #expect(wrong.status == .methodNotAllowed && wrong.apiError?.code == "method-not-allowed")
            #expect(wrong.headers[.allow] == "GET, PATCH, DELETE")
            let photo = try await client.call(.delete, "/posts/x/photo/320")
            #expect(photo.status == .methodNotAllowed && photo.headers[.allow] == "GET, HEAD")
            // A route's own 404 is still the route's (with the entity it looked for).
            let missing = try await client.call(.get, "/posts/pst_none", as: ada)
            #expect(missing.status == .notFound && missing.apiError?.entity == "post")
        }
    }

    @Test("HEAD on every photo route answers GET's status and headers without the body")
    func headOnPhotos() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            let bob = try await client.signUp("bob", in: fixture)
            let photo = MockPhotoProcessor.photo(width: 400, height: 300)
            let post = try await client.publish(as: ada)
            _ = try await client.call(.put, "/me/avatar", as: ada, body: photo)
            let recipe = try await client.call(
                .post, "/recipes", as: ada,
                json: RecipeRoutesTests.draft("Bowl", photo: MockPhotoProcessor.photo(width: 90, height: 90))
            ).decoded(Recipe.self)
            let message = try await client.call(.post, "/users/\(bob.user.id)/messages", as: ada, body: photo)
                .decoded(Message.self)
            for path in [
                "/posts/\(post.id)/photo/64", "/users/\(ada.user.id)/avatar/32", "/recipes/\(recipe.id)/photo/64",
                "/messages/\(message.id)/photo",
            ] {
                let get = try await client.call(.get, path, as: bob)
                let head = try await client.call(.head, path, as: bob)
                #expect(get.status == .ok && head.status == .ok, "\(path)")
                #expect(head.body.readableBytes == 0 && get.body.readableBytes > 0, "\(path)")
                for name in [HTTPField.Name.eTag, .cacheControl, .contentType, .contentLength] {
                    #expect(head.headers[name] != nil && head.headers[name] == get.headers[name], "\(path) \(name)")
                }
                let missing = try await client.call(.head, path.replacingOccurrences(of: "/photo", with: "x/photo"))
                #expect(missing.body.readableBytes == 0)
            }
            let absent = try await client.call(.head, "/posts/\(post.id)/photo/320")
            #expect(absent.status == .notFound && absent.body.readableBytes == 0)
        }
    }

    @Test("every 201 names the created resource in Location, under the mount path")
    func locationOnCreated() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            let bob = try await client.signUp("bob", in: fixture)
            let photo = MockPhotoProcessor.photo(width: 400, height: 300)
            let published = try await client.call(.post, "/posts?caption=hi", as: ada, body: photo)
            let post = try published.decoded(Post.self)
            #expect(published.headers[.location] == "/api/posts/\(post.id)")
            let comment = try await client.call(
                .post, "/posts/\(post.id)/comments", as: bob, json: CommentRequest(text: "nice"))
            #expect(comment.headers[.location] == "/api/comments/\(try comment.decoded(PostComment.self).id)")
            let sent = try await client.call(
                .post, "/users/\(bob.user.id)/messages", as: ada, json: MessageRequest(text: "hi"))
            #expect(
                sent.headers[.location]
                    == "/api/conversations/\(try sent.decoded(Message.self).conversationID)/messages")
            let recipe = try await client.call(.post, "/recipes", as: ada, json: RecipeRoutesTests.draft("Bowl"))
            #expect(recipe.headers[.location] == "/api/recipes/\(try recipe.decoded(Recipe.self).id)")
            let session = try await client.call(
                .post, "/sessions", json: SignInRequest(email: "ada@example.com", password: SocialTestHarness.password))
            #expect(session.status == .created && session.headers[.location] == "/api/sessions/current")
            // Each Location that has a GET answers it.
            for location in [published.headers[.location], recipe.headers[.location], sent.headers[.location]] {
                let path = try #require(location).dropFirst("/api".count)
                #expect(try await client.call(.get, String(path), as: ada).status == .ok, "\(path)")
            }
        }
    }

    @Test("CORS: configured origins get preflights answered and responses marked; others nothing")
    func cors() async throws {
        let origin = "https://app.example.com"
        let fixture = HTTPFixture(allowedOrigins: [origin])
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            let preflight = try await client.call(
                .options, "/feed/home",
                headers: [
                    .origin: origin, .accessControlRequestMethod: "GET", .accessControlRequestHeaders: "authorization",
                ])
            #expect(preflight.status == .noContent)
            #expect(preflight.headers[.accessControlAllowOrigin] == origin)
            #expect(preflight.headers[.accessControlAllowHeaders]?.contains("authorization") == true)
            #expect(preflight.headers[.accessControlAllowMethods]?.contains("DELETE") == true)
            let feed = try await client.call(.get, "/feed/home", as: ada, headers: [.origin: origin])
            #expect(feed.status == .ok && feed.headers[.accessControlAllowOrigin] == origin)
            #expect(feed.headers[.accessControlExposeHeaders]?.contains("Location") == true)
            let stranger = try await client.call(
                .get, "/feed/home", as: ada, headers: [.origin: "https://evil.example"])
            #expect(stranger.status == .ok && stranger.headers[.accessControlAllowOrigin] == nil)
            let strangerPreflight = try await client.call(
                .options, "/feed/home", headers: [.origin: "https://evil.example", .accessControlRequestMethod: "GET"])
            #expect(strangerPreflight.headers[.accessControlAllowOrigin] == nil)
            #expect(strangerPreflight.status == .methodNotAllowed)
        }
        // By default no origin is allowed.
        let closed = HTTPFixture()
        try await closed.test { client in
            let preflight = try await client.call(
                .options, "/feed/home", headers: [.origin: origin, .accessControlRequestMethod: "GET"])
            #expect(preflight.headers[.accessControlAllowOrigin] == nil)
        }
    }

    @Test("GET /filters lists the names a post may use, without a session")
    func filters() async throws {
        let fixture = HTTPFixture(photos: MockPhotoProcessor(filters: ["Vintage", "black-and-white"]))
        try await fixture.test { client in
            let response = try await client.call(.get, "/filters")
            #expect(response.status == .ok)
            let list =
                try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: [String]]
            #expect(list == ["filters": ["black-and-white", "vintage"]])
        }
    }
}
