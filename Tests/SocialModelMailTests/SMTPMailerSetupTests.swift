import Foundation
import Logging
import SocialModel
import SocialModelMail
import Testing

/// `TransportMailer.smtp(url:from:appName:linkBase:logger:)`: the one place social-server and
/// social-accounts build their SMTP mailer from configuration.
@Suite("SMTP mailer setup")
struct SMTPMailerSetupTests {
    let logger = Logger(label: "SMTPMailerSetupTests")

    @Test func theConfigurationBecomesComposerAndTransport() throws {
        let mailer = try TransportMailer.smtp(
            url: "smtp://app:secret@127.0.0.1:2525?tls=none", from: "social@example.com", appName: "Social",
            linkBase: "https://app.example/account", logger: logger)
        #expect(mailer.composer.sender == (try MailAddress("social@example.com", displayName: "Social")))
        #expect(mailer.composer.appName == "Social")
        #expect(mailer.composer.links.baseURL.absoluteString == "https://app.example/account")
        let transport = try #require(mailer.transport as? SMTPTransport)
        #expect(transport.configuration.host == "127.0.0.1" && transport.configuration.port == 2525)
        #expect(transport.configuration.security == .none)
        #expect(transport.configuration.credentials?.username == "app")
        let link = mailer.composer.links.link(for: .emailVerification, token: "abc")
        #expect(link?.absoluteString == "https://app.example/account/verify-email?token=abc")
    }

    @Test(arguments: [
        ("http://mail.example.com", "a@example.com", "https://app.example", "invalid configuration"),
        ("smtp://mail.example.com", "a@example.com", "account", "invalid configuration"),
        ("smtp://mail.example.com", "a@example.com", "/account", "invalid configuration"),
        ("smtp://mail.example.com", "not an address", "https://app.example", "invalid message"),
    ])
    func badSettingsAreTypedErrors(url: String, from: String, linkBase: String, kind: String) {
        do {
            _ = try TransportMailer.smtp(url: url, from: from, appName: "Social", linkBase: linkBase, logger: logger)
            Issue.record("accepted \(url) \(from) \(linkBase)")
        } catch {
            switch error {
            case .invalidConfiguration: #expect(kind == "invalid configuration", "\(error)")
            case .invalidMessage: #expect(kind == "invalid message", "\(error)")
            default: Issue.record("\(error)")
            }
        }
    }
}
