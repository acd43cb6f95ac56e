import Foundation
import SocialModel

// The reasons a MailDeliveryError carries, as values: each is translated like the error itself,
// and only words the SDK cannot translate (a library's or the system's own message, a server's
// reply, an address as given) are shown as they are.

/// Why a message cannot be written as valid mail: ``MailDeliveryError/invalidMessage(_:)``.
public enum MailMessageProblem: Sendable, Hashable, LocalizedReason {
    /// The address is empty or longer than 254 characters.
    case addressLength(String)
    /// The address has no `@`.
    case addressWithoutAt(String)
    /// The part before the `@` is empty or longer than 64 characters.
    case localPartLength(String)
    /// The part before the `@` is not a plain (dot-atom) address.
    case localPartNotPlain(String)
    /// The part after the `@` is not a host name.
    case domainNotHostName(String)
    /// The message has no recipient.
    case noRecipient
    /// The message id is not `unique@domain`.
    case invalidMessageID(String)
    /// A header name is not 1 to 76 printable ASCII characters without `:`.
    case invalidHeaderName
    /// The message writes this header itself.
    case reservedHeader(String)
    /// No template is given for this purpose of message.
    case noTemplate(purpose: String)
    /// A purpose has some of its template files but not both the subject and the text.
    case incompleteTemplates(purpose: String)
    /// This part (`subject`, `text`, `html`) of a template does not compile; the template engine's words.
    case templateDoesNotCompile(part: String, detail: String)
    /// A template file cannot be read; the system's words.
    case templateUnreadable(path: String, detail: String)

    /// SocialModelMail's table.
    public static var messageTable: MessageTable { .socialModelMail }

    /// `MailProblem`: the keys every reason of a mail delivery error shares.
    public static var keyPrefix: String { "MailProblem" }

    /// The problem in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        let shown = { (value: String) in HeaderText.singleLine(String(value.prefix(80))) }
        switch self {
        case .addressLength(let address): return text("addressLength", locale: locale, ["address": shown(address)])
        case .addressWithoutAt(let address):
            return text("addressWithoutAt", locale: locale, ["address": shown(address)])
        case .localPartLength(let address):
            return text("localPartLength", locale: locale, ["address": shown(address)])
        case .localPartNotPlain(let address):
            return text("localPartNotPlain", locale: locale, ["address": shown(address)])
        case .domainNotHostName(let address):
            return text("domainNotHostName", locale: locale, ["address": shown(address)])
        case .noRecipient: return text("noRecipient", locale: locale)
        case .invalidMessageID(let id): return text("invalidMessageID", locale: locale, ["id": shown(id)])
        case .invalidHeaderName: return text("invalidHeaderName", locale: locale)
        case .reservedHeader(let name): return text("reservedHeader", locale: locale, ["name": name])
        case .noTemplate(let purpose): return text("noTemplate", locale: locale, ["purpose": purpose])
        case .incompleteTemplates(let purpose):
            return text("incompleteTemplates", locale: locale, ["purpose": purpose])
        case .templateDoesNotCompile(let part, let detail):
            return text("templateDoesNotCompile", locale: locale, ["part": part], detail: detail)
        case .templateUnreadable(let path, let detail):
            return text("templateUnreadable", locale: locale, ["path": path], detail: detail)
        }
    }
}

/// Why a mail configuration cannot work: ``MailDeliveryError/invalidConfiguration(_:)``.
public enum MailConfigurationProblem: Sendable, Hashable, LocalizedReason {
    /// The text is not an SMTP URL (`smtp://user:password@host:port`).
    case notAnSMTPURL
    /// The URL's scheme is neither `smtp://` nor `smtps://`.
    case unsupportedScheme
    /// The URL's `tls=` value is neither `starttls` nor `none`.
    case unknownTLSMode(String)
    /// The client name (EHLO) is not 1 to 255 printable ASCII characters without spaces.
    case invalidClientName
    /// The TLS settings do not load; the TLS library's words.
    case tlsSettings(detail: String)
    /// STARTTLS is asked for without a TLS configuration.
    case startTLSWithoutTLSConfiguration
    /// The base of the links in mail is not an absolute URL.
    case linkBaseNotAbsolute

    /// SocialModelMail's table.
    public static var messageTable: MessageTable { .socialModelMail }

    /// `MailProblem`: the keys every reason of a mail delivery error shares.
    public static var keyPrefix: String { "MailProblem" }

    /// The problem in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .notAnSMTPURL: text("notAnSMTPURL", locale: locale)
        case .unsupportedScheme: text("unsupportedScheme", locale: locale)
        case .unknownTLSMode(let value): text("unknownTLSMode", locale: locale, ["value": String(value.prefix(20))])
        case .invalidClientName: text("invalidClientName", locale: locale)
        case .tlsSettings(let detail): text("tlsSettings", locale: locale, detail: detail)
        case .startTLSWithoutTLSConfiguration: text("startTLSWithoutTLSConfiguration", locale: locale)
        case .linkBaseNotAbsolute: text("linkBaseNotAbsolute", locale: locale)
        }
    }
}

/// What an SMTP server lacks that the configuration or the message needs:
/// ``MailDeliveryError/serverUnsuitable(_:)``.
public enum MailServerShortcoming: Sendable, Hashable, LocalizedReason {
    /// The server does not offer STARTTLS, which the configuration requires.
    case noSTARTTLS
    /// The message is larger than the size the server announced.
    case messageTooLarge(bytes: Int, limit: Int)
    /// The password would travel without TLS, and `allowsAuthenticationWithoutTLS` is off.
    case authenticationWithoutTLS
    /// The server offers none of the configured AUTH mechanisms (these are the configured ones).
    case noUsableAuthentication(configured: [String])

    /// SocialModelMail's table.
    public static var messageTable: MessageTable { .socialModelMail }

    /// `MailProblem`: the keys every reason of a mail delivery error shares.
    public static var keyPrefix: String { "MailProblem" }

    /// The shortcoming in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .noSTARTTLS: text("noSTARTTLS", locale: locale)
        case .messageTooLarge(let bytes, let limit):
            text("messageTooLarge", locale: locale, ["bytes": String(bytes), "limit": String(limit)])
        case .authenticationWithoutTLS: text("authenticationWithoutTLS", locale: locale)
        case .noUsableAuthentication(let configured):
            text("noUsableAuthentication", locale: locale, ["mechanisms": configured.joined(separator: ", ")])
        }
    }
}

/// Why what a server sent is not SMTP: ``MailDeliveryError/malformedReply(_:_:)``.
public enum MalformedSMTPReply: Error, Sendable, Hashable, LocalizedReason {
    /// A reply line is longer than the parser reads (4,096 bytes).
    case lineTooLong(limit: Int)
    /// A reply has more lines than the parser reads (128).
    case tooManyLines(limit: Int)
    /// A line does not start with a three-digit reply code; the line as sent.
    case notAReplyCode(String)
    /// The lines of one multi-line reply have different codes.
    case inconsistentCodes(Int, Int)
    /// The server sent a reply no command asked for.
    case unasked(SMTPReply)
    /// The server sent more after agreeing to STARTTLS (bytes that must not pass for protected ones).
    case moreAfterSTARTTLS
    /// The server answered fewer of the pipelined commands than were sent.
    case missingReplies(answered: Int, sent: Int)

    /// SocialModelMail's table.
    public static var messageTable: MessageTable { .socialModelMail }

    /// `MailProblem`: the keys every reason of a mail delivery error shares.
    public static var keyPrefix: String { "MailProblem" }

    /// The problem in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .lineTooLong(let limit): text("lineTooLong", locale: locale, ["limit": String(limit)])
        case .tooManyLines(let limit): text("tooManyLines", locale: locale, ["limit": String(limit)])
        case .notAReplyCode(let line): text("notAReplyCode", locale: locale, detail: String(line.prefix(80)))
        case .inconsistentCodes(let first, let other):
            text("inconsistentCodes", locale: locale, ["first": String(first), "other": String(other)])
        case .unasked(let reply): text("unasked", locale: locale, detail: "\(reply)")
        case .moreAfterSTARTTLS: text("moreAfterSTARTTLS", locale: locale)
        case .missingReplies(let answered, let sent):
            text("missingReplies", locale: locale, ["answered": String(answered), "sent": String(sent)])
        }
    }
}

/// `key` of SocialModelMail's table in the language of `locale`, then `detail` (words the SDK
/// cannot translate: a library's, a server's or the system's) marked as a technical detail.
func mailText(_ key: String, _ locale: Locale, _ arguments: [String: String] = [:], detail: String? = nil) -> String {
    MessageTable.withDetail(MessageTable.socialModelMail.text(key, locale: locale, arguments), detail, locale: locale)
}
