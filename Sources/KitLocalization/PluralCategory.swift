import Foundation

/// CLDR plural categories (Unicode CLDR, "Language Plural Rules"), as far as the supported
/// languages use them.
public enum PluralCategory: String, Sendable, Hashable, CaseIterable {
    /// English and Slovak/Czech 1.
    case one
    /// Slovak/Czech 2–4.
    case few
    /// Slovak/Czech fractions (1.5 fotografie).
    case many
    /// Everything else: 0, 5 and up (and English 2 and up).
    case other
}

/// The languages the SDK's messages and labels are available in.
public enum CountLanguage: String, Sendable, Hashable, CaseIterable {
    /// English.
    case english = "en"
    /// Slovak.
    case slovak = "sk"
    /// Czech.
    case czech = "cs"

    /// The language of `locale` if it is one of the supported ones ("sk-SK" is Slovak, "cs_CZ"
    /// Czech), otherwise English.
    public init(locale: Locale) {
        let code = locale.language.languageCode?.identifier ?? locale.identifier
        self = Self(rawValue: code.lowercased()) ?? .english
    }

    /// The CLDR plural category of an integer count. Slovak and Czech share one rule:
    /// one for 1, few for 2–4, other for 0 and 5 and up (21 is "other", unlike in Russian).
    public func category(of count: Int) -> PluralCategory {
        let n = count.magnitude
        switch self {
        case .english: return n == 1 ? .one : .other
        case .slovak, .czech:
            if n == 1 { return .one }
            if (2...4).contains(n) { return .few }
            return .other
        }
    }

    /// The CLDR plural category of a count written with decimals: with a non-zero fraction,
    /// Slovak and Czech use "many" and English "other".
    public func category(of count: Double) -> PluralCategory {
        if count.isFinite, count.rounded() == count, let whole = Int(exactly: count) { return category(of: whole) }
        return self == .english ? .other : .many
    }
}
