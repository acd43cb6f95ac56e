import Foundation
import SocialModel
import SocialModelMail
import Testing

/// Czech addresses a person in the vocative ("Dobrý den, Jano,"), which the SDK cannot form for
/// any name, so the Czech greeting names the account without addressing it; Slovak addresses in
/// the nominative ("Dobrý deň, Jana,"), which needs no declension.
@Suite("Mail greetings that need no declension of the name")
struct MailGreetingNameTests {
    private func text(_ language: String, name: String?) throws -> String {
        let composer = MailComposer(
            sender: try MailAddress("noreply@recipes.example"), appName: "Recepty",
            links: MailLinks(baseURL: URL(string: "https://recipes.example/account")!),
            templates: .standard(for: Locale(identifier: language)), uniqueID: { "id" })
        return try composer.compose(
            MailMessage(
                to: "x@example.com", recipientName: name, subject: "s", body: "b", purpose: .passwordChanged,
                token: nil, sentAt: Date(timeIntervalSince1970: 0))
        ).text
    }

    @Test("Names ending in -a, -e and a consonant appear as written, never as a Czech vocative address")
    func namesAsWritten() throws {
        for name in ["Jana", "Marie", "Kryštof"] {
            #expect(try text("cs", name: name).hasPrefix("Dobrý den (účet: \(name)),\n\n"))
            #expect(try text("sk", name: name).hasPrefix("Dobrý deň, \(name),\n\n"))
        }
        #expect(try text("cs", name: nil).hasPrefix("Dobrý den,\n\n"))
    }
}
