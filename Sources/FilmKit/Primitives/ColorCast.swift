import Imaging

/// A colour cast: each channel scaled by its own gain, as a film's base or a print's filtration tints it.
public struct ColorCast: ConfigurableFilter {
    /// The red gain.
    public var red: Double
    /// The green gain.
    public var green: Double
    /// The blue gain.
    public var blue: Double

    /// Creates the filter.
    public init(red: Double = 1, green: Double = 1, blue: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The registry's description.
    public static let description = FilterDescription(
        name: "color-cast", category: .color, summary: "Scales each channel by its own gain.",
        parameters: [
            .number("red", default: 1, in: 0.5...1.5, "red gain"),
            .number("green", default: 1, in: 0.5...1.5, "green gain"),
            .number("blue", default: 1, in: 0.5...1.5, "blue gain"),
        ])

    /// Makes the filter from registry parameters.
    public init(parameters: FilterParameters) {
        self.init(red: parameters["red"], green: parameters["green"], blue: parameters["blue"])
    }

    /// Multiplies each channel by its gain.
    ///
    /// - Throws: `ImagingError` if a libvips operation fails (or the source is found damaged while the pipeline runs).
    public func apply(to image: Image, context: FilterContext) throws -> Image {
        try image.filmInput().linear(multiply: [red, green, blue], add: [0, 0, 0])
    }

    /// The gains as a colour matrix (the film pass's matrix stage, when a chain merges the cast).
    var matrix: [[Double]] { [[red, 0, 0], [0, green, 0], [0, 0, blue]] }
}
