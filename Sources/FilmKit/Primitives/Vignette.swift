import Foundation
import Imaging

/// Darker corners with a smooth fall-off, as a lens gives.
///
/// The fall-off follows the frame's shape (an ellipse through the corners). Brightness is kept
/// inside `radius` and falls smoothly to `1 − amount` at the corners.
public struct Vignette: ConfigurableFilter {
    /// How much darker the corners are, as a fraction (0.3 is 30 % darker).
    public var amount: Double
    /// Where the darkening starts, as a fraction of the distance from the centre to a corner.
    public var radius: Double

    /// Creates a vignette.
    public init(amount: Double = 0.3, radius: Double = 0.5) {
        self.amount = amount
        self.radius = radius
    }

    /// The registry's description.
    public static let description = FilterDescription(
        name: "vignette", category: .optics, summary: "Darker corners with a smooth fall-off.",
        parameters: [
            .number("amount", default: 0.3, in: 0...1, "how much darker the corners are"),
            .number("radius", default: 0.5, in: 0...0.95, "where the darkening starts, centre 0 to corner 1"),
        ])

    /// Makes the filter from registry parameters.
    public init(parameters: FilterParameters) {
        self.init(amount: parameters["amount"], radius: parameters["radius"])
    }

    /// The brightness factor at `distance` from the centre (0) to a corner (1).
    public func factor(at distance: Double) -> Double {
        let t = min(max((distance - radius) / (1 - radius), 0), 1)
        return 1 - amount * t * t * (3 - 2 * t)
    }

    /// Multiplies the image by the fall-off.
    ///
    /// - Throws: `ImagingError` if a libvips operation fails (or the source is found damaged while the pipeline runs).
    public func apply(to image: Image, context: FilterContext) throws -> Image {
        try pass.apply(to: image, context: context)
    }

    /// `true`: the film pass reads its input top to bottom (see ``Filter/readsInputSequentially``).
    public var readsInputSequentially: Bool { true }

    /// The film pass that renders this filter alone.
    var pass: FilmPass { FilmPass(vignette: self) }
}
