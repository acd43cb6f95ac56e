import Foundation
import SocialModel
import SocialModelMail
import TestSupport
import Testing

/// Templates and links: the standard English messages, templates a user supplies (in code or as
/// files), and what goes wrong with them.
@Suite("Mail composer and templates")
struct MailComposerTests {
    static let links = MailLinks(baseURL: URL(string: "https://recipes.example/account")!)

    private func composer(_ templates: MailTemplates = .standard) throws -> MailComposer {
        MailComposer(
            sender: try MailAddress("noreply@recipes.example", displayName: "Recipes"), appName: "Recipes",
            links: Self.links, templates: templates, uniqueID: { "id" })
    }

    private func message(_ purpose: MailMessage.Purpose, token: String? = "abc", name: String? = nil) -> MailMessage {
        MailMessage(
            to: "ana@example.com", recipientName: name, subject: "service subject", body: "service body",
            purpose: purpose, token: token, sentAt: Date(timeIntervalSince1970: 0))
    }

    @Test func everyPurposeHasAStandardTemplate() throws {
        for purpose in MailMessage.Purpose.allCases {
            let mail = try composer().compose(message(purpose))
            #expect(!mail.subject.isEmpty)
            #expect(mail.text.hasPrefix("Hello,"))
            #expect(mail.html?.contains("<html>") == true)
            #expect(mail.subject.contains("Recipes"))
            #expect(mail.extraHeaders.map(\.name) == ["Auto-Submitted"])
            #expect(mail.messageID == "id@recipes.example")
        }
    }

    @Test func verificationAndResetMessagesLinkToTheirPages() throws {
        let verification = try composer().compose(message(.emailVerification, token: "t+k/=", name: "Ana"))
        #expect(verification.text.hasPrefix("Hello Ana,"))
        #expect(verification.text.contains("\nhttps://recipes.example/account/verify-email?token=t%2Bk%2F%3D\n"))
        #expect(
            verification.html?.contains("<a href=\"https://recipes.example/account/verify-email?token=t%2Bk%2F%3D\">")
                == true)
        let reset = try composer().compose(message(.passwordReset))
        #expect(reset.text.contains("https://recipes.example/account/reset-password?token=abc"))
        #expect(Self.links.link(for: .passwordChanged, token: "x") == nil)
    }

    @Test func namesAreEscapedInHTMLOnly() throws {
        let mail = try composer().compose(message(.emailVerification, name: "<b>Ana</b> & Co"))
        #expect(mail.text.hasPrefix("Hello <b>Ana</b> & Co,"))
        #expect(mail.html?.contains("Hello &lt;b&gt;Ana&lt;/b&gt; &amp; Co,") == true)
        #expect(mail.to.first?.displayName == "<b>Ana</b> & Co")
    }

    @Test func userTemplatesReplaceSomePurposesAndKeepTheRest() throws {
        let templates = MailTemplates([
            .passwordReset: try MailTemplate(
                subject: "Nové heslo pre {{appName}}", text: "{{link}}\n{{body}}", html: nil)
        ])
        let reset = try composer(templates).compose(message(.passwordReset))
        #expect(reset.subject == "Nové heslo pre Recipes")
        #expect(reset.text == "https://recipes.example/account/reset-password?token=abc\nservice body")
        #expect(reset.html == nil)
        let verification = try composer(templates).compose(message(.emailVerification))
        #expect(verification.subject == "Confirm your email address for Recipes")
    }

    @Test func templatesAreReadFromAFolder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try "Vitajte, {{name}}\n".write(
            to: directory.file("email-verification.subject.mustache"), atomically: true, encoding: .utf8)
        try "Odkaz: {{link}}\n".write(
            to: directory.file("email-verification.text.mustache"), atomically: true, encoding: .utf8)
        try "<p>{{link}}</p>".write(
            to: directory.file("email-verification.html.mustache"), atomically: true, encoding: .utf8)
        let mail = try composer(try MailTemplates(directory: directory.url)).compose(
            message(.emailVerification, name: "Ľubomír"))
        #expect(mail.subject == "Vitajte, Ľubomír")
        #expect(mail.text == "Odkaz: https://recipes.example/account/verify-email?token=abc\n")
        #expect(mail.html == "<p>https://recipes.example/account/verify-email?token=abc</p>")

        try FileManager.default.removeItem(at: directory.file("email-verification.text.mustache"))
        #expect(throws: MailDeliveryError.self) { try MailTemplates(directory: directory.url) }
    }

    @Test func templatesThatDoNotCompileAreTypedErrors() {
        for broken in ["{{#open}}never closed", "{{/close}}", "{{% CONTENT_TYPE: NOPE}}"] {
            #expect(throws: MailDeliveryError.self, "\(broken)") {
                try MailTemplate(subject: broken, text: "t", html: nil)
            }
        }
    }

    @Test func aRecipientAddressThatCannotBeUsedIsATypedError() throws {
        var bad = message(.emailVerification)
        bad.to = "ana@example.com\r\nRCPT TO:<victim@example.com>"
        #expect(throws: MailDeliveryError.self) { try composer().compose(bad) }
    }
}
