import Foundation
import Imaging

/// Film grain: noise in clumps of a size, strongest in the mid-tones.
///
/// Real grain is not white noise. Silver or dye clouds have a size, so the noise is drawn on a
/// lattice of that spacing and smoothly interpolated into clumps (value noise on two lattices
/// offset by half a cell, renormalised to an even strength; each lattice value is a hash of the
/// seed and its position, so the grain is the same on any number of threads). The clump size is
/// a fraction of the frame's short side, so the same film looks the same at any output
/// resolution. Grain shows most where the film is half exposed and least in its clear and fully
/// dense parts, so its amplitude is
/// `0.15 + 0.85 · 4L(1 − L)` of the mid-tone value at luma `L`. Colour film's three dye layers
/// grain independently (`chroma` 1); black-and-white film's grain is the same in every channel
/// (`chroma` 0). When a clump is smaller than a pixel, each pixel averages several clumps and the
/// deviation falls in proportion (down to half, so that small previews still show texture).
public struct Grain: ConfigurableFilter {
    /// The grain's standard deviation on mid-grey, as a fraction of 32 levels (0…1).
    public var amount: Double
    /// The clump size, in thousandths of the frame's short side.
    public var size: Double
    /// 0 for monochrome grain, 1 for independent grain in each colour channel.
    public var chroma: Double

    /// The standard deviation, in 8-bit levels, that `amount` 1 gives on mid-grey.
    public static let fullAmountLevels = 32.0

    /// Creates a grain filter.
    public init(amount: Double = 0.3, size: Double = 1, chroma: Double = 0) {
        self.amount = amount
        self.size = size
        self.chroma = chroma
    }

    /// The registry's description.
    public static let description = FilterDescription(
        name: "grain", category: .texture, summary: "Film grain in clumps, strongest in the mid-tones, seeded.",
        parameters: [
            .number("amount", default: 0.3, in: 0...1, "standard deviation on mid-grey, as a fraction of 32 levels"),
            .number("size", default: 1, in: 0.1...10, "clump size, in thousandths of the frame's short side"),
            .number("chroma", default: 0, in: 0...1, "0 monochrome grain, 1 independent per colour channel"),
        ])

    /// Makes the filter from registry parameters.
    public init(parameters: FilterParameters) {
        self.init(amount: parameters["amount"], size: parameters["size"], chroma: parameters["chroma"])
    }

    /// The clump size in pixels for an image whose short side is `shortSide` pixels.
    public func clumpPixels(shortSide: Int) -> Double {
        max(1, size * Double(shortSide) / 1000)
    }

    /// The grain's standard deviation, in levels, at `luma` (0…1) for clumps of `clump` pixels.
    func amplitude(atLuma luma: Double, clump: Double) -> Double {
        let averaging = min(1, max(0.5, clump))
        let hump = 4 * luma * (1 - luma)
        return amount * Self.fullAmountLevels * averaging * (0.15 + 0.85 * hump)
    }

    /// Adds the grain.
    ///
    /// - Throws: `ImagingError` if a libvips operation fails (or the source is found damaged while the pipeline runs).
    public func apply(to image: Image, context: FilterContext) throws -> Image {
        try pass.apply(to: image, seed: context.seed)
    }

    /// `true`: the film pass reads its input top to bottom (see ``Filter/readsInputSequentially``).
    public var readsInputSequentially: Bool { true }

    /// The film pass that renders this filter alone.
    var pass: FilmPass { FilmPass(grain: self) }
}
