import FilmKit

extension FilterRegistry {
    /// A registry with no filters but the given mocks, each registered under its name in the
    /// `look` category: for tests of code that looks filters up by name.
    ///
    /// - Throws: `FilterError/invalidName(_:)` if a key is not a filter name.
    public static func mocked(_ filters: [String: MockFilter]) throws -> FilterRegistry {
        let registry = FilterRegistry(includingBuiltIns: false)
        for (name, filter) in filters {
            try registry.register(filter, name: name, category: .look, summary: "mock filter")
        }
        return registry
    }
}
