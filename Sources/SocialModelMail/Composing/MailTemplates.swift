import Foundation
import Mustache
import SocialModel

/// The subject, text and HTML of one kind of message, as Mustache templates.
///
/// Templates see `appName`, `name` (the recipient's, empty when unknown), `email`, `link` (the
/// verification or reset link, when the message carries a token), `token`, `signInLink` (the
/// configured base URL), and `subject` and `body` (what the service itself wrote). In the subject
/// and text `{{…}}` inserts text as it is; in the HTML it is escaped.
public struct MailTemplate: Sendable {
    let subject: MustacheTemplate
    let text: MustacheTemplate
    let html: MustacheTemplate?

    /// Compiles the templates.
    /// - Parameters:
    ///   - subject: the subject line.
    ///   - text: the plain-text body.
    ///   - html: the HTML body, or `nil` to send plain text only.
    /// - Throws: ``MailDeliveryError/invalidMessage(_:)`` naming the template that does not compile.
    public init(subject: String, text: String, html: String?) throws(MailDeliveryError) {
        self.subject = try Self.compile(subject, as: "TEXT", part: "subject")
        self.text = try Self.compile(text, as: "TEXT", part: "text")
        self.html = try html.map { source throws(MailDeliveryError) in
            try Self.compile(source, as: "HTML", part: "HTML")
        }
    }

    /// The rendered subject, text and HTML.
    func render(_ context: [String: String]) -> (subject: String, text: String, html: String?) {
        (subject.render(context), text.render(context), html?.render(context))
    }

    /// A template with the content type set, so that `{{name}}` escapes for HTML only in HTML.
    private static func compile(_ source: String, as contentType: String, part: String) throws(MailDeliveryError)
        -> MustacheTemplate
    {
        do {
            return try MustacheTemplate(string: "{{% CONTENT_TYPE: \(contentType)}}" + source)
        } catch {
            throw .invalidMessage(.templateDoesNotCompile(part: part, detail: "\(error)"))
        }
    }
}

/// A template for each kind of message the account services send.
public struct MailTemplates: Sendable {
    /// The template of each purpose.
    public var templates: [MailMessage.Purpose: MailTemplate]

    /// Templates for some or all purposes; the rest use ``standard``'s.
    /// - Parameter templates: the templates to use instead of the standard ones.
    public init(_ templates: [MailMessage.Purpose: MailTemplate] = [:]) {
        self.templates = Self.standard.templates.merging(templates) { _, given in given }
    }

    private init(standard: [MailMessage.Purpose: MailTemplate]) {
        self.templates = standard
    }

    /// Reads templates from a folder: `<purpose>.subject.mustache`, `<purpose>.text.mustache` and
    /// optionally `<purpose>.html.mustache` for each purpose given there (such as
    /// `email-verification`); purposes without files use the standard templates.
    /// - Parameter directory: the folder.
    /// - Throws: ``MailDeliveryError/invalidMessage(_:)`` when a purpose has only some of its files, a
    ///   file cannot be read or a template does not compile.
    public init(directory: URL) throws(MailDeliveryError) {
        var found: [MailMessage.Purpose: MailTemplate] = [:]
        for purpose in MailMessage.Purpose.allCases {
            func read(_ part: String) throws(MailDeliveryError) -> String? {
                let file = directory.appendingPathComponent("\(purpose.rawValue).\(part).mustache")
                guard FileManager.default.fileExists(atPath: file.path) else { return nil }
                do {
                    return try String(contentsOf: file, encoding: .utf8)
                } catch {
                    throw .invalidMessage(.templateUnreadable(path: file.path, detail: error.localizedDescription))
                }
            }
            let subject = try read("subject")
            let text = try read("text")
            let html = try read("html")
            switch (subject, text) {
            case (nil, nil) where html == nil: continue
            case (let subject?, let text?): found[purpose] = try MailTemplate(subject: subject, text: text, html: html)
            default:
                throw .invalidMessage(.incompleteTemplates(purpose: purpose.rawValue))
            }
        }
        self.init(found)
    }

    /// English templates for every purpose, text and HTML.
    public static let standard = standard(for: Locale(identifier: "en"))

    /// The standard templates in the language of `locale`: English, Slovak or Czech (English for
    /// any other language).
    /// - Parameter locale: the language the messages are written in.
    /// - Returns: a template for every purpose.
    public static func standard(for locale: Locale) -> MailTemplates {
        let table = MessageTable.socialModelMail
        let greeting = table.text("Mail.greeting", locale: locale)
        var templates: [MailMessage.Purpose: MailTemplate] = [:]
        for purpose in MailMessage.Purpose.allCases {
            func text(_ part: String) -> String { table.text("Mail.\(purpose.rawValue).\(part)", locale: locale) }
            // The verification and reset messages carry their link between the two paragraphs.
            let link: [String] =
                switch purpose {
                case .emailVerification, .passwordReset: ["{{link}}"]
                case .registrationAttempt, .passwordChanged: []
                }
            templates[purpose] = StandardTemplates.make(
                subject: text("subject"), greeting: greeting, paragraphs: [text("1")] + link + [text("2")])
        }
        return MailTemplates(standard: templates)
    }
}

extension MessageTable {
    /// SocialModelMail's texts (`Composing/Localization/<language>.lproj/SocialModelMail.strings`).
    package static let socialModelMail = MessageTable(bundle: .module, table: "SocialModelMail")
}

/// Builds the standard templates from paragraphs, so the text and HTML versions say the same.
enum StandardTemplates {
    static func make(subject: String, greeting: String, paragraphs: [String]) -> MailTemplate {
        let text = ([greeting] + paragraphs + ["— {{appName}}"]).joined(separator: "\n\n") + "\n"
        let html =
            "<!DOCTYPE html>\n<html><body>\n"
            + ([greeting] + paragraphs + ["— {{appName}}"]).map { paragraph in
                paragraph.hasPrefix("{{") && paragraph.hasSuffix("link}}")
                    ? "<p><a href=\"\(paragraph)\">\(paragraph)</a></p>" : "<p>\(paragraph)</p>"
            }
            .joined(separator: "\n") + "\n</body></html>\n"
        // The standard templates are constants that compile; a failure here is a bug caught by the tests.
        return try! MailTemplate(subject: subject, text: text, html: html)
    }
}
