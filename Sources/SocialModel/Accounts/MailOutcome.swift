/// What became of the email an account operation sends.
///
/// Mail never decides whether an account operation succeeds: the account, its token or its new
/// password are stored before the message goes out, and a failure to send is logged (through the
/// ``AccountService``'s logger) and returned as this value instead of being thrown, so a mail
/// server that is down never fails a sign-up or a reset.
///
/// - A transient failure (``deferred(_:)``, the mailer's ``MailerError/isTransient``) has already
///   been retried by the mailer if it retries (`RetryingMailer` in SocialModelMail does, with
///   backoff). The token stays valid; send it again later with
///   ``AccountService/resendVerification(email:)`` or ``AccountService/requestPasswordReset(email:)``.
/// - A permanent failure (``failed(_:)``: the server refused the address or the message, or the
///   mail configuration is wrong) will not heal by waiting. It is logged as an error; the account is
///   kept, and the same resend operations work once the address or the configuration is fixed.
///
/// With a mail outbox (``AccountService/outbox``), nothing is sent during the call: the mail is
/// queued in the store with the change it tells about, and the outcome is ``queued``. A
/// ``MailOutboxSender`` sends it, retrying transient failures with backoff across restarts, so a
/// deferred mail is then delayed, never dropped; mail that fails for good is kept and counted
/// (``MailOutboxCounts/failed``) until an operator queues it again.
///
/// Show it to the operator, not to whoever made the request: a web form that said "we could not
/// email you" only for registered addresses would reveal which addresses are registered.
public enum MailOutcome: Sendable, Hashable {
    /// The mailer accepted the message.
    case sent
    /// The message, or the request for one, was queued in the store's mail outbox; a
    /// ``MailOutboxSender`` sends it.
    case queued
    /// No message was due: the address has no account (a reset), or no unverified one (a resend).
    case notSent
    /// The message could not be sent this time; sending it again later may work.
    case deferred(MailerError)
    /// The message could not be sent, and sending it again unchanged will fail the same way.
    case failed(MailerError)

    /// Whether the mailer accepted the message.
    public var isSent: Bool { self == .sent }

    /// The delivery error, if sending failed.
    public var error: MailerError? {
        switch self {
        case .sent, .notSent, .queued: nil
        case .deferred(let error), .failed(let error): error
        }
    }
}
