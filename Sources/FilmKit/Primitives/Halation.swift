import Foundation
import Imaging

/// Halation: a red-orange glow around light that over-exposed the film.
///
/// Light that passes through the emulsion reflects off the film base and comes back to expose
/// the red-sensitive layer (the deepest) around its source. Only light far brighter than the
/// frame's exposure gets through in quantity: lamps, specular glints, the sun through leaves. A
/// photo records that light clipped at white, so the glow is driven by an estimate of the scene's
/// exposure, never by display brightness alone:
///
/// 1. **How far over.** Each pixel's luma is expanded through an inverted shoulder,
///    `X = d / (1 − d + 1/256)` with `d` the linear value, the way film's latitude would have
///    recorded the highlights the camera compressed; only the part above `knee` counts, scaled so
///    that clipped white counts 1. With the default knee of 0.9, luma 0.85 (a pastel wall, a pale
///    cup) counts nothing, 0.95 counts 2 %, 0.99 counts 13 %.
/// 2. **How concentrated.** A small clipped spot was almost certainly many stops over; a clipped
///    line (a glazed rim) or area (an overcast sky) probably only just. The over-exposure is blurred
///    at the glow's radius and at three times it; their ratio `c` is about 1 for a spot much
///    smaller than the glow, 1/3 for a thin line and 1/9 for a broad area, and a source counts
///    `0.1 + 7.9 · c³` times.
/// 3. **The glow.** That estimate blurred with a Gaussian of `radius`, tinted `color`, scaled by
///    `strength` and added before a stock's curves (so it saturates as film does).
///
/// The radius is a fraction of the frame's short side, so the glow looks the same at any
/// resolution. The glow map is computed at low resolution while the image streams through the
/// film pass (a few hundred rows ahead of rendering), and enlarged smoothly.
public struct Halation: ConfigurableFilter {
    /// How bright the glow is, 0…1: about 0.05 behind an anti-halation layer, 0.85 without one.
    public var strength: Double
    /// The glow's radius (a Gaussian's sigma), as a fraction of the frame's short side.
    public var radius: Double
    /// The display luma, 0…1, from which light probably over-exposed the film.
    public var knee: Double
    /// The glow's colour, one gain per channel, 0…1.
    public var color: [Double]

    /// Colour film's glow: mostly red (the red layer lies deepest, next to the base), some green,
    /// almost no blue.
    public static let glowColor: [Double] = [1, 0.32, 0.06]

    /// Levels added, per unit of strength and colour, where the glow estimate is 1 (a clipped
    /// source as wide as the glow): enough to turn the area around a lamp red on CineStill 800T.
    static let gain = 255.0 * 8

    /// Creates the filter.
    public init(strength: Double = 0.3, radius: Double = 0.012, knee: Double = 0.9, color: [Double] = glowColor) {
        self.strength = strength
        self.radius = radius
        self.knee = knee
        self.color = color
    }

    /// The registry's description.
    public static let description = FilterDescription(
        name: "halation", category: .optics, summary: "A red-orange glow around light that over-exposed the film.",
        parameters: [
            .number("strength", default: 0.3, in: 0...1, "brightness of the glow"),
            .number("radius", default: 0.012, in: 0.001...0.1, "glow radius, as a fraction of the short side"),
            .number("knee", default: 0.9, in: 0.5...0.99, "display luma from which light probably over-exposed"),
        ])

    /// Makes the filter from registry parameters.
    public init(parameters: FilterParameters) {
        self.init(strength: parameters["strength"], radius: parameters["radius"], knee: parameters["knee"])
    }

    /// Adds the glow.
    ///
    /// - Throws: `ImagingError` if a libvips operation fails (or the source is found damaged while the pipeline runs).
    public func apply(to image: Image, context: FilterContext) throws -> Image {
        try pass.apply(to: image, context: context)
    }

    /// `true`: the film pass reads its input top to bottom (see ``Filter/readsInputSequentially``).
    public var readsInputSequentially: Bool { true }

    /// The film pass that renders this filter alone.
    var pass: FilmPass { FilmPass(halation: self) }
}
