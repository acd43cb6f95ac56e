import CFilmKernels
import Imaging

/// Edge-preserving softening: film is not digitally sharpened, so fine texture and noise soften
/// while edges stay put.
///
/// A guided filter (He, Sun and Tang, 2013), the image guiding itself: in each neighbourhood the
/// output is `a · I + b` with `a = σ² / (σ² + ε)`, so flat areas (small variance σ²) are smoothed
/// and edges (large variance) kept. It does what a bilateral filter does, in time independent of
/// the radius, from four Gaussian blurs, computed together tile by tile in one operation.
///
/// When the blur spans 2.4 pixels or more (from about 12 MP at the looks' radius 0.8), the means,
/// the variance and the weights made from them, which are smooth at the blur's scale, are computed
/// on a grid of cells of several pixels and interpolated back to each pixel (the fast guided
/// filter, He and Sun 2015): on the coffee sample at a 3.2-pixel blur, within 0.02–0.05 of a level
/// on average and 4–7 levels at most of the filter at full size, at a quarter of the blurs' work.
/// 8-bit images are read and written in 8 bits (rounded to the nearest level); other formats as
/// float.
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
        try apply(to: image, factor: nil)
    }

    /// The filter with its means computed on cells of `factor` × `factor` pixels, or of the size
    /// ``cellSize(sigma:)`` picks when `nil`.
    func apply(to image: Image, factor: Int?) throws -> Image {
        let input = try image.filmInput()
        guard strength > 0 else { return input }
        let sigma = max(0.5, radius * Double(input.shortSide) / 1000)
        let epsilon = (strength * 25.5) * (strength * 25.5)
        let cells = Int32(clamping: factor ?? Self.cellSize(sigma: sigma))
        // One libvips operation (`AkvSoftness.c`): the four blurs and the arithmetic between them
        // per tile, with no whole-frame float image in between; 8-bit samples in and out (the
        // result rounded to the nearest level), other formats through float.
        let guide = input.format == .uchar ? input : try input.cast(to: .float)
        return try Image.make("softness", keepingAlive: [guide]) {
            akv_softness(guide.pointer, $0, sigma, epsilon, cells)
        }
    }

    /// The side, in pixels, of the cells the filter's means are computed on for a blur of `sigma`
    /// pixels: the means, the variance and the weights made from them are smooth at the scale of
    /// the blur, so a grid of cells samples them well enough when the blur spans several cells
    /// (the fast guided filter, He and Sun 2015); below 2.4 pixels the filter runs at full size.
    static func cellSize(sigma: Double) -> Int {
        // Clamped before the conversion: an infinite or NaN blur (refused by the operation) must not trap here.
        sigma.isFinite ? Int(min(max(sigma / 1.2, 1), 16)) : 1
    }
}
