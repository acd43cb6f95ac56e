import Logging
import NIOCore
import NIOSSL

/// Delivers email to an SMTP server over SwiftNIO: STARTTLS or implicit TLS through swift-nio-ssl,
/// AUTH PLAIN or LOGIN, commands pipelined when the server offers PIPELINING, a timeout at every
/// step. Each message gets a connection of its own, so a failure never leaves a half-used
/// connection behind.
///
/// ```swift
/// let smtp = try SMTPTransport(
///     configuration: try SMTPConfiguration(url: "smtps://app:secret@mail.example.com"),
///     eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: logger)
/// try await smtp.deliver(message)
/// ```
public struct SMTPTransport: MailTransport {
    /// Where and how to connect.
    public let configuration: SMTPConfiguration
    private let tlsContext: NIOSSLContext?
    private let eventLoopGroup: any EventLoopGroup
    private let logger: Logger

    /// Creates the transport; the TLS settings are checked (and trust roots loaded) once, here.
    /// - Parameters:
    ///   - configuration: where and how to connect.
    ///   - eventLoopGroup: the event loops the connections run on, such as
    ///     `MultiThreadedEventLoopGroup.singleton`.
    ///   - logger: where connections and failures are logged (commands at trace level, never credentials).
    /// - Throws: ``MailDeliveryError/invalidConfiguration(_:)`` for a client name that cannot go into
    ///   EHLO or TLS settings that do not load.
    public init(configuration: SMTPConfiguration, eventLoopGroup: any EventLoopGroup, logger: Logger)
        throws(MailDeliveryError)
    {
        let name = configuration.clientName
        guard !name.isEmpty, name.utf8.count <= 255, name.utf8.allSatisfy({ (33...126).contains($0) }) else {
            throw .invalidConfiguration(.invalidClientName)
        }
        self.configuration = configuration
        self.eventLoopGroup = eventLoopGroup
        self.logger = logger
        if configuration.security == .none {
            tlsContext = nil
        } else {
            do {
                tlsContext = try NIOSSLContext(configuration: configuration.tls)
            } catch {
                throw .invalidConfiguration(.tlsSettings(detail: "\(error)"))
            }
        }
    }

    /// Connects, delivers the message to its recipients, and disconnects.
    /// - Parameter message: the message; its ``MIMEMessage/envelopeFrom`` is the envelope's sender.
    /// - Throws: ``MailDeliveryError``: transient for a refused or dropped connection, a timeout or a
    ///   4xx reply; permanent for a 5xx reply, a TLS failure or a server that lacks what is required.
    public func deliver(_ message: MIMEMessage) async throws(MailDeliveryError) {
        let data = try message.rendered(lineEnding: .crlf)
        let connection = try await SMTPConnection.open(
            configuration, tlsContext: tlsContext, group: eventLoopGroup, logger: logger)
        var session = SMTPSession(connection: connection, configuration: configuration)
        do {
            try await session.deliver(
                data, from: message.envelopeFrom.address, to: message.to.map(\.address))
        } catch {
            await connection.close()
            logger.debug("smtp delivery failed", metadata: ["error": "\(error)", "message-id": "\(message.messageID)"])
            throw error
        }
        await connection.close()
        logger.debug("smtp delivered", metadata: ["message-id": "\(message.messageID)"])
    }
}
