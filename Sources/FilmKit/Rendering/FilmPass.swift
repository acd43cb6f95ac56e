import CFilmKernels
import CVips
import Foundation
import Imaging

/// The per-pixel stages of a film look, run by libvips in one fused pass (see `AkvFilm.c`):
/// each pixel is read once, goes through vignette, light leaks, halation, colour matrix, curves, a 3D colour
/// table, split tone and grain, and is written once. Chaining the same stages as separate whole-image operations costs
/// a full read and write of the frame per operation. The pass reads its input top to bottom
/// (halation's glow map reads a few hundred rows ahead, see `AkvHalation.c`), so a JPEG opened
/// with sequential access streams through it: one thread decodes into a ring of rows that the
/// workers render from (`AkvReadAhead.c`), so decoding, the look and encoding overlap, and the
/// frame is never held whole in memory.
struct FilmPass {
    var vignette: Vignette?
    /// Light leaks, screened over the image after the vignette.
    var leaks: LightLeak?
    var halation: Halation?
    /// A 3×3 matrix on 0…255 values.
    var matrix: [[Double]] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    /// Three 256-entry tables, or none for the identity.
    var curves: [[Double]]?
    /// A 3D colour table applied after the curves.
    var table: Table?
    var tones: SplitTone?
    /// A second 3×3 matrix on 0…255 values, after the split tone (a chain's colour matrix step
    /// after a curve, 3D table or split tone step), or none.
    var toneMatrix: [[Double]]?
    var grain: GrainModel?
    /// The seeds of the light leaks and the grain when they are not the context's (a chain's steps
    /// merged into one pass keep each step's own seed).
    var leakSeed: UInt64?
    var grainSeed: UInt64?
    /// Whether the grain is added to the curves' output as a step of its own after them would be,
    /// its gains read at the curves' output level rather than at their input.
    var grainFollowsCurves = false
    /// Whether the grain's gains are read at the level the grain is added to, after every other
    /// stage (a chain's grain step after a split tone, a 3D table or a second matrix).
    var grainAtOutput = false

    /// A 3D colour table as the pass reads it, and how much of its colour is used.
    struct Table {
        /// size³ RGB entries, red varying fastest, in single precision.
        var samples: [Float]
        var size: Int
        var domainMin: [Double]
        var domainMax: [Double]
        /// 0 leaves the colour as the curves made it, 1 takes the table's.
        var intensity: Double

        init(_ table: ColorLookupTable, intensity: Double) {
            samples = table.singlePrecisionSamples
            size = table.size
            domainMin = table.domainMin
            domainMax = table.domainMax
            self.intensity = intensity
        }
    }

    func apply(to image: Image, context: FilterContext) throws -> Image {
        let input = try image.filmInput().asUChar()
        return try withParameters(width: input.width, height: input.height, context: context) { params in
            try Image.make("film", keepingAlive: [input]) { akv_film(input.pointer, $0, &params) }
        }
    }

    /// Runs `body` with the C pass's parameters for a frame of `width` × `height` pixels (the
    /// 3D table's entries, which they point to, live until `body` returns).
    func withParameters<Result>(
        width: Int, height: Int, context: FilterContext, _ body: (inout AkvFilmParams) throws -> Result
    ) rethrows -> Result {
        var params = parameters(width: width, height: height, context: context)
        guard let table else { return try body(&params) }
        return try table.samples.withUnsafeBufferPointer { samples in
            params.lut_table = samples.baseAddress
            params.lut_size = Int32(clamping: table.size)
            Self.fill(&params.lut_domain_min, table.domainMin)
            Self.fill(&params.lut_domain_max, table.domainMax)
            params.lut_mix = Float(table.intensity)
            return try body(&params)
        }
    }

    /// The C pass's parameters for a frame of `width` × `height` pixels, without the 3D table.
    private func parameters(width: Int, height: Int, context: FilterContext) -> AkvFilmParams {
        let shortSide = Double(min(width, height))
        var params = AkvFilmParams()
        if let vignette, vignette.amount > 0 {
            params.vignette_amount = Float(vignette.amount)
            params.vignette_radius = Float(min(vignette.radius, 0.99))
        }
        if let leaks {
            let shapes = leaks.shapes(width: width, height: height, seed: leakSeed ?? context.seed).prefix(
                Int(AKV_LEAK_MAX))
            params.leak_count = Int32(shapes.count)
            Self.fill(&params.leak_centre, shapes.flatMap(\.centre))
            Self.fill(&params.leak_radius, shapes.flatMap(\.radius))
            Self.fill(&params.leak_color, shapes.flatMap(\.levels))
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
        if let toneMatrix {
            params.tone_matrix_on = 1
            Self.fill(&params.tone_matrix, toneMatrix.flatMap { $0 })
        }
        grain?.fill(
            &params, tables: tables, width: width, height: height, format: context.format,
            seed: grainSeed ?? context.seed)
        if grainAtOutput {
            params.grain_at_output = 1
        } else if grainFollowsCurves {
            Self.readGains(&params.grain_gain, through: tables)
        }
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
        var out: [Float] = [0, 0, 0]
        let pixel = rgb.count == 3 ? rgb : [UInt8](repeating: 0, count: 3)
        withParameters(width: 1, height: 1, context: FilterContext()) { params in
            params.grain_layers = 0
            akv_film_colour(&params, pixel, &out)
        }
        return out.map(Double.init)
    }

    /// Replaces each channel's gain at level `i` by its gain at the level `tables[c][i]` rounds to.
    private static func readGains<T>(_ gains: inout T, through tables: [[Double]]) {
        withUnsafeMutableBytes(of: &gains) { raw in
            let floats = raw.bindMemory(to: Float.self)
            guard floats.count == 3 * 256, tables.count == 3 else { return }
            for channel in 0..<3 {
                let own = Array(floats[(256 * channel)..<(256 * channel + 256)])
                for (level, value) in tables[channel].prefix(256).enumerated() {
                    let seen = value.isFinite ? Int(min(max(value, 0), 255).rounded()) : 0
                    floats[256 * channel + level] = own[seen]
                }
            }
        }
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
