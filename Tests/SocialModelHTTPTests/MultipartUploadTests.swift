import Foundation
import Hummingbird
import HummingbirdTesting
import SocialModel
import SocialModelAPI
import SocialModelHTTP
import SocialModelMocks
import Testing

/// Photo uploads as multipart/form-data, beside the raw body: posts, avatars and photo messages.
@Suite("Multipart photo uploads")
struct MultipartUploadTests {
    static let boundary = "AnalogKit-7f3a9c"

    /// A multipart/form-data body, written out by hand so the test does not lean on the parser it checks.
    static func form(photo: Data?, fields: [(String, String)] = []) -> Data {
        var body = Data()
        for (name, value) in fields {
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        if let photo {
            body += Data(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"roll.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n"
                    .utf8)
            body += photo + Data("\r\n".utf8)
        }
        return body + Data("--\(boundary)--\r\n".utf8)
    }

    static let formType: HTTPFields = [.contentType: "multipart/form-data; boundary=\(boundary)"]

    @Test("a post, an avatar and a photo message as multipart/form-data")
    func uploads() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            let bo = try await client.signUp("bob", in: fixture)
            let photo = MockPhotoProcessor.photo(width: 400, height: 300)
            let published = try await client.call(
                .post, "/posts", as: ada,
                body: Self.form(photo: photo, fields: [("caption", "Ektar at dusk"), ("filter", "vintage")]),
                headers: Self.formType)
            #expect(published.status == .created)
            let post = try published.decoded(Post.self)
            #expect(post.caption == "Ektar at dusk" && post.filter == "vintage" && post.width == 64)

            let avatar = try await client.call(
                .put, "/me/avatar", as: ada, body: Self.form(photo: photo), headers: Self.formType)
            #expect(avatar.status == .ok)
            #expect(try avatar.decoded(User.self).avatar != nil)

            let sent = try await client.call(
                .post, "/users/\(bo.user.id)/messages", as: ada,
                body: Self.form(photo: photo, fields: [("text", "for you")]),
                headers: Self.formType)
            #expect(sent.status == .created)
            let message = try sent.decoded(Message.self)
            #expect(message.hasPhoto && message.text == "for you")
        }
    }

    @Test("a photo part over the limit, no photo part, no boundary and junk are refused; nothing is kept")
    func refused() async throws {
        let fixture = HTTPFixture(limits: SocialHTTPLimits(photoBodyBytes: 4096))
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            let large = try await client.call(
                .post, "/posts", as: ada, body: Self.form(photo: Data(count: 5000)), headers: Self.formType)
            #expect(large.status == .contentTooLarge && large.apiError?.code == "body-too-large")
            let missing = try await client.call(
                .post, "/posts", as: ada, body: Self.form(photo: nil, fields: [("caption", "no photo")]),
                headers: Self.formType)
            #expect(missing.status == .badRequest && missing.apiError?.code == "malformed-body")
            let noBoundary = try await client.call(
                .post, "/posts", as: ada, body: Self.form(photo: Data("x".utf8)),
                headers: [.contentType: "multipart/form-data"])
            #expect(noBoundary.apiError?.code == "malformed-body")
            for junk in [Data("--\(Self.boundary)\r\nContent-Disp".utf8), Data(count: 300), Data("\r\n\r\n--".utf8)] {
                let response = try await client.call(.post, "/posts", as: ada, body: junk, headers: Self.formType)
                #expect((400..<500).contains(response.status.code) && response.apiError != nil, "\(response.status)")
            }
            let unusable = try await client.call(
                .post, "/posts", as: ada, body: Self.form(photo: Data("not a photo".utf8)), headers: Self.formType)
            #expect(unusable.apiError?.code == "photo-unusable")
            let feed = try await client.call(.get, "/feed/home", as: ada).decoded(CursorPage<PostView, FeedCursor>.self)
            #expect(feed.items.isEmpty)
        }
    }
}
