import Foundation
import SocialModel

/// Where the links in account messages point: `<base>/verify-email?token=…` and
/// `<base>/reset-password?token=…` by default.
public struct MailLinks: Sendable, Hashable {
    /// The app's address, such as `https://recipes.example.com/account`.
    public var baseURL: URL
    /// The path under ``baseURL`` of the page that verifies an email address.
    public var verifyEmailPath: String
    /// The path under ``baseURL`` of the page that sets a new password.
    public var resetPasswordPath: String
    /// The query parameter that carries the token.
    public var tokenParameter: String

    /// Creates the links.
    /// - Parameters:
    ///   - baseURL: the app's address.
    ///   - verifyEmailPath: the email-verification page under it.
    ///   - resetPasswordPath: the password-reset page under it.
    ///   - tokenParameter: the query parameter for the token.
    public init(
        baseURL: URL, verifyEmailPath: String = "verify-email", resetPasswordPath: String = "reset-password",
        tokenParameter: String = "token"
    ) {
        self.baseURL = baseURL
        self.verifyEmailPath = verifyEmailPath
        self.resetPasswordPath = resetPasswordPath
        self.tokenParameter = tokenParameter
    }

    /// The link a message of this purpose carries, or `nil` for purposes without a token page.
    /// - Parameters:
    ///   - purpose: why the message is sent.
    ///   - token: the one-time token, percent-encoded into the query.
    /// - Returns: the link.
    public func link(for purpose: MailMessage.Purpose, token: String) -> URL? {
        let path: String
        switch purpose {
        case .emailVerification: path = verifyEmailPath
        case .passwordReset: path = resetPasswordPath
        case .registrationAttempt, .passwordChanged: return nil
        }
        guard var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        else { return nil }
        // Only RFC 3986's unreserved characters stay as they are: a "+" would read as a space.
        let unreserved = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let value = token.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
        components.percentEncodedQueryItems =
            (components.percentEncodedQueryItems ?? []) + [URLQueryItem(name: tokenParameter, value: value)]
        return components.url
    }
}

/// Turns the messages the account services send into finished emails: the sender, the
/// recipient's name, a subject and bodies from templates, links to the app.
public struct MailComposer: Sendable {
    /// The `From` address.
    public var sender: MailAddress
    /// Where replies go, if not to the sender.
    public var replyTo: MailAddress?
    /// The app's name as the messages say it.
    public var appName: String
    /// Where links point.
    public var links: MailLinks
    /// The templates.
    public var templates: MailTemplates
    /// Header fields added to every message. `Auto-Submitted: auto-generated` by default, which
    /// keeps out-of-office replies away (RFC 3834).
    public var extraHeaders: [MailHeader]
    /// Makes the unique part of each Message-ID (a random UUID by default); tests pass a fixed one.
    public var uniqueID: @Sendable () -> String

    /// Creates a composer.
    /// - Parameters:
    ///   - sender: the `From` address.
    ///   - appName: the app's name.
    ///   - links: where the links point.
    ///   - templates: the templates (the standard English ones by default).
    ///   - replyTo: where replies go.
    ///   - uniqueID: makes the unique part of each Message-ID.
    public init(
        sender: MailAddress, appName: String, links: MailLinks, templates: MailTemplates = .standard,
        replyTo: MailAddress? = nil, uniqueID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
    ) {
        self.sender = sender
        self.appName = appName
        self.links = links
        self.templates = templates
        self.replyTo = replyTo
        self.extraHeaders = [Self.autoSubmitted]
        self.uniqueID = uniqueID
    }

    // A constant that is valid; checked by the tests.
    private static let autoSubmitted = try! MailHeader("Auto-Submitted", "auto-generated")

    /// The finished email for a service's message.
    /// - Parameter message: what the service wants to say.
    /// - Returns: the email, with the template of its purpose applied.
    /// - Throws: ``MailDeliveryError/invalidMessage(_:)`` when the recipient's address cannot be used
    ///   or the purpose has no template.
    public func compose(_ message: MailMessage) throws(MailDeliveryError) -> MIMEMessage {
        let recipient = try MailAddress(message.to, displayName: message.recipientName)
        guard let template = templates.templates[message.purpose] else {
            throw .invalidMessage(.noTemplate(purpose: message.purpose.rawValue))
        }
        // No "name" key without a name, so that `{{#name}}…{{/name}}` leaves out the whole section.
        var context = [
            "appName": appName, "email": recipient.address, "signInLink": links.baseURL.absoluteString,
            "subject": message.subject, "body": message.body,
        ]
        context["name"] = recipient.displayName
        if let token = message.token {
            context["token"] = token
            context["link"] = links.link(for: message.purpose, token: token)?.absoluteString
        }
        let rendered = template.render(context)
        return MIMEMessage(
            from: sender, to: [recipient], subject: rendered.subject.trimmingASCIIWhitespace, text: rendered.text,
            html: rendered.html,
            date: message.sentAt, messageID: "\(uniqueID())@\(sender.domain)", replyTo: replyTo,
            extraHeaders: extraHeaders)
    }
}
