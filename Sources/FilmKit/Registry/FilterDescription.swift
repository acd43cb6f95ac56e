/// What a registry knows about a filter besides how to make it.
public struct FilterDescription: Sendable, Hashable {
    /// The unique name the filter is registered under, such as `vintage` or `kodak-portra-400`.
    public var name: String
    /// The group it is listed in.
    public var category: FilterCategory
    /// One sentence for people.
    public var summary: String
    /// Its settings, with their ranges and defaults.
    public var parameters: [ParameterDescriptor]
    /// The name to show people, such as `Kodak Portra 400` for `kodak-portra-400`.
    public var title: String

    /// Creates a description; the title defaults to the name.
    public init(
        name: String,
        category: FilterCategory,
        summary: String,
        parameters: [ParameterDescriptor] = [],
        title: String? = nil
    ) {
        self.name = name
        self.category = category
        self.summary = summary
        self.parameters = parameters
        self.title = title ?? name
    }
}

/// A group of filters in a listing. Add your own with `FilterCategory("mine")`.
public struct FilterCategory: RawRepresentable, Sendable, Hashable, Comparable, ExpressibleByStringLiteral {
    /// The category's name.
    public var rawValue: String

    /// Creates a category.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a category.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a category from a literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// Orders categories by name.
    public static func < (lhs: FilterCategory, rhs: FilterCategory) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// Complete looks: everything a film does, in one filter.
    public static let look: FilterCategory = "look"
    /// Real film stocks.
    public static let stock: FilterCategory = "stock"
    /// Tone: curves, contrast, exposure.
    public static let tone: FilterCategory = "tone"
    /// Colour: saturation, toning, channel mixing.
    public static let color: FilterCategory = "color"
    /// Texture: grain, softness, dust.
    public static let texture: FilterCategory = "texture"
    /// Optics and light: vignette, halation, light leaks.
    public static let optics: FilterCategory = "optics"
    /// Lookup tables loaded from files.
    public static let lut: FilterCategory = "lut"
    /// Overlays: date stamps, borders.
    public static let overlay: FilterCategory = "overlay"
}

/// A filter that describes its own parameters and can be made from them, so that registering it
/// is one line: `try registry.register(MyFilter.self)`.
public protocol ConfigurableFilter: Filter {
    /// The name, category, summary and parameters.
    static var description: FilterDescription { get }
    /// Makes the filter from validated parameters.
    ///
    /// - Throws: Whatever the filter refuses, typically
    ///   ``FilterError/invalidParameterValue(filter:parameter:value:expected:)`` for a combination of values the
    ///   ranges alone do not rule out.
    init(parameters: FilterParameters) throws
}
