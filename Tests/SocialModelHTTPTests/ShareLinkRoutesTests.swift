import Foundation
import HTTPTypes
import HummingbirdTesting
import SocialModel
import SocialModelAPI
import SocialModelHTTP
import SocialModelMocks
import Testing

@Suite("Public share links of posts over HTTP")
struct ShareLinkRoutesTests {
    static func text(_ response: TestResponse) -> String {
        String(decoding: response.body.readableBytesView, as: UTF8.self)
    }

    @Test("The author creates a link (201, Location); anyone opens its HTML page and photo; revoked, both answer 404")
    func createOpenRevoke() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ana = try await client.signUp("ana", in: fixture)
            let ben = try await client.signUp("ben", in: fixture)
            let post = try await client.publish(as: ana, caption: "<script>alert(1)</script> & \"Dunaj\"")
            #expect(try await client.call(.put, "/posts/\(post.id)/like", as: ben).status == .ok)

            let created = try await client.call(.post, "/posts/\(post.id)/share-links", as: ana)
            #expect(created.status == .created)
            let link = try created.decoded(CreatedShareLink.self)
            #expect(created.headers[.location] == "/api/share-links/\(link.id)")
            #expect(ShareLinkService.isWellFormed(link.token) && link.postID == post.id)

            // Only the author shares and revokes; without a session, neither.
            #expect(try await client.call(.post, "/posts/\(post.id)/share-links", as: ben).status == .forbidden)
            #expect(try await client.call(.delete, "/share-links/\(link.id)", as: ben).status == .forbidden)
            #expect(try await client.call(.post, "/posts/\(post.id)/share-links").status == .unauthorized)

            let page = try await client.call(.get, "/p/\(link.token)")
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            let policy = try #require(page.headers[.contentSecurityPolicy])
            #expect(policy.contains("default-src 'none'") && policy.contains("img-src 'self'"))
            #expect(!policy.contains("unsafe-inline") && !policy.contains("script-src"))
            #expect(page.headers[.cacheControl] == "public, no-cache")
            let html = Self.text(page)
            #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
            // Every value is escaped: the caption's markup is text, never a script.
            #expect(
                !html.contains("<script")
                    && html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Dunaj&quot;"))
            #expect(html.contains("alt=\"Photo by ana\""))
            // The harness's sizes are 64 and 16 (the mock photo is 400 × 300): widths as served, largest as src.
            let photos = "/api/p/\(link.token)/photo"
            #expect(html.contains("src=\"\(photos)/64\" srcset=\"\(photos)/16 16w, \(photos)/64 64w\""))
            #expect(html.contains("width=\"64\" height=\"48\""))
            #expect(html.contains("<meta property=\"og:image\" content=\"http://localhost\(photos)/64\">"))
            #expect(html.contains("<meta property=\"og:url\" content=\"http://localhost/api/p/\(link.token)\">"))
            #expect(html.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"))
            #expect(html.contains("<meta property=\"og:title\" content=\"Photo by ana\">"))
            #expect(html.contains("1 like</span>") && html.contains("0 comments</span>"))
            // Nothing private: not the email address.
            #expect(!html.contains("ana@example.com") && !html.contains(ben.user.id.rawValue))

            // Revalidation costs a 304; HEAD answers the headers alone.
            let tag = try #require(page.headers[.eTag])
            let again = try await client.call(.get, "/p/\(link.token)", headers: [.ifNoneMatch: tag])
            #expect(again.status == .notModified && again.body.readableBytes == 0)
            let head = try await client.call(.head, "/p/\(link.token)")
            #expect(head.status == .ok && head.body.readableBytes == 0 && head.headers[.eTag] == tag)

            let photo = try await client.call(.get, "/p/\(link.token)/photo/16")
            #expect(photo.status == .ok && photo.headers[.contentType] == "image/jpeg")
            #expect(try await client.call(.get, "/p/\(link.token)/photo/17").status == .notFound)

            #expect(try await client.call(.delete, "/share-links/\(link.id)", as: ana).status == .noContent)
            let gone = try await client.call(.get, "/p/\(link.token)")
            #expect(gone.status == .notFound && gone.headers[.contentType] == "text/html; charset=utf-8")
            #expect(Self.text(gone).contains("<title>Link not available</title>"))
            #expect(try await client.call(.get, "/p/\(link.token)/photo/16").status == .notFound)
            #expect(try await client.call(.delete, "/share-links/\(link.id)", as: ana).status == .notFound)
        }
    }

    @Test("The page's language follows Accept-Language, plural forms included; a malformed token is the 404 page")
    func languageAndMalformedTokens() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ana = try await client.signUp("ana", in: fixture)
            let post = try await client.publish(as: ana, caption: "Tatry")
            var likers: [Caller] = []
            for name in ["ben", "cyril", "dana"] { likers.append(try await client.signUp(name, in: fixture)) }
            for liker in likers { _ = try await client.call(.put, "/posts/\(post.id)/like", as: liker) }
            let link = try await client.call(.post, "/posts/\(post.id)/share-links", as: ana)
                .decoded(CreatedShareLink.self)
            let slovak = Self.text(try await client.call(.get, "/p/\(link.token)", headers: [.acceptLanguage: "sk-SK"]))
            #expect(
                slovak.contains("<html lang=\"sk\">") && slovak.contains("3 lajky") && slovak.contains("0 komentárov"))
            #expect(slovak.contains("alt=\"Fotografia (autor: ana)\""))
            let czech = Self.text(try await client.call(.get, "/p/\(link.token)", headers: [.acceptLanguage: "cs"]))
            #expect(czech.contains("<html lang=\"cs\">") && czech.contains("3 lajky") && czech.contains("0 komentářů"))
            for token in [
                "short", String(repeating: "a", count: 44), String(repeating: "%2F", count: 43),
                String(repeating: "a", count: 4000),
            ] {
                let answer = try await client.call(.get, "/p/\(token)", headers: [.acceptLanguage: "cs"])
                #expect(answer.status == .notFound, "\(token.prefix(10))")
                #expect(Self.text(answer).contains("<title>Odkaz není dostupný</title>"))
            }
        }
    }

    @Test("A post has at most 10 live links (409, message in the asked language); the page is rate-limited")
    func limits() async throws {
        let fixture = HTTPFixture(limits: SocialHTTPLimits(rateLimit: SocialRateLimit(requestsPerSecond: 1, burst: 40)))
        try await ClientLimitsTests.serve(fixture) { client in
            let ana = try await client.signUp("ana", in: fixture)
            let post = try await client.publish(as: ana)
            var token = ""
            for _ in 0..<10 {
                let created = try await client.call(.post, "/posts/\(post.id)/share-links", as: ana)
                #expect(created.status == .created)
                token = try created.decoded(CreatedShareLink.self).token
            }
            let refused = try await client.call(
                .post, "/posts/\(post.id)/share-links", as: ana, headers: [.acceptLanguage: "sk"])
            #expect(refused.status == .conflict && refused.apiError?.code == "too-many-share-links")
            #expect(refused.apiError?.message.hasPrefix("príspevok môže mať najviac 10 platných odkazov") == true)
            // The same limiter as every route: a client fetching pages without end is refused.
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<40 { statuses.append(try await client.call(.get, "/p/\(token)").status) }
            #expect(statuses.contains(.tooManyRequests))
        }
    }

    @Test("A suspended author's page answers 404 (page and photo); once the suspension has lapsed it opens again")
    func suspendedAuthor() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ana = try await client.signUp("ana", in: fixture)
            let moderator = try await client.signUp("moderator", in: fixture)
            try await fixture.harness.network.setModerator(userID: moderator.user.id, true)
            let post = try await client.publish(as: ana, caption: "Tatry")
            let link = try await client.call(.post, "/posts/\(post.id)/share-links", as: ana)
                .decoded(CreatedShareLink.self)
            #expect(try await client.call(.get, "/p/\(link.token)").status == .ok)
            let report = ReportRequest(target: .user(ana.user.id), reason: .harassment)
            #expect(try await client.call(.post, "/reports", as: moderator, json: report).status == .noContent)
            let queued = try #require(
                try await client.call(.get, "/moderation/reports", as: moderator)
                    .decoded(CursorPage<Report, KeysetCursor>.self).items.first)
            let suspension = ModerationDecisionRequest(
                decision: .accountSuspended, reason: "abuse", until: fixture.harness.clock.now() + 3600)
            let decided = try await client.call(
                .post, "/moderation/reports/\(queued.id)/decision", as: moderator, json: suspension)
            #expect(decided.status == .ok)
            let hidden = try await client.call(.get, "/p/\(link.token)")
            #expect(hidden.status == .notFound && Self.text(hidden).contains("<title>Link not available</title>"))
            #expect(try await client.call(.get, "/p/\(link.token)/photo/16").status == .notFound)
            fixture.harness.clock.advance(by: 3601)
            #expect(try await client.call(.get, "/p/\(link.token)").status == .ok)
            #expect(try await client.call(.get, "/p/\(link.token)/photo/16").status == .ok)
        }
    }
}
