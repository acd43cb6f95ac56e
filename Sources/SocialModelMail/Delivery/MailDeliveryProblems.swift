import Foundation
import SocialModel

// The reasons a MailDeliveryError carries, as values: each is translated like the error itself,
// and only words the SDK cannot translate (a library's or the system's own message, a server's
// reply, an address as given) are shown as they are.

/// Why a message cannot be written as valid mail: ``MailDeliveryError/invalidMessage(_:)``.
public enum MailMessageProblem: Sendable, Hashable, CustomStringConvertible {
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

    /// The problem in English.
    public var description: String { localizedDescription(for: Locale(identifier: "en")) }

    /// The problem in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        let shown = { (value: String) in HeaderText.singleLine(String(value.prefix(80))) }
        switch self {
        case .addressLength(let address): return problemText("addressLength", locale, ["address": shown(address)])
        case .addressWithoutAt(let address):
            return problemText("addressWithoutAt", locale, ["address": shown(address)])
        case .localPartLength(let address):
            return problemText("localPartLength", locale, ["address": shown(address)])
        case .localPartNotPlain(let address):
            return problemText("localPartNotPlain", locale, ["address": shown(address)])
        case .domainNotHostName(let address):
            return problemText("domainNotHostName", locale, ["address": shown(address)])
        case .noRecipient: return problemText("noRecipient", locale)
        case .invalidMessageID(let id): return problemText("invalidMessageID", locale, ["id": shown(id)])
        case .invalidHeaderName: return problemText("invalidHeaderName", locale)
        case .reservedHeader(let name): return problemText("reservedHeader", locale, ["name": name])
        case .noTemplate(let purpose): return problemText("noTemplate", locale, ["purpose": purpose])
        case .incompleteTemplates(let purpose):
            return problemText("incompleteTemplates", locale, ["purpose": purpose])
        case .templateDoesNotCompile(let part, let detail):
            return problemText("templateDoesNotCompile", locale, ["part": part], detail: detail)
        case .templateUnreadable(let path, let detail):
            return problemText("templateUnreadable", locale, ["path": path], detail: detail)
        }
    }
}

/// Why a mail configuration cannot work: ``MailDeliveryError/invalidConfiguration(_:)``.
public enum MailConfigurationProblem: Sendable, Hashable, CustomStringConvertible {
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

    /// The problem in English.
    public var description: String { localizedDescription(for: Locale(identifier: "en")) }

    /// The problem in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .notAnSMTPURL: problemText("notAnSMTPURL", locale)
        case .unsupportedScheme: problemText("unsupportedScheme", locale)
        case .unknownTLSMode(let value): problemText("unknownTLSMode", locale, ["value": String(value.prefix(20))])
        case .invalidClientName: problemText("invalidClientName", locale)
        case .tlsSettings(let detail): problemText("tlsSettings", locale, detail: detail)
        case .startTLSWithoutTLSConfiguration: problemText("startTLSWithoutTLSConfiguration", locale)
        case .linkBaseNotAbsolute: problemText("linkBaseNotAbsolute", locale)
        }
    }
}

/// What an SMTP server lacks that the configuration or the message needs:
/// ``MailDeliveryError/serverUnsuitable(_:)``.
public enum MailServerShortcoming: Sendable, Hashable, CustomStringConvertible {
    /// The server does not offer STARTTLS, which the configuration requires.
    case noSTARTTLS
    /// The message is larger than the size the server announced.
    case messageTooLarge(bytes: Int, limit: Int)
    /// The password would travel without TLS, and `allowsAuthenticationWithoutTLS` is off.
    case authenticationWithoutTLS
    /// The server offers none of the configured AUTH mechanisms (these are the configured ones).
    case noUsableAuthentication(configured: [String])

    /// The shortcoming in English.
    public var description: String { localizedDescription(for: Locale(identifier: "en")) }

    /// The shortcoming in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .noSTARTTLS: problemText("noSTARTTLS", locale)
        case .messageTooLarge(let bytes, let limit):
            problemText("messageTooLarge", locale, ["bytes": String(bytes), "limit": String(limit)])
        case .authenticationWithoutTLS: problemText("authenticationWithoutTLS", locale)
        case .noUsableAuthentication(let configured):
            problemText("noUsableAuthentication", locale, ["mechanisms": configured.joined(separator: ", ")])
        }
    }
}

/// Why what a server sent is not SMTP: ``MailDeliveryError/malformedReply(_:_:)``.
public enum MalformedSMTPReply: Error, Sendable, Hashable, CustomStringConvertible {
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

    /// The problem in English.
    public var description: String { localizedDescription(for: Locale(identifier: "en")) }

    /// The problem in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .lineTooLong(let limit): problemText("lineTooLong", locale, ["limit": String(limit)])
        case .tooManyLines(let limit): problemText("tooManyLines", locale, ["limit": String(limit)])
        case .notAReplyCode(let line): problemText("notAReplyCode", locale, detail: String(line.prefix(80)))
        case .inconsistentCodes(let first, let other):
            problemText("inconsistentCodes", locale, ["first": String(first), "other": String(other)])
        case .unasked(let reply): problemText("unasked", locale, detail: "\(reply)")
        case .moreAfterSTARTTLS: problemText("moreAfterSTARTTLS", locale)
        case .missingReplies(let answered, let sent):
            problemText("missingReplies", locale, ["answered": String(answered), "sent": String(sent)])
        }
    }
}

/// `MailProblem.<key>` in the language of `locale`, then `detail` marked as a technical detail.
func problemText(_ key: String, _ locale: Locale, _ arguments: [String: String] = [:], detail: String? = nil)
    -> String
{
    mailText("MailProblem.\(key)", locale, arguments, detail: detail)
}

/// `key` of SocialModelMail's table in the language of `locale`, then `detail` (words the SDK
/// cannot translate: a library's, a server's or the system's) marked as a technical detail.
func mailText(_ key: String, _ locale: Locale, _ arguments: [String: String] = [:], detail: String? = nil) -> String {
    MessageTable.withDetail(MessageTable.socialModelMail.text(key, locale: locale, arguments), detail, locale: locale)
}
