import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import SocialModel
import SocialModelAPI
@_spi(Fuzzing) import SocialModelHTTPParsing
import SocialModelMocks
import Testing

@testable import SocialModelHTTP

/// Bodies are bounded while they are read (issue 46): a JSON body's shape before it is decoded,
/// a multipart body's part count, and the media type before anything is read.
@Suite("Body limits")
struct BodyLimitsTests {
    /// A recipe draft's JSON with `count` empty ingredients.
    static func recipe(ingredients count: Int) -> Data {
        let ingredients = Array(repeating: "\"\"", count: count).joined(separator: ",")
        return Data(#"{"name":"Bread","preparationMinutes":60,"ingredients":[\#(ingredients)],"steps":["Bake"]}"#.utf8)
    }

    static let json: HTTPFields = [.contentType: "application/json"]

    @Test("a recipe with thousands of empty ingredients is refused by its shape, before it is decoded")
    func tooManyEntries() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            let refused = try await client.call(
                .post, "/recipes", as: ada, body: Self.recipe(ingredients: 5_000), headers: Self.json)
            #expect(refused.status == .contentTooLarge && refused.apiError?.code == "body-too-large")
            #expect(refused.apiError?.message.contains("more than 1000 entries") == true)
            // Within the bound the model's own rule answers (50 ingredients at most).
            let invalid = try await client.call(
                .post, "/recipes", as: ada, body: Self.recipe(ingredients: 60), headers: Self.json)
            #expect(invalid.status == .unprocessableContent)
        }
    }

    @Test("the shape scanner stops at the first bound passed, whatever follows")
    func scannerStopsEarly() throws {
        var scanner = JSONShapeScanner(limits: JSONShapeLimits())
        let head = #"{"ingredients":["# + String(repeating: "\"\",", count: 1_001)
        #expect(throws: JSONShapeExceeded.self) { try scanner.feed(head.utf8) }

        var deep = JSONShapeScanner(limits: JSONShapeLimits())
        #expect(throws: JSONShapeExceeded.self) { try deep.feed(String(repeating: "[", count: 33).utf8) }
        var number = JSONShapeScanner(limits: JSONShapeLimits())
        #expect(throws: JSONShapeExceeded.self) {
            try number.feed(("[" + String(repeating: "1", count: 300)).utf8)
        }
    }

    @Test("long strings: refused unless the member may be large (a recipe's base64 photo); escapes do not end them")
    func longStrings() throws {
        let long = String(repeating: "A", count: 100_000)
        var photo = JSONShapeLimits()
        photo.largeStringKeys = RecipeDraft.largeStringKeys
        var allowed = JSONShapeScanner(limits: photo)
        // Fed in two chunks, split inside the long string.
        let text = #"{"name":"a \"quoted\" name","photo":""# + long + #"","steps":["x"]}"#
        let bytes = Array(text.utf8)
        try allowed.feed(bytes[..<50_000])
        try allowed.feed(bytes[50_000...])

        var refused = JSONShapeScanner(limits: photo)
        #expect(throws: JSONShapeExceeded.self) { try refused.feed((#"{"name":""# + long + "\"}").utf8) }
        // A key named like the large member inside an array's object is still only that member.
        var keyOnly = JSONShapeScanner(limits: photo)
        #expect(throws: JSONShapeExceeded.self) {
            try keyOnly.feed((#"{"photo":"x","steps":[""# + long + "\"]}").utf8)
        }
    }

    @Test("JSON routes read only JSON media types; the others answer 415 before reading")
    func jsonMediaType() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let body = try SocialJSON.encoder().encode(SignInRequest(email: "a@example.com", password: "x"))
            for type in ["text/json", "text/plain", "application/x-www-form-urlencoded", nil] {
                let headers: HTTPFields = type.map { [.contentType: $0] } ?? [:]
                let response = try await client.call(.post, "/sessions", body: body, headers: headers)
                #expect(response.status == .unsupportedMediaType, "\(type ?? "none")")
                #expect(response.apiError?.code == "unsupported-media-type")
            }
            for type in ["application/json", "application/json; charset=utf-8", "application/vnd.analog+json"] {
                let response = try await client.call(.post, "/sessions", body: body, headers: [.contentType: type])
                #expect(response.status == .unauthorized, "\(type)")
            }
        }
    }

    @Test("photo routes take images, octet streams and forms; JSON, or a body opening like it, is 415")
    func photoMediaType() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            let json = Data(#"{"caption":"not a photo"}"#.utf8)
            for (type, body) in [("text/json", json), ("application/json", json), ("text/plain", json), (nil, json)] {
                let headers: HTTPFields = type.map { [.contentType: $0] } ?? [:]
                let response = try await client.call(.post, "/posts", as: ada, body: body, headers: headers)
                #expect(response.status == .unsupportedMediaType, "\(type ?? "none")")
            }
            let photo = MockPhotoProcessor.photo(width: 40, height: 30)
            for type in ["image/jpeg", "application/octet-stream", nil] {
                let headers: HTTPFields = type.map { [.contentType: $0] } ?? [:]
                let response = try await client.call(.post, "/posts", as: ada, body: photo, headers: headers)
                #expect(response.status == .created, "\(type ?? "none")")
            }
        }
    }

    @Test("a multipart body: its parameters in any order, and at most eight parts")
    func multipartParts() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            let photo = MockPhotoProcessor.photo(width: 40, height: 30)
            let boundary = MultipartUploadTests.boundary
            let charsetFirst: HTTPFields = [
                .contentType: "multipart/form-data; charset=utf-8; boundary=\"\(boundary)\""
            ]
            let published = try await client.call(
                .post, "/posts", as: ada, body: MultipartUploadTests.form(photo: photo, fields: [("caption", "Hi")]),
                headers: charsetFirst)
            #expect(published.status == .created)

            let fields = (0..<8).map { ("field\($0)", "") }
            let tooMany = try await client.call(
                .post, "/posts", as: ada, body: MultipartUploadTests.form(photo: photo, fields: fields),
                headers: MultipartUploadTests.formType)
            #expect(tooMany.status == .contentTooLarge && tooMany.apiError?.message.contains("parts") == true)
        }
    }
}
