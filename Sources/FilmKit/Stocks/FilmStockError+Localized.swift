import Foundation
import Imaging

extension FilmStockError: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        func text(_ key: String, _ arguments: [String: String]) -> String {
            MessageTable.filmKit.text("FilmStockError.\(key)", locale: locale, arguments)
        }
        switch self {
        case .unreadable(let path, let reason):
            return text("unreadable", ["path": path, "reason": reason.localizedDescription(for: locale)])
        case .malformed(let source, let reason):
            return text("malformed", ["source": source, "reason": reason.localizedDescription(for: locale)])
        case .valueOutOfRange(let stock, let field, let value, let range):
            return text(
                "valueOutOfRange",
                [
                    "stock": stock, "field": field, "value": "\(value)", "lower": "\(range.lowerBound)",
                    "upper": "\(range.upperBound)",
                ])
        case .invalid(let stock, let reason):
            return text("invalid", ["stock": stock, "reason": reason.localizedDescription(for: locale)])
        }
    }
}
