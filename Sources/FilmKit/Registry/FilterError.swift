import Imaging

/// What went wrong when registering, finding or configuring a filter.
public enum FilterError: Error, Sendable, Hashable {
    /// A filter is already registered under this name; pass `replacing: true` to replace it.
    case duplicateName(String)
    /// No filter is registered under this name; `suggestions` are registered names close to it.
    case unknownFilter(name: String, suggestions: [String])
    /// The name is empty or contains characters other than letters, digits, `-`, `_` and `.`.
    case invalidName(String)
    /// The filter has no parameter of this name.
    case unknownParameter(filter: String, parameter: String, suggestions: [String])
    /// The value is outside the parameter's range.
    case parameterOutOfRange(filter: String, parameter: String, value: Double, minimum: Double, maximum: Double)
    /// The value is not of the parameter's kind (text that is not a number, a fraction for a whole number).
    case invalidParameterValue(filter: String, parameter: String, value: String, expected: String)
    /// A filter description is inconsistent, such as two parameters with one name.
    case invalidDescription(String)
}

extension FilterError: CustomStringConvertible {
    /// A one-line message for people.
    public var description: String {
        switch self {
        case .duplicateName(let name):
            return "a filter named '\(name)' is already registered (pass replacing: true to replace it)"
        case .unknownFilter(let name, let suggestions):
            return "no filter named '\(name)'" + Self.didYouMean(suggestions)
        case .invalidName(let name):
            return "'\(name)' is not a valid filter name (use letters, digits, '-', '_' and '.')"
        case .unknownParameter(let filter, let parameter, let suggestions):
            return "filter '\(filter)' has no parameter '\(parameter)'" + Self.didYouMean(suggestions)
        case .parameterOutOfRange(let filter, let parameter, let value, let minimum, let maximum):
            return "\(filter): \(parameter) = \(value) is out of range \(minimum)…\(maximum)"
        case .invalidParameterValue(let filter, let parameter, let value, let expected):
            return "\(filter): \(parameter) = '\(value)' is not a valid \(expected)"
        case .invalidDescription(let message):
            return "invalid filter description: \(message)"
        }
    }

    private static func didYouMean(_ suggestions: [String]) -> String {
        guard !suggestions.isEmpty else { return "" }
        return "; did you mean " + suggestions.map { "'\($0)'" }.joined(separator: " or ") + "?"
    }
}
