/// Validated parameter values for one filter: every declared parameter has a value in range.
///
/// Made by ``FilterRegistry/makeFilter(_:parameters:)`` and handed to the filter's factory.
public struct FilterParameters: Sendable, Hashable {
    private let values: [String: Double]

    /// Checks `given` against `descriptors` and fills in defaults.
    ///
    /// - Throws: ``FilterError/unknownParameter(filter:parameter:suggestions:)`` for a name not
    ///   declared, ``FilterError/parameterOutOfRange(filter:parameter:value:minimum:maximum:)`` and
    ///   ``FilterError/invalidParameterValue(filter:parameter:value:expected:)`` for bad values.
    public init(validating given: [String: Double], against descriptors: [ParameterDescriptor], filter: String)
        throws(FilterError)
    {
        let known = Dictionary(uniqueKeysWithValues: descriptors.map { ($0.name, $0) })
        for (name, value) in given.sorted(by: { $0.key < $1.key }) {
            guard let descriptor = known[name] else {
                throw .unknownParameter(
                    filter: filter, parameter: name,
                    suggestions: NameMatcher.closeMatches(to: name, in: Array(known.keys)))
            }
            try descriptor.validate(value, filter: filter)
        }
        values = Dictionary(uniqueKeysWithValues: descriptors.map { ($0.name, given[$0.name] ?? $0.defaultValue) })
    }

    /// The value of a declared parameter (0 for a name that was not declared).
    public subscript(name: String) -> Double {
        values[name] ?? 0
    }

    /// A whole-number parameter's value.
    public func integer(_ name: String) -> Int {
        Int(self[name])
    }

    /// An on/off parameter's value.
    public func boolean(_ name: String) -> Bool {
        self[name] != 0
    }
}
