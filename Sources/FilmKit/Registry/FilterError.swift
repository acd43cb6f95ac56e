import Foundation
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
    case invalidDescription(FilterDescriptionProblem)
}

extension FilterError: CustomStringConvertible {
    /// A one-line message for people, in English.
    public var description: String { localizedDescription(for: Locale(identifier: "en")) }
}
