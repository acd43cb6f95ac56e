import Foundation
import Hummingbird
import HummingbirdTesting
import SeededRandom
import SocialModel
import SocialModelAPI
import SocialModelHTTP
import SocialModelMocks
import Testing

/// The one parser of query and path parameters: form decoding, whole numbers held to the ranges
/// the OpenAPI document gives, and services that take any number they are handed without trapping.
@Suite("Query and path parameters")
struct QueryParameterTests {
    @Test("a recipe page number near Int.max is refused over HTTP and an empty page in the service")
    func hugePageNumbers() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            _ = try await client.call(.post, "/recipes", as: ada, json: RecipeRoutesTests.draft("Rice bowl"))
            for path in ["/recipes", "/me/liked-recipes"] {
                for page in ["9223372036854775807", "9223372036854775808", "2147483648", "-9223372036854775808", "0"] {
                    let response = try await client.call(.get, "\(path)?page=\(page)", as: ada)
                    #expect(response.status == .badRequest, "\(path)?page=\(page)")
                    #expect(response.apiError?.code == "invalid-parameter", "\(path)?page=\(page)")
                }
                let last = try await client.call(.get, "\(path)?page=2147483647", as: ada)
                #expect(last.status == .ok)
                #expect(try last.decoded(RecipePage.self).recipes.isEmpty)
            }
        }
        // The service is safe on its own, for callers that do not come through the routes.
        let recipes = fixture.harness.recipes
        for number in [Int.max, Int.max / 10 + 1, Int.max / 10] {
            let page = try await recipes.page(number)
            #expect(page.recipes.isEmpty && page.number == number && page.totalCount == 1 && page.pageCount == 1)
        }
        let cyd = try await fixture.harness.signedIn("cyd")
        #expect(try await cyd.recipes.likedPage(Int.max).recipes.isEmpty)
        await #expect(throws: RecipeError.invalidPage(Int.min)) { try await recipes.page(Int.min) }
    }

    @Test("query text is form-decoded once: + is a space, %2B a plus, bad escapes are refused")
    func formDecoding() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            let photo = MockPhotoProcessor.photo(width: 400, height: 300)
            let spaced = try await client.call(.post, "/posts?caption=sunset+at+the+beach", as: ada, body: photo)
            #expect(try spaced.decoded(Post.self).caption == "sunset at the beach")
            let plus = try await client.call(.post, "/posts?caption=1%2B1%3D2+%C3%A9t%C3%A9", as: ada, body: photo)
            #expect(try plus.decoded(Post.self).caption == "1+1=2 été")
            let bob = try await client.signUp("bob", in: fixture)
            let message = try await client.call(
                .post, "/users/\(bob.user.id)/messages?text=see+you+soon", as: ada, body: photo)
            #expect(try message.decoded(Message.self).text == "see you soon")
            // A filter name with a space reaches the photo processor decoded.
            let filter = try await client.call(.post, "/posts?filter=no+such+stock", as: ada, body: photo)
            #expect(filter.apiError?.code == "unknown-filter")
            #expect(filter.apiError?.message.contains("no such stock") == true)
            for query in ["caption=%zz", "caption=%", "caption=%FF", "caption%FF=x"] {
                let refused = try await client.call(.post, "/posts?\(query)", as: ada, body: photo)
                #expect(refused.status == .badRequest && refused.apiError?.code == "invalid-parameter", "\(query)")
            }
        }
    }

    @Test("a NUL character in any query parameter is a typed 400 naming it, before any store sees it")
    func nulCharacters() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            for (path, name) in [
                ("/users?prefix=%00", "prefix"), ("/users?prefix=ad%00a", "prefix"), ("/hashtags?prefix=%00", "prefix"),
                ("/users?prefix=ada&after=a%00", "after"), ("/users?pre%00fix=ada", "the query"),
            ] {
                let refused = try await client.call(.get, path, as: ada, headers: [.acceptLanguage: "en"])
                #expect(refused.status == .badRequest && refused.apiError?.code == "invalid-parameter", "\(path)")
                #expect(refused.apiError?.message == "\(name) must be text without a NUL character (%00)", "\(path)")
            }
            let found = try await client.call(.get, "/users?prefix=ad", as: ada)
            #expect(try found.decoded(CursorPage<User, String>.self).items.map(\.id) == [ada.user.id])
        }
    }

    @Test("an explore cursor needs the seed it was made with")
    func exploreCursorNeedsItsSeed() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            let bob = try await client.signUp("bob", in: fixture)
            for caption in ["one", "two", "three"] { _ = try await client.publish(as: bob, caption: caption) }
            let first = try await client.call(.get, "/feed/explore?seed=42&limit=2", as: ada)
                .decoded(CursorPage<PostView, ExploreCursor>.self)
            let next = try #require(first.next)
            let second = try await client.call(.get, "/feed/explore?seed=42&limit=2&after=\(next)", as: ada)
            #expect(second.status == .ok)
            #expect(try second.decoded(CursorPage<PostView, ExploreCursor>.self).items.count == 1)
            for query in ["after=\(next)", "seed=7&after=\(next)"] {
                let refused = try await client.call(.get, "/feed/explore?\(query)&limit=2", as: ada)
                #expect(refused.status == .badRequest && refused.apiError?.code == "invalid-parameter", "\(query)")
            }
        }
    }

    @Test("photo sizes outside their documented range are refused, not looked up")
    func photoSizes() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            let post = try await client.publish(as: ada)
            #expect(try await client.call(.get, "/posts/\(post.id)/photo/64").status == .ok)
            #expect(try await client.call(.get, "/posts/\(post.id)/photo/320").status == .notFound)
            for size in ["0", "-320", "16385", "99999999999999999999", "３２０", "320.0"] {
                let response = try await client.call(.get, "/posts/\(post.id)/photo/\(size)")
                #expect(response.status == .badRequest && response.apiError?.code == "invalid-parameter", "\(size)")
            }
        }
    }
}

/// Random, huge, negative and non-ASCII values for every query and path parameter of every
/// operation in the OpenAPI document, and each documented bound just crossed.
@Suite("Parameter fuzzing over the route table")
struct ParameterFuzzTests {
    /// One documented parameter.
    struct Parameter {
        var name: String
        var location: String
        var isInteger: Bool
        var minimum: Decimal?
        var maximum: Decimal?
    }

    /// The document's operations as (method, path, parameters).
    static func operations() throws -> [(method: String, path: String, parameters: [Parameter])] {
        let object = try JSONSerialization.jsonObject(with: try SocialRoutes.openAPIDocument())
        let paths = try #require((object as? [String: Any])?["paths"] as? [String: [String: [String: Any]]])
        var operations: [(method: String, path: String, parameters: [Parameter])] = []
        for (path, item) in paths.sorted(by: { $0.key < $1.key }) {
            for (method, operation) in item.sorted(by: { $0.key < $1.key }) {
                let parameters = (operation["parameters"] as? [[String: Any]] ?? []).compactMap { parameter in
                    let schema = parameter["schema"] as? [String: Any] ?? [:]
                    return (parameter["name"] as? String).map { name in
                        Parameter(
                            name: name, location: parameter["in"] as? String ?? "",
                            isInteger: schema["type"] as? String == "integer",
                            minimum: (schema["minimum"] as? NSNumber)?.decimalValue,
                            maximum: (schema["maximum"] as? NSNumber)?.decimalValue)
                    }
                }
                operations.append((method.uppercased(), path, parameters))
            }
        }
        return operations
    }

    /// A random value: numbers of every size and sign, non-ASCII and control text, broken escapes.
    static func value(_ random: inout SplitMix64) -> String {
        let fixed = [
            "", "0", "-1", "1", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
            "18446744073709551616", "99999999999999999999999999999999", "1e309", "NaN", "+5", " 5", "0x10", "３",
            "日本語", "ｅxample", "e\u{301}", "\u{202E}evil", "\u{2028}", "🎞️", "%", "%zz", "%FF%FE", "%00", "+", "a+b",
            "%2B", "&", "=", "../..", String(repeating: "9", count: 400), String(repeating: "é", count: 300),
        ]
        switch random.next() % 3 {
        case 0: return fixed[Int(random.next() % UInt64(fixed.count))]
        case 1: return String(Int64(bitPattern: random.next()) >> (random.next() % 64))
        default:
            let scalars = (0..<Int(random.next() % 12)).compactMap { _ in
                Unicode.Scalar(UInt32(truncatingIfNeeded: random.next() % 0x3_0000))
            }
            return String(String.UnicodeScalarView(scalars))
        }
    }

    /// `text` escaped for a query or path, except that about half the time the already-escaped
    /// values above go through raw.
    static func escaped(_ text: String, _ random: inout SplitMix64) -> String {
        if random.next() % 2 == 0,
            text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0 != "#" && $0 != "?" && $0 != "/" })
        {
            return text
        }
        return text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }

    @Test("no value of any parameter of any operation is a server failure; crossing a documented bound is a 4xx")
    func fuzzEveryParameter() async throws {
        let fixture = HTTPFixture(limits: SocialHTTPLimits(rateLimit: nil))
        let operations = try Self.operations()
        #expect(operations.count >= 63)
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            let post = try await client.publish(as: ada)
            // Signing out or deleting the account would only turn the rest into 401s.
            let ending: Set<String> = [
                "DELETE /me", "DELETE /sessions/current", "DELETE /sessions", "PUT /me/password",
            ]
            var random = SplitMix64(seed: 46)
            var sent = 0
            for operation in operations where !ending.contains("\(operation.method) \(operation.path)") {
                let method = HTTPRequest.Method(operation.method)!
                for round in 0..<8 {
                    var path = operation.path
                    var query: [String] = []
                    for parameter in operation.parameters {
                        let text =
                            round == 0 && operation.method == "GET"
                            ? (parameter.isInteger ? "320" : post.id.rawValue) : Self.value(&random)
                        switch parameter.location {
                        case "path":
                            path = path.replacingOccurrences(
                                of: "{\(parameter.name)}", with: Self.escaped(text, &random))
                        case "query" where round == 0 || random.next() % 3 != 0:
                            query.append("\(parameter.name)=\(Self.escaped(text, &random))")
                        default: break
                        }
                    }
                    let target = path + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
                    let response = try await client.call(method, target, as: ada)
                    sent += 1
                    #expect(response.status.code < 500, "\(operation.method) \(target) answered \(response.status)")
                }
                // Each documented bound, crossed by one, is refused with the parameter named.
                for parameter in operation.parameters where parameter.isInteger {
                    let outside = [parameter.minimum.map { $0 - 1 }, parameter.maximum.map { $0 + 1 }].compactMap { $0 }
                    for value in outside {
                        var path = operation.path
                        var query = ""
                        for other in operation.parameters where other.location == "path" && other.name != parameter.name
                        {
                            path = path.replacingOccurrences(
                                of: "{\(other.name)}", with: other.isInteger ? "320" : post.id.rawValue)
                        }
                        if parameter.location == "path" {
                            path = path.replacingOccurrences(of: "{\(parameter.name)}", with: "\(value)")
                        } else {
                            query = "?\(parameter.name)=\(value)"
                        }
                        let response = try await client.call(method, path + query, as: ada)
                        sent += 1
                        let answer = "\(operation.method) \(path + query) answered \(response.status)"
                        if parameter.name == "limit" {
                            // The services hold it to their policy (422), after finding what is paged (404).
                            #expect((400..<500).contains(response.status.code), "\(answer)")
                        } else {
                            #expect(response.status == .badRequest, "\(answer)")
                            if method != .head {  // no body to read the code from
                                #expect(response.apiError?.code == "invalid-parameter", "\(answer)")
                            }
                        }
                    }
                }
            }
            #expect(sent > 500)
        }
    }
}
