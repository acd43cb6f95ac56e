import Foundation
import Imaging

/// "1 photo / 2 photos", "1 fotografia / 2 fotografie / 5 fotografií", "1 fotografie /
/// 2 fotografie / 5 fotografií": a photo count with the noun in the form the number needs.
public enum PhotoCountLabel {
    /// The label for `count` photos in `language`.
    public static func text(for count: Int, language: CountLanguage = .english) -> String {
        "\(count) \(noun(for: language.category(of: count), language: language))"
    }

    /// The label for `count` photos in the language of `locale` (English when it is not Slovak
    /// or Czech).
    public static func text(for count: Int, locale: Locale) -> String {
        text(for: count, language: CountLanguage(locale: locale))
    }

    /// The noun form for a plural category.
    public static func noun(for category: PluralCategory, language: CountLanguage) -> String {
        MessageTable.galleryKit.text(
            "PhotoCountLabel.noun.\(category.rawValue)", locale: Locale(identifier: language.rawValue))
    }
}
