import Foundation

/// An error whose message for people is available in English, Slovak and Czech.
///
/// Its `description` stays English (for logs); ``localizedDescription(for:)`` gives the message in
/// the language of a locale, and `errorDescription` (from `LocalizedError`) in the process's.
public protocol LocalizableError: LocalizedError {
    /// The message in the language of `locale` (English when the language is not supported).
    func localizedDescription(for locale: Locale) -> String
}

extension LocalizableError {
    /// The message in the language of the process's locale.
    public var errorDescription: String? { localizedDescription(for: .current) }
}

/// One kit's messages: a `.strings` table in the kit's resource bundle, with an `.lproj` folder
/// per ``CountLanguage``. The one place where the SDK looks texts up.
///
/// Public only as the type of ``LocalizedReason/messageTable``: the SDK's kits make and read
/// tables; a program names a reason's texts through the reason.
public struct MessageTable: Sendable {
    private let bundles: [CountLanguage: Bundle]
    private let base: Bundle
    private let table: String

    /// The table `table` (`<table>.strings`) in each language folder of `bundle`.
    package init(bundle: Bundle, table: String) {
        var bundles: [CountLanguage: Bundle] = [:]
        for language in CountLanguage.allCases {
            if let path = bundle.path(forResource: language.rawValue, ofType: "lproj"), let folder = Bundle(path: path)
            {
                bundles[language] = folder
            }
        }
        self.bundles = bundles
        self.base = bundle
        self.table = table
    }

    /// The text for `key` in the language of `locale`, with each `{name}` replaced by
    /// `arguments[name]`. A key a language lacks falls back to English, then to the key itself.
    package func text(_ key: String, locale: Locale, _ arguments: [String: String] = [:]) -> String {
        let language = CountLanguage(locale: locale)
        let template = lookup(key, language) ?? lookup(key, .english) ?? key
        return Self.substitute(template, arguments)
    }

    /// The text for `key` in the plural form `count` needs in the language of `locale`: the key
    /// `<key>.<category>` (one, few, many, other), with `{count}` set to `count`.
    package func plural(_ key: String, count: Int, locale: Locale, _ arguments: [String: String] = [:]) -> String {
        let category = CountLanguage(locale: locale).category(of: count)
        var all = arguments
        all["count"] = String(count)
        return text("\(key).\(category.rawValue)", locale: locale, all)
    }

    /// Every key of each language, read from its `.strings` file (empty when the file is missing).
    package func keys(_ language: CountLanguage) -> [String: String] {
        guard
            let url = base.url(
                forResource: table, withExtension: "strings", subdirectory: nil, localization: language.rawValue),
            let data = try? Data(contentsOf: url),
            let plist = try? PropertyListSerialization.propertyList(from: data, format: nil),
            let entries = plist as? [String: String]
        else { return [:] }
        return entries
    }

    /// What is wrong with the table: a key that one language has and another lacks, a text whose
    /// `{placeholders}` differ from the English one's, a language without a file. Empty when complete.
    package func problems() -> [String] {
        let entries = Dictionary(uniqueKeysWithValues: CountLanguage.allCases.map { ($0, keys($0)) })
        var problems: [String] = []
        for language in CountLanguage.allCases where entries[language, default: [:]].isEmpty {
            problems.append("\(table): no \(language.rawValue).lproj/\(table).strings")
        }
        let allKeys = Set(entries.values.flatMap(\.keys)).sorted()
        for key in allKeys {
            let english = entries[.english]?[key].map(Self.placeholders)
            for language in CountLanguage.allCases {
                guard let text = entries[language]?[key] else {
                    problems.append("\(table): '\(key)' missing in \(language.rawValue)")
                    continue
                }
                if let english, Self.placeholders(text) != english {
                    problems.append("\(table): '\(key)' in \(language.rawValue) has other placeholders than in en")
                }
            }
        }
        return problems
    }

    private func lookup(_ key: String, _ language: CountLanguage) -> String? {
        let missing = "\u{0}"
        guard let text = bundles[language]?.localizedString(forKey: key, value: missing, table: table),
            text != missing
        else { return nil }
        return text
    }

    /// Replaces each `{name}` with its argument in one pass (an argument's own braces stay as they are).
    static func substitute(_ template: String, _ arguments: [String: String]) -> String {
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}"), let value = arguments[String(after[..<close])] else {
                result.append("{")
                rest = after
                continue
            }
            result += value
            rest = after[after.index(after: close)...]
        }
        return result + rest
    }

    static func placeholders(_ text: String) -> Set<String> {
        var names: Set<String> = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else { break }
            names.insert(String(after[..<close]))
            rest = after[after.index(after: close)...]
        }
        return names
    }
}

extension MessageTable {
    /// KitLocalization's own texts, shared by every kit.
    package static let shared = MessageTable(bundle: .module, table: "KitLocalization")

    /// `items` quoted and joined with the language's "or": "'a' or 'b'", "'a' alebo 'b'".
    package static func quotedAlternatives(_ items: [String], locale: Locale) -> String {
        items.map { "'\($0)'" }.joined(separator: shared.text("list.or", locale: locale))
    }

    /// `sentence`, then `detail` (words the SDK cannot translate: the system's, a library's, a
    /// server's) marked as a technical detail in the language of `locale`: ": No space left on
    /// device" in English, " (technický detail: „No space left on device“)" in Slovak and Czech.
    package static func withDetail(_ sentence: String, _ detail: String?, locale: Locale) -> String {
        guard let detail else { return sentence }
        return sentence + shared.text("detail.technical", locale: locale, ["detail": detail])
    }

    /// A bound of a range as people write it: `3600`, not `3600.0`; `0.1` stays `0.1`.
    package static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    /// "; did you mean 'a' or 'b'?" in the language of `locale`, or nothing without suggestions.
    package static func didYouMean(_ suggestions: [String], locale: Locale) -> String {
        guard !suggestions.isEmpty else { return "" }
        return shared.text(
            "hint.didYouMean", locale: locale, ["alternatives": quotedAlternatives(suggestions, locale: locale)])
    }
}

extension CountLanguage {
    /// The supported language an HTTP `Accept-Language` header prefers most (RFC 9110 §12.5.4):
    /// "cs-CZ,cs;q=0.9,en;q=0.8" is Czech; nil when it names none of them (or refuses them with q=0).
    package static func preferred(acceptLanguage header: String) -> CountLanguage? {
        var best: (language: CountLanguage, quality: Double)?
        for item in header.split(separator: ",").prefix(64) {
            let parts = item.split(separator: ";")
            guard let tag = parts.first?.trimmingCharacters(in: .whitespaces).lowercased() else { continue }
            let primary = tag.split(separator: "-").first.map(String.init) ?? tag
            guard let language = CountLanguage(rawValue: primary) else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if pair.count == 2, pair[0].lowercased() == "q", let value = Double(pair[1]), (0...1).contains(value) {
                    quality = value
                }
            }
            guard quality > 0 else { continue }
            if quality > (best?.quality ?? 0) { best = (language, quality) }
        }
        return best?.language
    }
}
