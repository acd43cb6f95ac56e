import Foundation
import Imaging

extension FilterError: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        func text(_ key: String, _ arguments: [String: String]) -> String {
            MessageTable.filmKit.text("FilterError.\(key)", locale: locale, arguments)
        }
        switch self {
        case .duplicateName(let name): return text("duplicateName", ["name": name])
        case .unknownFilter(let name, let suggestions):
            return text("unknownFilter", ["name": name, "hint": MessageTable.didYouMean(suggestions, locale: locale)])
        case .invalidName(let name): return text("invalidName", ["name": name])
        case .unknownParameter(let filter, let parameter, let suggestions):
            return text(
                "unknownParameter",
                [
                    "filter": filter, "parameter": parameter,
                    "hint": MessageTable.didYouMean(suggestions, locale: locale),
                ])
        case .parameterOutOfRange(let filter, let parameter, let value, let minimum, let maximum):
            return text(
                "parameterOutOfRange",
                [
                    "filter": filter, "parameter": parameter, "value": "\(value)", "minimum": "\(minimum)",
                    "maximum": "\(maximum)",
                ])
        case .invalidParameterValue(let filter, let parameter, let value, let expected):
            return text(
                "invalidParameterValue",
                ["filter": filter, "parameter": parameter, "value": value, "expected": expected])
        case .invalidDescription(let problem):
            return text("invalidDescription", ["problem": problem.localizedDescription(for: locale)])
        }
    }
}
