import Foundation
import Imaging

/// The message of an error FilmKit does not know (another kit's, or a filter's or export
/// destination's of the app), kept in each language FilmKit speaks when the error was caught, so
/// a roll error that carries it still reads in its reader's language.
public struct TranslatedMessage: Sendable, Hashable {
    /// The message in each language.
    public let texts: [CountLanguage: String]

    /// The messages of `error` in English, Slovak and Czech.
    public init(_ error: any LocalizableError) {
        var texts: [CountLanguage: String] = [:]
        for language in CountLanguage.allCases {
            texts[language] = error.localizedDescription(for: Locale(identifier: language.rawValue))
        }
        self.texts = texts
    }

    /// The message in the language of `locale` (English when it is not one of the three).
    public func text(for locale: Locale) -> String {
        texts[CountLanguage(locale: locale)] ?? texts[.english] ?? ""
    }
}
