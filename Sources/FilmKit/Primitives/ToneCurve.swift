import Foundation
import Imaging

/// Film's characteristic curve: blacks lifted (film base never prints pure black), whites rolled
/// off (highlights compress on the shoulder), mid-tone contrast kept or raised.
///
/// The curve is `lift + (white − lift) · S(x)`, with the symmetric S-curve
/// `S(x) = xᶜ / (xᶜ + (1 − x)ᶜ)`: slope `contrast` at mid-grey, flattening into a toe and a
/// shoulder. It is applied as a 256-entry lookup table, which costs one table read per sample.
public struct ToneCurve: ConfigurableFilter {
    /// The darkest output, as a fraction of white.
    public var lift: Double
    /// The brightest output, as a fraction of white.
    public var white: Double
    /// The mid-tone slope: 1 keeps contrast, above 1 raises it.
    public var contrast: Double

    /// Creates a tone curve.
    public init(lift: Double = 0.05, white: Double = 0.95, contrast: Double = 1.1) {
        self.lift = lift
        self.white = white
        self.contrast = contrast
    }

    /// The registry's description.
    public static let description = FilterDescription(
        name: "tone-curve", category: .tone,
        summary: "Film's characteristic curve: lifted blacks, rolled-off whites, mid-tone contrast.",
        parameters: [
            .number("lift", default: 0.05, in: 0...0.4, "darkest output, as a fraction of white"),
            .number("white", default: 0.95, in: 0.6...1, "brightest output, as a fraction of white"),
            .number("contrast", default: 1.1, in: 0.3...3, "mid-tone slope; 1 keeps contrast"),
        ])

    /// Makes the curve from registry parameters.
    public init(parameters: FilterParameters) {
        self.init(lift: parameters["lift"], white: parameters["white"], contrast: parameters["contrast"])
    }

    /// The curve at `x` in 0…1.
    public func value(at x: Double) -> Double {
        let rising = pow(x, contrast)
        let s = rising / (rising + pow(1 - x, contrast))
        return lift + (white - lift) * s
    }

    /// Maps every band through the curve.
    ///
    /// - Throws: `ImagingError` if a libvips operation fails (or the source is found damaged while the pipeline runs).
    public func apply(to image: Image, context: FilterContext) throws -> Image {
        try image.filmInput().asUChar().mapped(through: Image.lookupTable([table]))
    }

    /// The curve at each level 0…255, in levels (the lookup table, or the film pass's curves when a
    /// chain merges it).
    var table: [Double] { (0..<256).map { 255 * value(at: Double($0) / 255) } }
}
