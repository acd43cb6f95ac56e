import Foundation
import Imaging

/// Halation: a red-orange glow around bright highlights.
///
/// Light that passes through the emulsion reflects off the film base and comes back to expose
/// the red-sensitive layer (the deepest) around the highlight. Stocks with an anti-halation layer
/// show little of it; CineStill 800T, whose remjet backing is removed, shows a lot. The glow's
/// radius is a fraction of the frame, so it looks the same at any resolution; it is soft, so it
/// is computed at low resolution and enlarged, which keeps it cheap on large photos.
public struct Halation: ConfigurableFilter {
    /// How bright the glow is, 0…1.
    public var strength: Double
    /// The glow's radius (a Gaussian's sigma), as a fraction of the frame's short side.
    public var radius: Double
    /// The luma, 0…1, above which light spills.
    public var threshold: Double
    /// The glow's colour, one gain per channel.
    public var color: [Double]

    /// Colour film's glow: mostly red (the red layer lies deepest, next to the base), some green,
    /// almost no blue.
    public static let glowColor: [Double] = [1, 0.32, 0.06]

    /// Creates the filter.
    public init(strength: Double = 0.3, radius: Double = 0.012, threshold: Double = 0.8, color: [Double] = glowColor) {
        self.strength = strength
        self.radius = radius
        self.threshold = threshold
        self.color = color
    }

    /// The registry's description.
    public static let description = FilterDescription(
        name: "halation", category: .optics, summary: "A red-orange glow around bright highlights.",
        parameters: [
            .number("strength", default: 0.3, in: 0...1, "brightness of the glow"),
            .number("radius", default: 0.012, in: 0.001...0.1, "glow radius, as a fraction of the short side"),
            .number("threshold", default: 0.8, in: 0.3...0.99, "luma above which light spills"),
        ])

    /// Makes the filter from registry parameters.
    public init(parameters: FilterParameters) {
        self.init(strength: parameters["strength"], radius: parameters["radius"], threshold: parameters["threshold"])
    }

    /// Adds the glow.
    public func apply(to image: Image, context: FilterContext) throws -> Image {
        try FilmPass(halation: self).apply(to: image, seed: context.seed)
    }

    /// The glow's intensity at low resolution, which the film pass enlarges and colours.
    func glowMap(for input: Image) throws -> (samples: [Float], width: Int, height: Int, gain: Double) {
        let sigma = radius * Double(input.shortSide)
        // Work at a scale where the blur is about 4 pixels wide: plenty for a smooth glow. The
        // 8-bit frame is box-shrunk first to about 500 pixels on its short side, so the threshold
        // runs on few pixels; highlights under 0.2 % of the frame glow a little less for it. The
        // shrunk frame is kept in memory: the steps after it read it many times over.
        let shrink = max(1, min(sigma / 4, Double(input.shortSide) / 16))
        let preShrink = max(1, min(shrink, Double(input.shortSide) / 500).rounded(.down))
        let reduced = try input.shrunk(by: Int(preShrink)).materialized()
        let luma = try reduced.luma()
        let above = try luma.linear(multiply: 1 / (1 - threshold), add: -threshold / (1 - threshold))
        let spill = try above.multiplying(
            by: luma.compared(.greater, to: threshold).linear(multiply: 1.0 / 255, add: 0))
        let small = try spill.resized(scale: preShrink / shrink, kernel: .linear).materialized()
            .blurred(sigma: max(0.5, sigma / shrink)).cast(to: .float)
        let samples = try small.floatSamples()
        // The blur spreads a highlight's energy; the gain brings a small bright source's glow back up.
        return (samples, small.width, small.height, strength * 255 * 6)
    }
}
