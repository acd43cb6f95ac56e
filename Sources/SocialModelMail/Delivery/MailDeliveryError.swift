import Foundation
import SocialModel

/// Why a message was not delivered: detailed enough to log and to decide whether to try again.
///
/// ``isTransient`` separates what may work later (a 4xx reply, a timeout, a dropped or refused
/// connection, `sendmail` exiting with `EX_TEMPFAIL`) from what will not (a 5xx reply, a bad
/// address, a TLS or configuration problem). ``mailerError`` turns it into the core's
/// `MailerError` with the same distinction.
public enum MailDeliveryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message cannot be written as a valid email (a bad address, header or template).
    case invalidMessage(MailMessageProblem)
    /// The transport's configuration cannot work (a bad URL, client name or TLS setting).
    case invalidConfiguration(MailConfigurationProblem)
    /// The server could not be reached.
    case connectionFailed(host: String, port: Int, reason: String)
    /// The server did not answer in time at this stage.
    case timedOut(SMTPStage)
    /// The server closed the connection at this stage.
    case connectionClosed(SMTPStage)
    /// The server refused a command: a 4xx reply is transient, a 5xx reply permanent.
    case rejected(SMTPStage, SMTPReply)
    /// The server's replies are not SMTP (too long, truncated, not a reply code, out of order).
    case malformedReply(SMTPStage, MalformedSMTPReply)
    /// TLS could not be set up: the certificate is not trusted, or the handshake failed.
    case tlsFailed(String)
    /// The server lacks something the configuration requires (STARTTLS, an AUTH mechanism, a size).
    case serverUnsuitable(MailServerShortcoming)
    /// The mail transfer agent (`sendmail`) exited with this status and standard error output.
    case transferAgentFailed(status: Int32, output: String)
    /// The mail transfer agent could not be run at all.
    case transferAgentUnavailable(String)

    /// Whether sending the message again later may work.
    public var isTransient: Bool {
        switch self {
        case .connectionFailed, .timedOut, .connectionClosed: true
        case .rejected(_, let reply): reply.isTransientFailure
        // sysexits.h as Postfix reads it: EX_TEMPFAIL and EX_OSERR say "not now"; the rest
        // (EX_UNAVAILABLE, EX_NOUSER, EX_DATAERR, EX_CONFIG…) will fail the same way next time.
        // msmtp exits with EX_TEMPFAIL when it cannot reach its server, and with EX_UNAVAILABLE
        // when the server refuses the message, whatever the reply's code.
        case .transferAgentFailed(let status, _): status == 75 || status == 71
        case .invalidMessage, .invalidConfiguration, .malformedReply, .tlsFailed, .serverUnsuitable,
            .transferAgentUnavailable:
            false
        }
    }

    /// The core's error for this failure, transient or not.
    public var mailerError: MailerError {
        isTransient ? .transientFailure(message: description) : .deliveryFailed(message: description)
    }

    /// One line saying what went wrong.
    public var description: String { localizedDescription(for: Locale(identifier: "en")) }
}

/// Where in an SMTP conversation something happened.
public enum SMTPStage: String, Sendable, Hashable, CustomStringConvertible {
    /// Opening the connection.
    case connecting = "connecting"
    /// Waiting for the server's 220 greeting.
    case greeting = "greeting"
    /// EHLO (or HELO).
    case hello = "EHLO"
    /// STARTTLS and the TLS handshake after it.
    case startTLS = "STARTTLS"
    /// AUTH.
    case authentication = "AUTH"
    /// MAIL FROM.
    case mailFrom = "MAIL FROM"
    /// RCPT TO.
    case recipient = "RCPT TO"
    /// DATA, before the message is sent.
    case data = "DATA"
    /// The message itself, up to the server's reply to its final dot.
    case message = "the message"
    /// QUIT.
    case quit = "QUIT"

    /// The stage's name.
    public var description: String { rawValue }
}
