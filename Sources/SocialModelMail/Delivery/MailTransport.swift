import Logging
import SocialModel

/// Carries a finished email to the world: an SMTP server (``SMTPTransport``), the system's mail
/// transfer agent (``SendmailTransport``), or a double in tests.
public protocol MailTransport: Sendable {
    /// Hands one message over for delivery.
    /// - Parameter message: the message.
    /// - Throws: ``MailDeliveryError``; its ``MailDeliveryError/isTransient`` says whether to try again.
    func deliver(_ message: MIMEMessage) async throws(MailDeliveryError)
}

/// The `Mailer` the account services use, over any transport: each message is composed from its
/// template (``MailComposer``) and handed to the transport.
///
/// ```swift
/// let mailer = TransportMailer(composer: composer, transport: smtp)
/// let accounts = AccountService(store: store, mailer: RetryingMailer(mailer, logger: logger))
/// ```
public struct TransportMailer: Mailer {
    /// Turns the services' messages into emails.
    public let composer: MailComposer
    /// Delivers them.
    public let transport: any MailTransport

    /// Creates the mailer.
    /// - Parameters:
    ///   - composer: turns the services' messages into emails.
    ///   - transport: delivers them.
    public init(composer: MailComposer, transport: any MailTransport) {
        self.composer = composer
        self.transport = transport
    }

    /// Composes and delivers a message.
    /// - Parameter message: what the service wants to say.
    /// - Throws: `MailerError.transientFailure(message:)` or `MailerError.deliveryFailed(message:)`,
    ///   from the transport's ``MailDeliveryError``.
    public func send(_ message: MailMessage) async throws(MailerError) {
        do {
            try await transport.deliver(try composer.compose(message))
        } catch {
            throw error.mailerError
        }
    }
}
