import Foundation
import SocialModel
import SocialModelIdentity
import Testing

@Suite("SocialModelIdentity in English, Slovak and Czech")
struct LocalizationIdentityTests {
    @Test("Every key exists in en, sk and cs; every rejection reads in English as its description")
    func everyRejection() {
        #expect(MessageTable.socialModelIdentity.problems() == [])
        for rejection in TokenRejection.allCases {
            let texts = ["en", "sk", "cs"].map { rejection.localizedDescription(for: Locale(identifier: $0)) }
            #expect(texts[0] == rejection.description)
            #expect(texts[1] != texts[0] && texts[2] != texts[0], "\(rejection)")
        }
        #expect(
            TokenRejection.expired.localizedDescription(for: Locale(identifier: "sk")) == "platnosť tokenu vypršala")
        #expect(
            TokenRejection.wrongAudience.localizedDescription(for: Locale(identifier: "cs"))
                == "token byl vydán pro jinou aplikaci")
    }
}
