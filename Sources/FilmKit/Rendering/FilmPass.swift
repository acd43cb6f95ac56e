import CFilmKernels
import CVips
import Foundation
import Imaging

/// The per-pixel stages of a film look, run by libvips in one fused pass (see `AkvFilm.c`):
/// each pixel is read once, goes through vignette, halation, colour matrix, curves, split tone and
/// grain, and is written once. Chaining the same stages as separate whole-image operations costs
/// a full read and write of the frame per operation. The pass reads its input top to bottom
/// (halation's glow map reads a few hundred rows ahead, see `AkvHalation.c`), so a JPEG opened
/// with sequential access streams through it: one thread decodes into a ring of rows that the
/// workers render from (`AkvReadAhead.c`), so decoding, the look and encoding overlap, and the
/// frame is never held whole in memory.
struct FilmPass {
    var vignette: Vignette?
    var halation: Halation?
    /// A 3×3 matrix on 0…255 values.
    var matrix: [[Double]] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    /// Three 256-entry tables, or none for the identity.
    var curves: [[Double]]?
    var tones: SplitTone?
    var grain: GrainModel?

    func apply(to image: Image, context: FilterContext) throws -> Image {
        let input = try image.filmInput().asUChar()
        var params = parameters(width: input.width, height: input.height, context: context)
        return try Image.make("film", keepingAlive: [input]) { akv_film(input.pointer, $0, &params) }
    }

    /// The C pass's parameters for a frame of `width` × `height` pixels.
    func parameters(width: Int, height: Int, context: FilterContext) -> AkvFilmParams {
        let shortSide = Double(min(width, height))
        var params = AkvFilmParams()
        if let vignette, vignette.amount > 0 {
            params.vignette_amount = Float(vignette.amount)
            params.vignette_radius = Float(min(vignette.radius, 0.99))
        }
        Self.fill(&params.matrix, matrix.flatMap { $0 })
        let identity = (0..<256).map(Double.init)
        let tables = (0..<3).map { curves?[$0] ?? identity }
        Self.fill(&params.curve, tables.flatMap { $0 })
        if let tones, tones.shadowStrength > 0 || tones.highlightStrength > 0 {
            Self.fill(&params.shadow_tint, SplitTone.tint(hue: tones.shadowHue, strength: tones.shadowStrength))
            Self.fill(
                &params.highlight_tint, SplitTone.tint(hue: tones.highlightHue, strength: tones.highlightStrength))
        }
        grain?.fill(
            &params, tables: tables, width: width, height: height, format: context.format, seed: context.seed)
        if let halation, halation.strength > 0 {
            params.halation_sigma = halation.radius * shortSide
            params.halation_knee = halation.knee
            Self.fill(&params.halation_color, halation.color.map { $0 * halation.strength * Halation.gain })
        }
        return params
    }

    /// What the pass makes of one pixel by colour alone (matrix, curves, split tone; no vignette,
    /// halation or grain), in levels before rounding: the C kernel itself, on one pixel.
    func colour(of rgb: [UInt8]) -> [Double] {
        var params = parameters(width: 1, height: 1, context: FilterContext())
        params.grain_layers = 0
        var out: [Float] = [0, 0, 0]
        let pixel = rgb.count == 3 ? rgb : [UInt8](repeating: 0, count: 3)
        akv_film_colour(&params, pixel, &out)
        return out.map(Double.init)
    }

    /// Copies `values` into a C array imported as a tuple of floats.
    private static func fill<T>(_ tuple: inout T, _ values: [Double]) {
        GrainModel.fill(&tuple, values)
    }
}

/// A look that is one film pass, which ``VideoLook`` prepares once for all the frames of a video.
protocol FilmPassLook: Filter {
    var pass: FilmPass { get }
}

extension StockLook: FilmPassLook {}
extension Grain: FilmPassLook {}
extension Halation: FilmPassLook {}
extension Vignette: FilmPassLook {}
extension SplitTone: FilmPassLook {}
