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
        let messages: [MailMessageProblem] = [
            .addressLength(""), .addressWithoutAt("ada"), .localPartLength("@x"), .localPartNotPlain("a..b@x"),
            .domainNotHostName("a@-x"), .noRecipient, .invalidMessageID("id"), .invalidHeaderName,
            .reservedHeader("Date"), .noTemplate(purpose: "p"), .incompleteTemplates(purpose: "p"),
            .templateDoesNotCompile(part: "text", detail: "unclosed {{"), .templateUnreadable(path: "/t", detail: "x"),
        ]
        let configurations: [MailConfigurationProblem] = [
            .notAnSMTPURL, .unsupportedScheme, .unknownTLSMode("x"), .invalidClientName, .tlsSettings(detail: "x"),
            .startTLSWithoutTLSConfiguration, .linkBaseNotAbsolute,
        ]
        let shortcomings: [MailServerShortcoming] = [
            .noSTARTTLS, .messageTooLarge(bytes: 2, limit: 1), .authenticationWithoutTLS,
            .noUsableAuthentication(configured: ["PLAIN"]),
        ]
        let replies: [MalformedSMTPReply] = [
            .lineTooLong(limit: 4096), .tooManyLines(limit: 128), .notAReplyCode("SSH-2.0"),
            .inconsistentCodes(250, 251), .unasked(SMTPReply(code: 250, lines: ["x"])), .moreAfterSTARTTLS,
            .missingReplies(answered: 1, sent: 3),
        ]
        let errors: [MailDeliveryError] =
            messages.map { .invalidMessage($0) } + configurations.map { .invalidConfiguration($0) }
            + shortcomings.map { .serverUnsuitable($0) } + replies.map { .malformedReply(.hello, $0) } + [
                .connectionFailed(host: "smtp.example", port: 587, reason: "refused"), .timedOut(.greeting),
                .connectionClosed(.data), .tlsFailed("handshake"), .transferAgentFailed(status: 75, output: ""),
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

    @Test("The SDK's own reasons are translated; the system's words are marked as a technical detail")
    func reasonsAreTranslatedAndDetailsMarked() {
        let slovak = Locale(identifier: "sk")
        #expect(
            MailDeliveryError.serverUnsuitable(.messageTooLarge(bytes: 2_000, limit: 1_000))
                .localizedDescription(for: slovak)
                == "server sa nedá použiť: správa má 2000 bajtov; server prijme najviac 1000")
        #expect(
            MailDeliveryError.connectionFailed(host: "smtp.example", port: 587, reason: "Connection refused")
                .localizedDescription(for: Locale(identifier: "cs"))
                == "nelze se připojit k smtp.example:587 (technický detail: „Connection refused“)")
        #expect(
            MailDeliveryError.connectionFailed(host: "smtp.example", port: 587, reason: "Connection refused")
                .description == "cannot connect to smtp.example:587: Connection refused")
    }
}
