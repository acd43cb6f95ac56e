import Imaging

/// Scales colourfulness around each pixel's own grey: 0 is grey, 1 unchanged, 2 doubly vivid.
public struct Saturation: ConfigurableFilter {
    /// The saturation factor.
    public var amount: Double

    /// Creates the filter.
    public init(amount: Double) {
        self.amount = amount
    }

    /// The registry's description.
    public static let description = FilterDescription(
        name: "saturation", category: .color, summary: "Scales colourfulness around each pixel's grey.",
        parameters: [.number("amount", default: 1, in: 0...3, "0 grey, 1 unchanged, 2 doubly vivid")])

    /// Makes the filter from registry parameters.
    public init(parameters: FilterParameters) {
        self.init(amount: parameters["amount"])
    }

    /// One colour matrix: `amount · I + (1 − amount) · luma`, so grey stays grey.
    ///
    /// - Throws: `ImagingError` if a libvips operation fails (or the source is found damaged while the pipeline runs).
    public func apply(to image: Image, context: FilterContext) throws -> Image {
        try image.filmInput().recombined(matrix: matrix)
    }

    /// The colour matrix (applied by libvips alone, or as the film pass's matrix stage when a chain
    /// merges it).
    var matrix: [[Double]] {
        let weights = [0.2126, 0.7152, 0.0722]
        return (0..<3).map { row in
            (0..<3).map { column in (row == column ? amount : 0) + (1 - amount) * weights[column] }
        }
    }
}
