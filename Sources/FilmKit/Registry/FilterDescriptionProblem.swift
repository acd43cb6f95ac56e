import Foundation
import Imaging

/// Why a filter description cannot be registered: the reason inside
/// ``FilterError/invalidDescription(_:)``, in words FilmKit translates (English, Slovak, Czech).
public enum FilterDescriptionProblem: Sendable, Hashable {
    /// The filter `filter` declares the parameter `parameter` more than once.
    case duplicateParameter(filter: String, parameter: String)
}

extension FilterDescriptionProblem: LocalizedReason {
    /// FilmKit's table.
    public static var messageTable: MessageTable { .filmKit }

    /// The reason in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .duplicateParameter(let filter, let parameter):
            return text("duplicateParameter", locale: locale, ["filter": filter, "parameter": parameter])
        }
    }
}
