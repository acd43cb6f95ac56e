import Foundation
import SocialClient
import SocialModel
import SocialModelAPI
import Testing

@Suite("SocialClient in English, Slovak and Czech")
struct LocalizationClientTests {
    @Test("Every key exists in en, sk and cs; each error in the three languages")
    func everyError() {
        #expect(MessageTable.socialClient.problems() == [])
        let errors: [SocialClientError] = [
            .transport("connection refused"), .liveUpdatesClosed, .unbuildableRequest(detail: "x"),
            .unexpectedResponse(status: 502, detail: "HTML"), .unexpectedResponse(status: 0, detail: ""),
            .undecodableBody(type: "Post", detail: "keyNotFound"),
        ]
        for error in errors {
            let texts = ["en", "sk", "cs"].map { error.localizedDescription(for: Locale(identifier: $0)) }
            #expect(texts[0] == error.description)
            #expect(texts[1] != texts[0] && texts[2] != texts[0], "\(error)")
        }
        // The server's message is already in the language asked for; the client keeps it as it is.
        let api = SocialClientError.api(
            SocialAPIError(status: 401, code: "unauthorized", message: "relace je neplatná nebo vypršela"))
        #expect(
            api.localizedDescription(for: Locale(identifier: "cs"))
                == "unauthorized (401): relace je neplatná nebo vypršela")
        #expect(api.localizedDescription(for: Locale(identifier: "en")) == api.description)
        // The system's words are marked, never inside the translated sentence.
        #expect(
            SocialClientError.transport("Connection refused").localizedDescription(for: Locale(identifier: "sk"))
                == "server je nedostupný (technický detail: „Connection refused“)")
        #expect(
            SocialClientError.transport("Connection refused").description
                == "cannot reach the server: Connection refused")
    }

    @Test("The client asks for its locale's language (Accept-Language) and gets the server's messages in it")
    func serverMessagesInTheClientsLanguage() async throws {
        let expected = [
            "sk_SK": "e-mail alebo heslo je nesprávne", "cs": "e-mail nebo heslo je nesprávné",
            "en_GB": "the email or password is wrong", "de_DE": "the email or password is wrong",
        ]
        for (identifier, message) in expected {
            try await LoopbackServer().run(locale: Locale(identifier: identifier)) { client, _ in
                do {
                    _ = try await client.signIn(email: "nobody@example.com", password: "wrong-password-1")
                    Issue.record("signed in with a wrong password")
                } catch SocialClientError.api(let answer) {
                    #expect(answer.code == "invalid-credentials" && answer.message == message, "\(identifier)")
                } catch {
                    Issue.record("\(identifier): \(error)")
                }
            }
        }
    }
}
