import Locking

/// Filters by name: register a factory under a unique name, look it up, list, replace, unregister.
///
/// Safe to use from many tasks at once. ``shared`` holds the built-in filters; create your own
/// registry when you want a separate set, for example in tests.
///
/// ```swift
/// let vintage = try FilterRegistry.shared.makeFilter("vintage", parameters: ["grain": 0.5])
/// let output = try vintage.apply(to: photo, seed: 42)
/// ```
///
/// Names are compared ignoring case and accents, so `Vintage` finds `vintage`.
public final class FilterRegistry: Sendable {
    /// Makes a filter from validated parameters.
    public typealias Factory = @Sendable (FilterParameters) throws -> any Filter

    private struct Entry: Sendable {
        let description: FilterDescription
        let factory: Factory
    }

    private let entries = Locked<[String: Entry]>([:])

    /// The registry most programs use, holding the built-in filters and looks.
    public static let shared = FilterRegistry()

    /// Creates a registry, with the built-in filters and film stocks unless `includingBuiltIns` is false.
    public init(includingBuiltIns: Bool = true) {
        guard includingBuiltIns else { return }
        // Built-in descriptions are fixed, valid and their names distinct, so this cannot fail.
        for filter in BuiltInFilters.all {
            try! register(filter.description, factory: filter.factory)
        }
        for stock in FilmStock.builtIn {
            try! registerStock(stock)
        }
    }

    /// Registers a factory under the description's name.
    ///
    /// - Parameters:
    ///   - description: the filter's name, category, summary and parameters.
    ///   - replacing: replace a filter already registered under the name instead of
    ///     throwing ``FilterError/duplicateName(_:)``.
    ///   - factory: makes the filter from validated parameters.
    /// - Throws: ``FilterError/duplicateName(_:)`` if the name is taken and `replacing` is `false`;
    ///   ``FilterError/invalidName(_:)`` if the name is not a filter name; ``FilterError/invalidDescription(_:)`` if
    ///   the description declares a parameter twice.
    public func register(_ description: FilterDescription, replacing: Bool = false, factory: @escaping Factory)
        throws(FilterError)
    {
        try Self.check(description)
        let key = NameMatcher.fold(description.name)
        try entries.withLock { (entries: inout [String: Entry]) throws(FilterError) in
            if !replacing, let existing = entries[key] {
                throw .duplicateName(existing.description.name)
            }
            entries[key] = Entry(description: description, factory: factory)
        }
    }

    /// Registers a filter type that describes itself.
    ///
    /// - Throws: As ``register(_:replacing:factory:)``.
    public func register<F: ConfigurableFilter>(_ type: F.Type, replacing: Bool = false) throws(FilterError) {
        try register(type.description, replacing: replacing) { try F(parameters: $0) }
    }

    /// Registers one fixed filter with no parameters, such as a loaded LUT or a chain.
    ///
    /// - Throws: As ``register(_:replacing:factory:)``.
    public func register(
        _ filter: any Filter,
        name: String,
        category: FilterCategory,
        summary: String,
        replacing: Bool = false
    ) throws(FilterError) {
        let description = FilterDescription(name: name, category: category, summary: summary)
        try register(description, replacing: replacing) { _ in filter }
    }

    /// Removes a filter.
    /// - Throws: ``FilterError/unknownFilter(name:suggestions:)`` when nothing is registered under the name.
    public func unregister(_ name: String) throws(FilterError) {
        let removed = entries.withLock { $0.removeValue(forKey: NameMatcher.fold(name)) }
        guard removed != nil else { throw unknown(name) }
    }

    /// Whether a filter is registered under `name`.
    public func contains(_ name: String) -> Bool {
        entries.withLock { $0[NameMatcher.fold(name)] != nil }
    }

    /// The description of the filter registered under `name`.
    ///
    /// - Throws: ``FilterError/unknownFilter(name:suggestions:)`` with close matches if no filter has the name.
    public func description(of name: String) throws(FilterError) -> FilterDescription {
        try entry(name).description
    }

    /// Makes the filter registered under `name` with the given parameter values; parameters not
    /// given take their defaults.
    ///
    /// - Throws: ``FilterError/unknownFilter(name:suggestions:)``, and the parameter errors of
    ///   ``FilterParameters/init(validating:against:filter:)``; and whatever the factory throws.
    public func makeFilter(_ name: String, parameters: [String: Double] = [:]) throws -> any Filter {
        let entry = try entry(name)
        let validated = try FilterParameters(
            validating: parameters, against: entry.description.parameters, filter: entry.description.name)
        return try entry.factory(validated)
    }

    /// Makes a filter from parameter values written as text (`"0.5"`, `"true"`), as a command line
    /// or a settings file gives them.
    ///
    /// - Throws: ``FilterError/unknownFilter(name:suggestions:)``;
    ///   ``FilterError/unknownParameter(filter:parameter:suggestions:)`` for a parameter the filter does not have;
    ///   ``FilterError/invalidParameterValue(filter:parameter:value:expected:)`` for text that is not a value of the
    ///   parameter's kind; then what ``makeFilter(_:parameters:)`` throws.
    public func makeFilter(_ name: String, textParameters: [String: String]) throws -> any Filter {
        let description = try entry(name).description
        var values: [String: Double] = [:]
        for (key, text) in textParameters {
            guard let descriptor = description.parameters.first(where: { $0.name == key }) else {
                throw FilterError.unknownParameter(
                    filter: description.name, parameter: key,
                    suggestions: NameMatcher.closeMatches(to: key, in: description.parameters.map(\.name)))
            }
            values[key] = try descriptor.parse(text, filter: description.name)
        }
        return try makeFilter(name, parameters: values)
    }

    /// Every registered name, sorted.
    public var names: [String] {
        descriptions.map(\.name)
    }

    /// Every registered description, sorted by name.
    public var descriptions: [FilterDescription] {
        entries.withLock { $0.values.map(\.description) }.sorted { $0.name < $1.name }
    }

    /// The names in one category, sorted.
    public func names(in category: FilterCategory) -> [String] {
        descriptions.filter { $0.category == category }.map(\.name)
    }

    /// The categories that have at least one filter, sorted.
    public var categories: [FilterCategory] {
        Array(Set(descriptions.map(\.category))).sorted()
    }

    private func entry(_ name: String) throws(FilterError) -> Entry {
        guard let entry = entries.withLock({ $0[NameMatcher.fold(name)] }) else { throw unknown(name) }
        return entry
    }

    private func unknown(_ name: String) -> FilterError {
        .unknownFilter(name: name, suggestions: NameMatcher.closeMatches(to: name, in: names))
    }

    /// Whether `name` can name a filter: letters, digits, `-`, `_` and `.` (accents folded).
    static func isValidName(_ name: String) -> Bool {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-_.")
        return !name.isEmpty && NameMatcher.fold(name).allSatisfy { allowed.contains($0) }
    }

    private static func check(_ description: FilterDescription) throws(FilterError) {
        let name = description.name
        guard isValidName(name) else { throw .invalidName(name) }
        var seen: Set<String> = []
        for parameter in description.parameters where !seen.insert(parameter.name).inserted {
            throw .invalidDescription(.duplicateParameter(filter: name, parameter: parameter.name))
        }
    }
}
