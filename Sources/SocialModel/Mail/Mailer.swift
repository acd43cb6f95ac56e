/// Sends email. The services only compose messages; how they travel (a file outbox, SMTP, an
/// email API) is the mailer's business.
public protocol Mailer: Sendable {
    /// Sends one message.
    /// - Throws: ``MailerError/transientFailure(message:)`` when sending it again later may work,
    ///   ``MailerError/deliveryFailed(message:)`` when it will not.
    func send(_ message: MailMessage) async throws(MailerError)
}

/// Why a message could not be sent.
public enum MailerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message could not be handed over, and sending it again will fail the same way (the server
    /// refused it for good, the address or the configuration is wrong).
    case deliveryFailed(message: String)
    /// The message could not be handed over this time (the server said "try later", timed out or
    /// dropped the connection); sending it again later may work.
    case transientFailure(message: String)

    /// Whether sending the message again later may work.
    public var isTransient: Bool {
        if case .transientFailure = self { return true }
        return false
    }

    /// One line saying what went wrong.
    public var description: String {
        switch self {
        case .deliveryFailed(let message): "email delivery failed: \(message)"
        case .transientFailure(let message): "email delivery failed for now (it may work later): \(message)"
        }
    }
}
