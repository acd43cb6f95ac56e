import Foundation
import HTTPTypes
import HummingbirdTesting
import SocialModel
import SocialModelAPI
import SocialModelHTTP
import SocialModelTesting
import Testing

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
}
