import Foundation
import Hummingbird
import KitLocalization

/// The language the answer to the request being handled is written in: the one of English,
/// Slovak and Czech its `Accept-Language` prefers most, English when it names none of them.
/// Set around each request by ``SocialErrorMiddleware`` and ``SocialRouterMiddleware``, so an
/// error's message is made in it wherever the error is thrown; its `code` never changes.
enum AnswerLanguage {
    /// The language of the request being answered.
    @TaskLocal static var current: CountLanguage = .english

    /// The language an `Accept-Language` header prefers.
    static func of(acceptLanguage header: String?) -> CountLanguage {
        header.flatMap { CountLanguage.preferred(acceptLanguage: $0) } ?? .english
    }

    /// The language `request` prefers.
    static func of(_ request: Request) -> CountLanguage {
        of(acceptLanguage: request.headers[.acceptLanguage])
    }

    /// The locale of ``current``.
    static var locale: Locale { Locale(identifier: current.rawValue) }
}

/// The HTTP layer's own messages (`Localization/<language>.lproj/SocialModelHTTP.strings`), in
/// the ``AnswerLanguage/current`` language.
enum HTTPMessages {
    /// The table.
    static let table = MessageTable(bundle: .module, table: "SocialModelHTTP")

    /// The text for `key`, with each `{name}` replaced by `arguments[name]`.
    static func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
        table.text(key, locale: AnswerLanguage.locale, arguments)
    }

    /// The text for `key` in the plural form `count` needs (`{count}` in it).
    static func plural(_ key: String, count: Int, _ arguments: [String: String] = [:]) -> String {
        table.plural(key, count: count, locale: AnswerLanguage.locale, arguments)
    }
}
