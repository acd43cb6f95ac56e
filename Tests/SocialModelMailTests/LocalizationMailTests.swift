import Foundation
import SocialModel
import SocialModelMail
import Testing

@Suite("Mail templates in English, Slovak and Czech")
struct LocalizationMailTests {
    private let links = MailLinks(baseURL: URL(string: "https://recipes.example/account")!)

    private func compose(_ purpose: MailMessage.Purpose, _ language: String, name: String? = "Ana") throws
        -> MIMEMessage
    {
        let composer = MailComposer(
            sender: try MailAddress("noreply@recipes.example"), appName: "Recepty", links: links,
            templates: .standard(for: Locale(identifier: language)), uniqueID: { "id" })
        return try composer.compose(
            MailMessage(
                to: "ana@example.com", recipientName: name, subject: "s", body: "b", purpose: purpose, token: "abc",
                sentAt: Date(timeIntervalSince1970: 0)))
    }

    @Test("Every key of the mail table exists in en, sk and cs, with the same placeholders")
    func everyKeyInEveryLanguage() {
        #expect(MessageTable.socialModelMail.problems() == [])
    }

    @Test("Every purpose in three languages: its own subject and text, the link and the name filled in")
    func everyPurpose() throws {
        for purpose in MailMessage.Purpose.allCases {
            let mails = try ["en", "sk", "cs"].map { try compose(purpose, $0) }
            #expect(Set(mails.map(\.subject)).count == 3)
            #expect(Set(mails.map(\.text)).count == 3)
            for mail in mails {
                #expect(mail.subject.contains("Recepty"))
                #expect(!mail.text.contains("{{") && mail.html?.contains("{{") == false)
                #expect(mail.text.hasSuffix("— Recepty\n"))
            }
        }
        let english = try compose(.emailVerification, "en")
        #expect(english.text == (try compose(.emailVerification, "en-GB")).text)
        #expect(english.text.hasPrefix("Hello Ana,"))
        let slovak = try compose(.emailVerification, "sk")
        #expect(slovak.subject == "Potvrďte svoju e-mailovú adresu pre Recepty")
        #expect(slovak.text.hasPrefix("Dobrý deň, Ana,\n\nPotvrďte, prosím, adresu ana@example.com"))
        #expect(slovak.text.contains("\nhttps://recipes.example/account/verify-email?token=abc\n"))
        let czech = try compose(.passwordChanged, "cs", name: nil)
        #expect(czech.subject == "Vaše heslo pro Recepty bylo změněno")
        #expect(czech.text.hasPrefix("Dobrý den,\n\nHeslo k vašemu účtu Recepty bylo právě změněno"))
    }

    @Test("The English standard templates are the ones MailTemplates.standard has always had")
    func englishUnchanged() throws {
        let mail = try compose(.passwordReset, "en")
        #expect(mail.subject == "Reset your Recepty password")
        #expect(mail.text.contains("If it was not you, ignore this message: your password stays as it is."))
    }
}

@Suite("Mail delivery errors in English, Slovak and Czech")
struct LocalizationMailDeliveryErrorTests {
    @Test("Every case reads in English as its log description, and in Slovak and Czech otherwise")
    func everyError() {
        let errors: [MailDeliveryError] = [
            .invalidMessage("no recipient"), .invalidConfiguration("no host"),
            .connectionFailed(host: "smtp.example", port: 587, reason: "refused"), .timedOut(.greeting),
            .connectionClosed(.data), .malformedReply(.hello, "garbage"), .tlsFailed("handshake"),
            .serverUnsuitable("no STARTTLS"), .transferAgentFailed(status: 75, output: ""),
            .transferAgentFailed(status: 69, output: "refused"), .transferAgentUnavailable("not installed"),
        ]
        for error in errors {
            let texts = ["en", "sk", "cs"].map { error.localizedDescription(for: Locale(identifier: $0)) }
            #expect(texts[0] == error.description)
            #expect(texts[1] != texts[0] && texts[2] != texts[0], "\(error)")
        }
        #expect(
            MailDeliveryError.timedOut(.greeting).localizedDescription(for: Locale(identifier: "cs"))
                == "server neodpověděl včas (greeting)")
    }
}
