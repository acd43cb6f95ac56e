import Foundation
import Logging
import NIOCore
import NIOPosix

extension TransportMailer {
    /// The mailer an app's configuration describes: account messages composed from the standard
    /// templates, from `from` under the app's name, with links under `linkBase`, and sent through
    /// the SMTP server `url` names. `social-server` and `social-accounts` both build theirs here.
    ///
    /// ```swift
    /// let mailer = try TransportMailer.smtp(
    ///     url: "smtps://app:secret@mail.example.com", from: "no-reply@example.com",
    ///     appName: "Recipes", linkBase: "https://recipes.example.com/account", logger: logger)
    /// ```
    ///
    /// Each message is tried once; wrap the mailer in ``RetryingMailer`` to retry transient
    /// failures in process, or queue mail in the store's outbox (`MailOutboxSender`), which retries
    /// across restarts.
    /// - Parameters:
    ///   - url: the server, as ``SMTPConfiguration/init(url:)`` reads it: `smtp://user:password@host:587`
    ///     (STARTTLS), `smtps://user:password@host:465` (implicit TLS) or `smtp://host:25?tls=none`.
    ///   - from: the `From` address.
    ///   - appName: the app's name, in the messages and as the `From` display name.
    ///   - linkBase: the app's address the verification and reset links point under; an absolute URL.
    ///   - eventLoopGroup: the event loops connections run on (`MultiThreadedEventLoopGroup.singleton` by default).
    ///   - logger: where connections and failures are logged.
    /// - Returns: the mailer.
    /// - Throws: ``MailDeliveryError/invalidConfiguration(_:)`` for a URL or link base that cannot be
    ///   used, ``MailDeliveryError/invalidMessage(_:)`` for a `from` that is not an address.
    public static func smtp(
        url: String, from: String, appName: String, linkBase: String,
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton, logger: Logger
    ) throws(MailDeliveryError) -> TransportMailer {
        guard let base = URL(string: linkBase), base.scheme != nil, base.host != nil else {
            throw .invalidConfiguration(.linkBaseNotAbsolute)
        }
        let composer = MailComposer(
            sender: try MailAddress(from, displayName: appName), appName: appName, links: MailLinks(baseURL: base))
        let transport = try SMTPTransport(
            configuration: try SMTPConfiguration(url: url), eventLoopGroup: eventLoopGroup, logger: logger)
        return TransportMailer(composer: composer, transport: transport)
    }
}
