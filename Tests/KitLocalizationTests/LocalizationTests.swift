import Foundation
import Testing

@testable import KitLocalization

@Suite("KitLocalization: the lookup, the placeholders, the language of a locale")
struct LocalizationTests {
    @Test("A locale picks its language; an unsupported one falls back to English")
    func languageOfLocale() {
        #expect(CountLanguage(locale: Locale(identifier: "sk_SK")) == .slovak)
        #expect(CountLanguage(locale: Locale(identifier: "cs-CZ")) == .czech)
        #expect(CountLanguage(locale: Locale(identifier: "en_GB")) == .english)
        #expect(CountLanguage(locale: Locale(identifier: "de_DE")) == .english)
    }

    @Test("Placeholders are filled in one pass; unknown ones and an argument's braces stay")
    func substitution() {
        #expect(
            MessageTable.substitute("roll '{name}' has {count}", ["name": "{count}", "count": "3"])
                == "roll '{count}' has 3")
        #expect(MessageTable.substitute("{missing} {", [:]) == "{missing} {")
        #expect(MessageTable.placeholders("a {x} b {y}") == ["x", "y"])
    }

    @Test("The shared table has every key in en, sk and cs, and joins alternatives in each")
    func sharedTable() {
        #expect(MessageTable.shared.problems().isEmpty)
        #expect(MessageTable.quotedAlternatives(["a", "b"], locale: Locale(identifier: "en")) == "'a' or 'b'")
        #expect(MessageTable.quotedAlternatives(["a", "b"], locale: Locale(identifier: "sk")) == "'a' alebo 'b'")
        #expect(MessageTable.quotedAlternatives(["a", "b"], locale: Locale(identifier: "cs")) == "'a' nebo 'b'")
    }
}

@Suite("KitLocalization: Accept-Language")
struct AcceptLanguageTests {
    @Test("The supported language with the highest quality wins; none gives nil")
    func negotiation() {
        #expect(CountLanguage.preferred(acceptLanguage: "cs-CZ,cs;q=0.9,en;q=0.8") == .czech)
        #expect(CountLanguage.preferred(acceptLanguage: "de-DE, sk;q=0.5, en;q=0.4") == .slovak)
        #expect(CountLanguage.preferred(acceptLanguage: "en;q=0.2, sk;q=0.7") == .slovak)
        #expect(CountLanguage.preferred(acceptLanguage: "sk;q=0, en") == .english)
        #expect(CountLanguage.preferred(acceptLanguage: "de, fr;q=0.9, *;q=0.1") == nil)
        #expect(CountLanguage.preferred(acceptLanguage: "") == nil)
        #expect(CountLanguage.preferred(acceptLanguage: "sk;q=abc,;;,=") == .slovak)
    }
}
