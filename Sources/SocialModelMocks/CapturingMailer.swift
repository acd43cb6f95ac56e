import SocialModel
import Synchronization

/// A mailer that keeps every message in memory, for tests to read tokens from.
public final class CapturingMailer: Mailer {
    private let captured = Mutex<[MailMessage]>([])
    private let failure = Mutex<MailerError?>(nil)

    /// An empty mailer.
    public init() {}

    /// Keeps the message, or throws the failure set with ``failNextSends(with:)``.
    ///
    /// - Throws: `MailerError/transientFailure(message:)` when sending it again later may work,
    ///   `MailerError/deliveryFailed(message:)` when it will not.
    public func send(_ message: MailMessage) async throws(MailerError) {
        if let error = failure.withLock({ $0 }) { throw error }
        captured.withLock { $0.append(message) }
    }

    /// Every message sent so far, oldest first.
    public var messages: [MailMessage] { captured.withLock { $0 } }

    /// The messages sent to an address, oldest first.
    public func messages(to address: String) -> [MailMessage] {
        messages.filter { $0.to == address }
    }

    /// The token in the latest message of a purpose sent to an address.
    public func latestToken(_ purpose: MailMessage.Purpose, to address: String) -> SecretToken? {
        messages(to: address).last { $0.purpose == purpose }?.token.map(SecretToken.init(rawValue:))
    }

    /// Makes later sends fail with `error` (or succeed again with `nil`).
    public func failNextSends(with error: MailerError?) {
        failure.withLock { $0 = error }
    }
}
