import Foundation
import HTTPTypes
import HummingbirdTesting
import SocialModel
import SocialModelAPI
import SocialModelTesting
import Testing

@testable import SocialModelHTTP

@Suite("Error messages in the language of Accept-Language")
struct LocalizationHTTPTests {
    @Test("The message follows Accept-Language (sk, cs, en, none); the code stays the same")
    func messageFollowsAcceptLanguage() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let wrong = SignInRequest(email: "nobody@example.com", password: "wrong-password-1")
            func message(_ acceptLanguage: String?) async throws -> (code: String?, message: String?) {
                var headers: HTTPFields = [:]
                if let acceptLanguage { headers[.acceptLanguage] = acceptLanguage }
                let answer = try await client.call(.post, "/sessions", json: wrong, headers: headers)
                #expect(answer.status == .unauthorized)
                return (answer.apiError?.code, answer.apiError?.message)
            }
            let slovak = try await message("sk-SK,sk;q=0.9,en;q=0.5")
            let czech = try await message("cs")
            let english = try await message("en-GB")
            let other = try await message("de-DE,fr;q=0.8")
            let none = try await message(nil)
            #expect(slovak.message == "e-mail alebo heslo je nesprávne")
            #expect(czech.message == "e-mail nebo heslo je nesprávné")
            #expect(english.message == "the email or password is wrong")
            #expect(other.message == english.message && none.message == english.message)
            #expect([slovak, czech, english, other, none].allSatisfy { $0.code == "invalid-credentials" })
        }
    }

    @Test("Rule violations are listed in the language")
    func violationsLocalized() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let bad = try await client.call(
                .post, "/accounts", json: Registration(email: "ada@example.com", username: "ada", password: "short"),
                headers: [.acceptLanguage: "cs"])
            #expect(bad.status == .unprocessableContent)
            let error = try #require(bad.apiError)
            #expect(error.code == "invalid")
            #expect(error.message.contains("heslo musí mít alespoň"))
        }
    }

    @Test("The HTTP layer's own messages follow Accept-Language; Content-Language names it; codes stay")
    func httpLayerMessages() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let ada = try await client.signUp("ada", in: fixture)
            // Each request with what its English message says, and a phrase of the Slovak and Czech ones.
            let cases: [(String, HTTPRequest.Method, String, Caller?, HTTPFields, Data?, [String: String])] = [
                (
                    "no token", .get, "/me", nil, [:], nil,
                    ["en": "sign in and send", "sk": "prihláste sa", "cs": "přihlaste se"]
                ),
                (
                    "no route", .get, "/nowhere", nil, [:], nil,
                    [
                        "en": "no route answers GET /api/nowhere", "sk": "neodpovedá žiadna cesta",
                        "cs": "neodpovídá žádná cesta",
                    ]
                ),
                (
                    "method not allowed", .delete, "/filters", ada, [:], nil,
                    ["en": "this path takes", "sk": "táto cesta berie", "cs": "tato cesta bere"]
                ),
                (
                    "unsupported media type", .post, "/sessions", nil, [.contentType: "text/json"], Data("{}".utf8),
                    ["en": "this route reads JSON", "sk": "táto cesta číta JSON", "cs": "tato cesta čte JSON"]
                ),
                (
                    "a missing member", .post, "/sessions", nil, [.contentType: "application/json"],
                    Data(#"{"email":"ada@example.com"}"#.utf8),
                    ["en": "'password' is missing", "sk": "chýba 'password'", "cs": "chybí 'password'"]
                ),
                (
                    "not JSON", .post, "/sessions", nil, [.contentType: "application/json"], Data("{".utf8),
                    ["en": "it is not valid JSON", "sk": "nie je to platný JSON", "cs": "není to platný JSON"]
                ),
                (
                    "a parameter out of range", .get, "/recipes?page=0", ada, [:], nil,
                    [
                        "en": "page must be a whole number from 1 to 2147483647",
                        "sk": "page musí byť celé číslo od 1 do 2147483647",
                        "cs": "page musí být celé číslo od 1 do 2147483647",
                    ]
                ),
            ]
            for (name, method, path, caller, headers, body, expected) in cases {
                var codes: Set<String> = []
                for (language, phrase) in expected {
                    var headers = headers
                    headers[.acceptLanguage] = language == "en" ? "en-US,en;q=0.9" : "\(language);q=0.9,en;q=0.5"
                    let answer = try await client.call(method, path, as: caller, body: body, headers: headers)
                    let error = try #require(answer.apiError, "\(name)")
                    #expect(error.message.contains(phrase), "\(name) in \(language): \(error.message)")
                    #expect(answer.headers[.contentLanguage] == language, "\(name) in \(language)")
                    codes.insert(error.code)
                }
                #expect(codes.count == 1, "\(name): \(codes)")
            }
        }
    }

    @Test("Each broken rule of a 422 is listed in the language, with its count's plural form")
    func fieldViolationsLocalized() async throws {
        let fixture = HTTPFixture()
        try await fixture.test { client in
            let bad = Registration(email: "ada@example.com", username: "ada", password: "short")
            let expected = [
                "en": "password must be at least", "sk": "heslo musí mať aspoň", "cs": "heslo musí mít alespoň",
            ]
            for (language, phrase) in expected {
                let answer = try await client.call(
                    .post, "/accounts", json: bad, headers: [.acceptLanguage: language])
                let error = try #require(answer.apiError)
                #expect(error.code == "invalid" && answer.headers[.contentLanguage] == language)
                let violation = try #require(error.violations?.first { $0.field == "password" })
                #expect(violation.message.contains(phrase), "\(language): \(violation.message)")
                #expect(violation.rule == "too-short")
            }
        }
    }

    @Test("Counts in the HTTP layer's messages take the plural form of 0, 1, 2–4 and 5+")
    func pluralForms() {
        func message(_ language: CountLanguage, _ make: () -> SocialAPIError) -> String {
            AnswerLanguage.$current.withValue(language) { make().message }
        }
        let seconds: [CountLanguage: [Int: String]] = [
            .english: [0: "0 seconds", 1: "1 second", 3: "3 seconds", 5: "5 seconds"],
            .slovak: [0: "o 0 sekúnd", 1: "o 1 sekundu", 3: "o 3 sekundy", 5: "o 5 sekúnd"],
            .czech: [0: "za 0 sekund", 1: "za 1 sekundu", 3: "za 3 sekundy", 5: "za 5 sekund"],
        ]
        for (language, forms) in seconds {
            for (count, phrase) in forms {
                let text = message(language) { .tooManyRequests(retryAfter: count) }
                #expect(text.hasSuffix(phrase), "\(language) \(count): \(text)")
            }
        }
        let parts: [CountLanguage: [Int: String]] = [
            .english: [1: "more than 1 part", 4: "more than 4 parts", 8: "more than 8 parts"],
            .slovak: [1: "viac ako 1 časť", 4: "viac ako 4 časti", 8: "viac ako 8 častí"],
            .czech: [1: "víc než 1 část", 4: "víc než 4 části", 8: "víc než 8 částí"],
        ]
        for (language, forms) in parts {
            for (count, phrase) in forms {
                let text = message(language) { .bodyTooLarge("parts", count: count) }
                #expect(text.hasSuffix(phrase), "\(language) \(count): \(text)")
            }
        }
    }

    @Test("Every key of the HTTP layer's messages is in English, Slovak and Czech")
    func everyKeyInEveryLanguage() {
        #expect(HTTPMessages.table.problems() == [])
        #expect(HTTPMessages.table.keys(.english).count > 40)
    }
}
