import CFilmKernels
import Imaging

/// Edge-preserving softening: film is not digitally sharpened, so fine texture and noise soften
/// while edges stay put.
///
/// A guided filter (He, Sun and Tang, 2013), the image guiding itself: in each neighbourhood the
/// output is `a · I + b` with `a = σ² / (σ² + ε)`, so flat areas (small variance σ²) are smoothed
/// and edges (large variance) kept. It does what a bilateral filter does, in time independent of
/// the radius, from four Gaussian blurs, computed together tile by tile in one operation.
public struct Softness: ConfigurableFilter {
    /// The neighbourhood size, in thousandths of the frame's short side.
    public var radius: Double
    /// How strong an edge must be to survive, 0…1 (as a fraction of 25.5 levels of local deviation).
    public var strength: Double

    /// Creates the filter.
    public init(radius: Double = 1, strength: Double = 0.15) {
        self.radius = radius
        self.strength = strength
    }

    /// The registry's description.
    public static let description = FilterDescription(
        name: "softness", category: .texture, summary: "Edge-preserving softening (a guided filter).",
        parameters: [
            .number("radius", default: 1, in: 0.1...20, "neighbourhood, in thousandths of the frame's short side"),
            .number("strength", default: 0.15, in: 0...1, "edges weaker than this are smoothed"),
        ])

    /// Makes the filter from registry parameters.
    public init(parameters: FilterParameters) {
        self.init(radius: parameters["radius"], strength: parameters["strength"])
    }

    /// Smooths flat areas and keeps edges.
    ///
    /// - Throws: `ImagingError` if a libvips operation fails (or the source is found damaged while the pipeline runs).
    public func apply(to image: Image, context: FilterContext) throws -> Image {
        let input = try image.filmInput()
        guard strength > 0 else { return input }
        let sigma = max(0.5, radius * Double(input.shortSide) / 1000)
        let epsilon = (strength * 25.5) * (strength * 25.5)
        // One libvips operation (`AkvSoftness.c`): the four blurs and the arithmetic between them
        // per tile, with no whole-frame float image in between.
        let guide = try input.cast(to: .float)
        return try Image.make("softness", keepingAlive: [guide]) { akv_softness(guide.pointer, $0, sigma, epsilon) }
    }
}
