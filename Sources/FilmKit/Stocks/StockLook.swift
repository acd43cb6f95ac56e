import Foundation
import Imaging

/// A film stock rendered on a photo: the filter a stock is registered as.
///
/// The stages follow the light: the lens's vignette, halation in the emulsion, the stock's colour
/// response (saturation, or for black and white its channel mix), its characteristic curve per
/// channel with the cast folded in, the print's split toning, and last the grain. They run in one
/// fused pass over the pixels.
public struct StockLook: Filter {
    /// The stock.
    public var stock: FilmStock
    /// Scales the stock's grain: 0 none, 1 as published, 2 double.
    public var grainScale: Double
    /// Scales the stock's halation.
    public var halationScale: Double
    /// The vignette, 0…1.
    public var vignette: Double

    /// Creates the look of `stock`, as published unless scaled.
    public init(stock: FilmStock, grainScale: Double = 1, halationScale: Double = 1, vignette: Double? = nil) {
        self.stock = stock
        self.grainScale = grainScale
        self.halationScale = halationScale
        self.vignette = vignette ?? stock.vignette
    }

    /// The fused pass that renders the look.
    var pass: FilmPass {
        var pass = colour.pass
        if vignette > 0 {
            pass.vignette = Vignette(amount: vignette, radius: 0.45)
        }
        if stock.halation.strength * halationScale > 0 {
            pass.halation = Halation(
                strength: min(1, stock.halation.strength * halationScale), radius: stock.halation.radius,
                color: stock.halation.color(for: stock.type))
        }
        let rms = stock.grain.rmsDensity * grainScale
        if rms > 0 {
            pass.grain = GrainModel(
                rms: rms, clump: stock.grain.clumpMicrometres ?? GrainFigure.defaultClump(iso: stock.iso),
                gamma: GrainModel.gamma(for: stock.type), reversal: stock.type == .slide,
                chroma: stock.type == .blackAndWhite ? 0 : GrainModel.dyeChroma)
        }
        return pass
    }

    /// Renders the stock.
    ///
    /// - Throws: `ImagingError` if a libvips operation fails (or the source is found damaged while the pipeline runs).
    public func apply(to image: Image, context: FilterContext) throws -> Image {
        try pass.apply(to: image, context: context)
    }

    /// `true`: the film pass reads its input top to bottom (see ``Filter/readsInputSequentially``).
    public var readsInputSequentially: Bool { true }

    /// What the stock makes of a grey of `level` (0…255, rounded to a whole level) before grain,
    /// halation and vignette: one value per channel, before rounding to 8 bits. It is the film
    /// pass's own kernel run on one pixel, so the rule is written once. Tests compare the
    /// rendered pixels with this.
    public func expectedGrey(_ level: Double) -> [Double] {
        let byte = UInt8(min(255, max(0, level.isNaN ? 0 : level.rounded())))
        return colour.pass.colour(of: [byte, byte, byte])
    }

    private var colour: StockColor { StockColor(stock: stock) }
}

/// The stock's colour and tone: one colour matrix, one lookup table per channel, one split tone.
struct StockColor {
    let stock: FilmStock

    var matrix: [[Double]] {
        if stock.type == .blackAndWhite {
            let mix = stock.color.mix ?? [0.3, 0.59, 0.11]
            let sum = mix.reduce(0, +)
            let row = mix.map { $0 / sum }
            return [row, row, row]
        }
        let weights = [0.2126, 0.7152, 0.0722]
        let saturation = stock.color.saturation
        return (0..<3).map { row in
            (0..<3).map { column in (row == column ? saturation : 0) + (1 - saturation) * weights[column] }
        }
    }

    /// The film pass of the stock's colour and tone alone (the stages are added to it).
    var pass: FilmPass { FilmPass(matrix: matrix, curves: tables, tones: tones) }

    var tones: SplitTone? {
        guard stock.type != .blackAndWhite else { return nil }
        let shadow = stock.color.shadowTint
        let highlight = stock.color.highlightTint
        guard shadow.strength > 0 || highlight.strength > 0 else { return nil }
        return SplitTone(
            shadowHue: shadow.hue, shadowStrength: shadow.strength, highlightHue: highlight.hue,
            highlightStrength: highlight.strength)
    }

    var curves: [CharacteristicCurve] { [stock.curve.red, stock.curve.green, stock.curve.blue] }

    /// Each channel's curve with its cast folded in as an exposure shift, `x^(1/gain)`: a gain
    /// above 1 lifts the channel's mid-tones while black and white stay where the curve puts
    /// them, as more exposure on one layer of a film would, and nothing clips.
    var tables: [[Double]] {
        zip(curves, stock.color.cast).map { curve, gain in
            (0..<256).map { 255 * curve.value(at: pow(Double($0) / 255, 1 / gain)) }
        }
    }
}
