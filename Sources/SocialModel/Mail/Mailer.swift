/// Sends email. The services only compose messages; how they travel (a file outbox, SMTP, an
/// email API) is the mailer's business.
public protocol Mailer: Sendable {
    /// Sends one message.
    func send(_ message: MailMessage) async throws(MailerError)
}

/// Why a message could not be sent.
public enum MailerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message could not be handed over.
    case deliveryFailed(message: String)

    /// One line saying what went wrong.
    public var description: String {
        switch self {
        case .deliveryFailed(let message): "email delivery failed: \(message)"
        }
    }
}
