import Locking
import SocialModelMail

/// A transport that keeps every message in memory instead of delivering it, for tests of an app's
/// composer, templates and failure handling without a mail server.
public final class CapturingMailTransport: MailTransport {
    private let captured = Locked<[MIMEMessage]>([])
    private let failure = Locked<MailDeliveryError?>(nil)

    /// An empty transport.
    public init() {}

    /// Keeps the message after rendering it as SMTP would (so an invalid one fails as it would
    /// there), or throws the failure set with ``failNextDeliveries(with:)``.
    /// - Parameter message: the message.
    /// - Throws: the failure set with ``failNextDeliveries(with:)``, or the rendering's
    ///   `MailDeliveryError.invalidMessage(_:)`.
    public func deliver(_ message: MIMEMessage) async throws(MailDeliveryError) {
        if let error = failure.withLock({ $0 }) { throw error }
        _ = try message.rendered()
        captured.withLock { $0.append(message) }
    }

    /// Every message delivered so far, oldest first.
    public var messages: [MIMEMessage] { captured.withLock { $0 } }

    /// Makes later deliveries fail with `error` (or succeed again with `nil`).
    /// - Parameter error: the failure, or `nil`.
    public func failNextDeliveries(with error: MailDeliveryError?) {
        failure.withLock { $0 = error }
    }
}
