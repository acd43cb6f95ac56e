import Foundation
import Logging
import NIOPosix
import NIOSSL
import SocialModel
import SocialModelMail

/// The message every delivery test sends: Slovak names in the From, To and Subject headers and in
/// both bodies, a link with a token, and a line long enough to be wrapped.
enum SlovakMail {
    static let recipientName = "Ľubomír Šťastný"
    static let recipient = "lubomir@example.sk"
    static let appName = "Šťastná kuchyňa"
    static let token = "tOk3n-_Ab.c~d"
    static let link = "https://kuchyna.example/ucet/overit?kod=tOk3n-_Ab.c~d"
    static let subject = "Potvrďte svoju adresu, Ľubomír Šťastný – Šťastná kuchyňa"
    static let greeting = "Dobrý deň, Ľubomír Šťastný!"
    static let longLine = String(repeating: "Žltučký kôň úpel ďábelské ódy. ", count: 6)
    static let sentAt = Date(timeIntervalSince1970: 1_795_000_000)

    static var templates: MailTemplates {
        get throws {
            MailTemplates([
                .emailVerification: try MailTemplate(
                    subject: "Potvrďte svoju adresu, {{name}} – {{appName}}",
                    text:
                        "Dobrý deň, {{name}}!\n\nPotvrďte adresu {{email}} týmto odkazom:\n\n{{link}}\n\n\(longLine)\n\n"
                        + ". Bodka na začiatku riadku\nFrom the kitchen\n",
                    html:
                        "<p>Dobrý deň, {{name}}!</p>\n<p><a href=\"{{link}}\">Potvrdiť adresu</a></p>\n<p>\(longLine)</p>\n"
                )
            ])
        }
    }

    static var composer: MailComposer {
        get throws {
            MailComposer(
                sender: try MailAddress("noreply@kuchyna.example", displayName: appName), appName: appName,
                links: MailLinks(
                    baseURL: URL(string: "https://kuchyna.example/ucet")!, verifyEmailPath: "overit",
                    tokenParameter: "kod"),
                templates: try templates, uniqueID: { "fixed-id.1" })
        }
    }

    static let message = MailMessage(
        to: recipient, recipientName: recipientName, subject: "Verify your email address", body: "token",
        purpose: .emailVerification, token: token, sentAt: sentAt)
}

enum MailTestLogger {
    static let logger = Logger(label: "analogkit.mail-tests")
}

extension SMTPTestServer {
    /// A configuration for this server: its port, its certificate trusted, short timeouts.
    func configuration(
        security: SMTPConfiguration.Security, user: String? = nil, password: String? = nil,
        timeouts: SMTPConfiguration.Timeouts = .init(
            connect: .seconds(20), command: .seconds(20), messageEnd: .seconds(20))
    ) throws -> SMTPConfiguration {
        var configuration = SMTPConfiguration(
            host: "127.0.0.1", port: port, security: security,
            credentials: user.map { SMTPConfiguration.Credentials(username: $0, password: password ?? "") },
            clientName: "client.test", timeouts: timeouts)
        configuration.tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(certificate.path))
        return configuration
    }

    /// An SMTP transport to this server.
    func transport(_ configuration: SMTPConfiguration) throws -> SMTPTransport {
        try SMTPTransport(
            configuration: configuration, eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
            logger: MailTestLogger.logger)
    }
}

extension MailTransport {
    /// Delivers the Slovak message; returns how it failed, or `nil` when it was accepted.
    func deliveryError() async -> MailDeliveryError? {
        do {
            try await deliver(try SlovakMail.composer.compose(SlovakMail.message))
            return nil
        } catch {
            return error as? MailDeliveryError
        }
    }
}

extension SMTPTestServer {
    /// A retrying mailer over a plain connection to this server.
    func retryingMailer(_ policy: RetryPolicy) throws -> RetryingMailer {
        RetryingMailer(
            TransportMailer(
                composer: try SlovakMail.composer, transport: try transport(try configuration(security: .none))),
            policy: policy, logger: MailTestLogger.logger)
    }
}
