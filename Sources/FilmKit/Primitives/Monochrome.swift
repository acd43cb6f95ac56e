import Imaging

/// Black and white through a channel mix, as a coloured filter on the lens would give: more red
/// darkens blue skies, more green lightens foliage. The output keeps three equal bands.
public struct Monochrome: ConfigurableFilter {
    /// The weight of each channel; normalised to sum to 1 so brightness is kept.
    public var red: Double
    /// The green weight.
    public var green: Double
    /// The blue weight.
    public var blue: Double

    /// Creates the mix. The weights must not sum to zero.
    ///
    /// - Throws: ``FilterError/invalidParameterValue(filter:parameter:value:expected:)`` if the weights sum to zero.
    public init(red: Double = 0.3, green: Double = 0.59, blue: Double = 0.11) throws(FilterError) {
        guard abs(red + green + blue) > 1e-6 else {
            throw .invalidParameterValue(
                filter: Self.description.name, parameter: "red+green+blue", value: "0", expected: "a non-zero sum")
        }
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The registry's description.
    public static let description = FilterDescription(
        name: "monochrome", category: .color,
        summary: "Black and white through a channel mix, like a colour filter on the lens.",
        parameters: [
            .number("red", default: 0.3, in: -1...2, "weight of the red channel"),
            .number("green", default: 0.59, in: -1...2, "weight of the green channel"),
            .number("blue", default: 0.11, in: -1...2, "weight of the blue channel"),
        ])

    /// Makes the filter from registry parameters.
    ///
    /// - Throws: ``FilterError/invalidParameterValue(filter:parameter:value:expected:)`` if the weights sum to zero.
    public init(parameters: FilterParameters) throws {
        try self.init(red: parameters["red"], green: parameters["green"], blue: parameters["blue"])
    }

    /// Three identical rows of the normalised weights.
    ///
    /// - Throws: `ImagingError` if a libvips operation fails (or the source is found damaged while the pipeline runs).
    public func apply(to image: Image, context: FilterContext) throws -> Image {
        try image.filmInput().recombined(matrix: matrix)
    }

    /// The colour matrix (applied by libvips alone, or as the film pass's matrix stage when a chain
    /// merges it).
    var matrix: [[Double]] {
        let sum = red + green + blue
        let row = [red / sum, green / sum, blue / sum]
        return [row, row, row]
    }
}
