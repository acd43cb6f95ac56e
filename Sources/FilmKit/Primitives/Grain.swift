import Foundation
import Imaging

/// Film grain: noise in clumps of a size, strongest in the mid-tones.
///
/// Real grain is not white noise. Silver or dye clouds have a size, so the noise is drawn at a
/// lower resolution and smoothly enlarged into clumps; the clump size is a fraction of the frame's
/// short side, so the same film looks the same at any output resolution. Grain shows most where
/// the film is half exposed and least in its clear and fully dense parts, so its amplitude is
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

    /// Adds the grain.
    public func apply(to image: Image, context: FilterContext) throws -> Image {
        let input = try image.filmInput()
        guard amount > 0 else { return input }
        let noise = try unitNoise(width: input.width, height: input.height, context: context)
        let luma = try input.luma()
        // 4L(1 − L) = 4L − 4L²: a hump that is 1 at mid-grey and 0 at black and white.
        let hump = try luma.linear(multiply: 4, add: 0).subtracting(
            luma.multiplying(by: luma).linear(multiply: 4, add: 0))
        let averaging = min(1, max(0.5, size * Double(input.shortSide) / 1000))
        let levels = amount * Self.fullAmountLevels * averaging
        let amplitude = try hump.linear(multiply: 0.85 * levels, add: 0.15 * levels)
        return try input.adding(noise.multiplying(by: amplitude))
    }

    /// Noise with standard deviation 1, in clumps, one band (monochrome) or three.
    func unitNoise(width: Int, height: Int, context: FilterContext) throws -> Image {
        let clump = clumpPixels(shortSide: min(width, height))
        let smallWidth = Int((Double(width) / clump).rounded(.up)) + 3
        let smallHeight = Int((Double(height) / clump).rounded(.up)) + 3
        func layer(_ index: Int) throws -> Image {
            try Image.noise(width: smallWidth, height: smallHeight, seed: context.derived(index).seed)
        }
        var noise = try layer(0)
        if chroma > 0 {
            let colour = try Image.joiningBands([layer(1), layer(2), layer(3)])
            // Mixing two unit noises with weights m and c leaves a variance of m² + c².
            let scale = 1 / ((1 - chroma) * (1 - chroma) + chroma * chroma).squareRoot()
            noise = try noise.linear(multiply: [(1 - chroma) * scale], add: [0])
                .adding(colour.linear(multiply: chroma * scale, add: 0))
        }
        guard clump > 1 else { return try noise.cropped(x: 0, y: 0, width: width, height: height) }
        let enlarged = try noise.resized(scale: clump, kernel: .cubic).cropped(x: 0, y: 0, width: width, height: height)
        // Interpolation averages neighbours and lowers the variance; measure it on a patch so the
        // grain's strength does not depend on its size.
        let patch = try enlarged.cropped(x: 0, y: 0, width: min(width, 512), height: min(height, 512))
        let deviation = try patch.standardDeviation()
        return deviation > 0 ? try enlarged.linear(multiply: 1 / deviation, add: 0) : enlarged
    }
}
