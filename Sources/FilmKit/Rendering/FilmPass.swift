import CVips
import CVipsShim
import Foundation
import Imaging

/// The per-pixel stages of a film look, run by libvips in one fused pass (see `AkvFilm.c`):
/// each pixel is read once, goes through vignette, halation, colour matrix, curves, split tone and
/// grain, and is written once. Chaining the same stages as separate whole-image operations costs
/// a full read and write of the frame per operation; fused, a 24-megapixel look costs about as
/// much as decoding the JPEG.
struct FilmPass {
    var vignette: Vignette?
    var halation: Halation?
    /// A 3×3 matrix on 0…255 values.
    var matrix: [[Double]] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    /// Three 256-entry tables, or none for the identity.
    var curves: [[Double]]?
    var tones: SplitTone?
    var grain: Grain?

    func apply(to image: Image, seed: UInt64) throws -> Image {
        let input = try image.filmInput().asUChar()
        var params = AkvFilmParams()
        if let vignette, vignette.amount > 0 {
            params.vignette_on = 1
            fill(&params.vignette, (0..<256).map { vignette.factor(at: (Double($0) / 255).squareRoot()) })
        }
        for row in 0..<3 {
            for column in 0..<3 {
                withUnsafeMutableBytes(of: &params.matrix) {
                    $0.bindMemory(to: Float.self)[row * 3 + column] = Float(matrix[row][column])
                }
            }
        }
        let identity = (0..<256).map(Double.init)
        withUnsafeMutableBytes(of: &params.curve) { raw in
            let floats = raw.bindMemory(to: Float.self)
            for channel in 0..<3 {
                let table = curves?[channel] ?? identity
                for index in 0..<256 { floats[channel * 256 + index] = Float(table[index]) }
            }
        }
        if let tones, tones.shadowStrength > 0 || tones.highlightStrength > 0 {
            params.tint_on = 1
            let shadow = SplitTone.tint(hue: tones.shadowHue, strength: tones.shadowStrength)
            let highlight = SplitTone.tint(hue: tones.highlightHue, strength: tones.highlightStrength)
            withUnsafeMutableBytes(of: &params.tint) { raw in
                let floats = raw.bindMemory(to: Float.self)
                for level in 0..<256 {
                    let l = Double(level) / 255
                    for channel in 0..<3 {
                        floats[level * 3 + channel] = Float(
                            (1 - l) * (1 - l) * shadow[channel] + l * l * highlight[channel])
                    }
                }
            }
        }
        if let grain, grain.amount > 0 {
            params.grain_on = 1
            let shortSide = Double(input.shortSide)
            let clump = grain.size * shortSide / 1000
            fill(&params.grain_amplitude, (0..<256).map { grain.amplitude(atLuma: Double($0) / 255, clump: clump) })
            params.grain_cell = max(1, clump)
            params.grain_chroma = grain.chroma
            params.grain_seed = seed
        }
        var glow: [Float] = []
        if let halation, halation.strength > 0 {
            let map = try halation.glowMap(for: input)
            glow = map.samples
            params.halation_on = 1
            params.glow_width = Int32(map.width)
            params.glow_height = Int32(map.height)
            withUnsafeMutableBytes(of: &params.glow_color) { raw in
                let floats = raw.bindMemory(to: Float.self)
                for channel in 0..<3 { floats[channel] = Float(halation.color[channel] * map.gain) }
            }
        }
        return try glow.withUnsafeBufferPointer { glowSamples in
            params.glow = glowSamples.baseAddress
            return try Image.make("film", keepingAlive: [input]) { akv_film(input.pointer, $0, &params) }
        }
    }

    private func fill<T>(_ tuple: inout T, _ values: [Double]) {
        withUnsafeMutableBytes(of: &tuple) { raw in
            let floats = raw.bindMemory(to: Float.self)
            for (index, value) in values.enumerated() { floats[index] = Float(value) }
        }
    }
}
