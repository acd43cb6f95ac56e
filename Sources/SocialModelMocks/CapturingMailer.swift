import Locking
import SocialModel

/// A mailer that keeps every message in memory, for tests to read tokens from.
public final class CapturingMailer: Mailer {
    private let captured = Locked<[MailMessage]>([])
    private let failure = Locked<(error: MailerError, remaining: Int?)?>(nil)

    /// An empty mailer.
    public init() {}

    /// Keeps the message, or throws the failure set with ``failNextSends(with:count:)``.
    /// - Parameter message: the message.
    /// - Throws: the failure set, while it lasts.
    public func send(_ message: MailMessage) async throws(MailerError) {
        let error = failure.withLock { failure -> MailerError? in
            guard let current = failure else { return nil }
            if let remaining = current.remaining {
                failure = remaining > 1 ? (current.error, remaining - 1) : nil
            }
            return current.error
        }
        if let error { throw error }
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
    /// - Parameters:
    ///   - error: the failure, or `nil` to succeed again.
    ///   - count: how many sends fail before they succeed again; `nil` for all of them.
    public func failNextSends(with error: MailerError?, count: Int? = nil) {
        failure.withLock { $0 = error.map { ($0, count) } }
    }
}
