import Foundation

/// Describes one setting of a filter, as Core Image's filter attributes do: enough for a user
/// interface to build a slider or a switch, and for the registry to validate values.
public struct ParameterDescriptor: Sendable, Hashable {
    /// What kind of value a parameter takes.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Any number in the range.
        case number
        /// A whole number in the range.
        case integer
        /// 0 (off) or 1 (on).
        case boolean
    }

    /// The parameter's name, as used in ``FilterRegistry/makeFilter(_:parameters:)`` and on the
    /// command line.
    public let name: String
    /// What kind of value it takes.
    public let kind: Kind
    /// The value used when none is given.
    public let defaultValue: Double
    /// The smallest accepted value.
    public let minimum: Double
    /// The largest accepted value.
    public let maximum: Double
    /// A short description for people.
    public let summary: String

    /// Creates a descriptor; the default must lie within the range.
    public init(name: String, kind: Kind, defaultValue: Double, minimum: Double, maximum: Double, summary: String) {
        precondition(minimum <= defaultValue && defaultValue <= maximum, "default of \(name) outside its range")
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.minimum = minimum
        self.maximum = maximum
        self.summary = summary
    }

    /// A number parameter.
    public static func number(
        _ name: String,
        default value: Double,
        in range: ClosedRange<Double>,
        _ summary: String
    ) -> ParameterDescriptor {
        ParameterDescriptor(
            name: name, kind: .number, defaultValue: value, minimum: range.lowerBound, maximum: range.upperBound,
            summary: summary)
    }

    /// A whole-number parameter.
    public static func integer(_ name: String, default value: Int, in range: ClosedRange<Int>, _ summary: String)
        -> ParameterDescriptor
    {
        ParameterDescriptor(
            name: name, kind: .integer, defaultValue: Double(value), minimum: Double(range.lowerBound),
            maximum: Double(range.upperBound), summary: summary)
    }

    /// An on/off parameter.
    public static func boolean(_ name: String, default value: Bool, _ summary: String) -> ParameterDescriptor {
        ParameterDescriptor(
            name: name, kind: .boolean, defaultValue: value ? 1 : 0, minimum: 0, maximum: 1, summary: summary)
    }

    /// Checks one value against the kind and range.
    func validate(_ value: Double, filter: String) throws(FilterError) {
        guard value.isFinite, value >= minimum, value <= maximum else {
            throw .parameterOutOfRange(
                filter: filter, parameter: name, value: value, minimum: minimum, maximum: maximum)
        }
        if kind != .number, value.rounded() != value {
            throw .invalidParameterValue(filter: filter, parameter: name, value: "\(value)", expected: kind.rawValue)
        }
    }

    /// Reads a value written as text: a number, or for a boolean also `true`/`false`/`yes`/`no`/`on`/`off`.
    func parse(_ text: String, filter: String) throws(FilterError) -> Double {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if kind == .boolean {
            switch trimmed {
            case "true", "yes", "on": return 1
            case "false", "no", "off": return 0
            default: break
            }
        }
        guard let value = Double(trimmed) else {
            throw .invalidParameterValue(filter: filter, parameter: name, value: text, expected: kind.rawValue)
        }
        return value
    }
}
