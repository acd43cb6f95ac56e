import Foundation
import Imaging

/// Tints shadows and highlights with different hues, as colour negative film prints do (Kodak
/// Gold's warm shadows and cooler highlights).
public struct SplitTone: ConfigurableFilter {
    /// The hue of the shadow tint, in degrees (30 is orange).
    public var shadowHue: Double
    /// How strongly the shadows are tinted, 0…1.
    public var shadowStrength: Double
    /// The hue of the highlight tint, in degrees (200 is a cool cyan-blue).
    public var highlightHue: Double
    /// How strongly the highlights are tinted, 0…1.
    public var highlightStrength: Double

    /// Creates the filter.
    public init(
        shadowHue: Double = 30, shadowStrength: Double = 0.1, highlightHue: Double = 200,
        highlightStrength: Double = 0.06
    ) {
        self.shadowHue = shadowHue
        self.shadowStrength = shadowStrength
        self.highlightHue = highlightHue
        self.highlightStrength = highlightStrength
    }

    /// The registry's description.
    public static let description = FilterDescription(
        name: "split-tone", category: .color, summary: "Warm shadows and cool highlights, with hues of your choice.",
        parameters: [
            .number("shadow-hue", default: 30, in: 0...360, "hue of the shadow tint, degrees"),
            .number("shadow-strength", default: 0.1, in: 0...1, "strength of the shadow tint"),
            .number("highlight-hue", default: 200, in: 0...360, "hue of the highlight tint, degrees"),
            .number("highlight-strength", default: 0.06, in: 0...1, "strength of the highlight tint"),
        ])

    /// Makes the filter from registry parameters.
    public init(parameters: FilterParameters) {
        self.init(
            shadowHue: parameters["shadow-hue"], shadowStrength: parameters["shadow-strength"],
            highlightHue: parameters["highlight-hue"], highlightStrength: parameters["highlight-strength"])
    }

    /// Adds `strength · w(L) · tint`, with weights `(1 − L)²` in the shadows and `L²` in the
    /// highlights; each tint has zero mean, so brightness is kept. The film pass computes it (the
    /// stage a stock's split tone runs as), so the rule is written once.
    ///
    /// - Throws: `ImagingError` if a libvips operation fails (or the source is found damaged while the pipeline runs).
    public func apply(to image: Image, context: FilterContext) throws -> Image {
        try pass.apply(to: image, context: context)
    }

    /// `true`: the film pass reads its input top to bottom (see ``Filter/readsInputSequentially``).
    public var readsInputSequentially: Bool { true }

    /// The film pass that renders this filter alone.
    var pass: FilmPass { FilmPass(tones: self) }

    /// A fully saturated colour of `hue`, minus its mean, scaled to sample levels.
    static func tint(hue: Double, strength: Double) -> [Double] {
        let rgb = (0..<3).map { channel in
            let angle = (hue - Double(channel) * 120) * .pi / 180
            return 0.5 + 0.5 * cos(angle)
        }
        let mean = rgb.reduce(0, +) / 3
        return rgb.map { ($0 - mean) * strength * 255 }
    }
}
