import Foundation

/// The reason inside an SDK error, as a value whose text is in one kit's ``MessageTable``.
///
/// Each of its texts has the key `<keyPrefix>.<key>`, where ``keyPrefix`` is the type's name
/// unless the type says otherwise. `description` is the English text (for logs and
/// `"\(reason)"`); ``LocalizableError/localizedDescription(for:)`` gives the text in the language
/// of a locale. The SDK's reason enums (`RollProblem`, `GalleryProblem`, `JSONFieldProblem`, …)
/// conform to it.
public protocol LocalizedReason: LocalizableError, CustomStringConvertible {
    /// The kit's table that holds the reason's texts.
    static var messageTable: MessageTable { get }

    /// What every key of the reason starts with, before a dot; the type's name by default.
    static var keyPrefix: String { get }
}

extension LocalizedReason {
    /// The type's name, such as `RollProblem`.
    public static var keyPrefix: String { String(describing: Self.self) }

    /// The reason in English.
    public var description: String { localizedDescription(for: Locale(identifier: "en")) }

    /// The text `<keyPrefix>.<key>` in the language of `locale` with its `{placeholders}` filled
    /// in, then `detail` (the system's or a library's words) marked as a technical detail.
    package func text(
        _ key: String, locale: Locale, _ arguments: [String: String] = [:], detail: String? = nil
    ) -> String {
        let sentence = Self.messageTable.text("\(Self.keyPrefix).\(key)", locale: locale, arguments)
        return MessageTable.withDetail(sentence, detail, locale: locale)
    }

    /// The text `<keyPrefix>.<key>.<category>` in the plural form `count` needs in the language of
    /// `locale`, with `{count}` set to `count`.
    package func plural(_ key: String, count: Int, locale: Locale, _ arguments: [String: String] = [:]) -> String {
        Self.messageTable.plural("\(Self.keyPrefix).\(key)", count: count, locale: locale, arguments)
    }
}
