/// "1 photo / 2 photos", "1 fotografia / 2 fotografie / 5 fotografií", "1 fotografie /
/// 2 fotografie / 5 fotografií": a photo count with the noun in the form the number needs.
public enum PhotoCountLabel {
    /// The label for `count` photos in `language`.
    public static func text(for count: Int, language: CountLanguage = .english) -> String {
        "\(count) \(noun(for: language.category(of: count), language: language))"
    }

    /// The noun form for a plural category.
    public static func noun(for category: PluralCategory, language: CountLanguage) -> String {
        switch (language, category) {
        case (.english, .one): "photo"
        case (.english, _): "photos"
        case (.slovak, .one): "fotografia"
        case (.slovak, .few), (.slovak, .many): "fotografie"
        case (.slovak, .other): "fotografií"
        case (.czech, .one), (.czech, .few), (.czech, .many): "fotografie"
        case (.czech, .other): "fotografií"
        }
    }
}
