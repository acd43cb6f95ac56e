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
            .transport("connection refused"), .unexpectedResponse(status: 502, detail: "HTML"),
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
    }
}
