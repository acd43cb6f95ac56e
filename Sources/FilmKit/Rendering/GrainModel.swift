import CFilmKernels
import Foundation

/// Film grain by the numbers: what the film pass's grain kernel (`AkvGrain.c`) is given.
///
/// The model, in film coordinates:
/// - The grain is a field of density fluctuations, white noise blurred by a Gaussian clump of
///   standard deviation `clump` µm: isotropic, with no lattice.
/// - A pixel sees the field averaged over the square of film it covers, of side `p`
///   (``FilmFormat/pixelPitch(width:height:)``). Per axis that averaging keeps a share
///   `h(p) = C(0) / p` of the variance, `C(m)` being the covariance of neighbouring pixel averages
///   (``covariance(lag:spread:)``), so a pixel's deviation of density is
///   `σ(p) = σ₄₈ · h(p) / h(48 µm)`: the stock's RMS granularity `σ₄₈` at a 48 µm pitch, falling as
///   `1 / p` (Selwyn's law, `σ ∝ 1 / √area`) where clumps are much smaller than a pixel and levelling
///   off where they are larger. Rendering large and shrinking therefore gives what rendering small
///   gives.
/// - The pixels' noise is correlated as that averaging correlates it: the kernel is the
///   spectral square root of `C(m)`, separable, normalised to unit variance.
/// - Granularity grows with density as `√D` (Nutting: the variance counts the grains), the
///   negative's density being `D = 1 + γ · log₁₀(E / E₁₈)` at scene exposure `E` (mid-grey at the
///   density granularity is measured at, 1.0; a slide's density falls with exposure).
/// - A density deviation `δD` on the negative is an exposure deviation `δD / γ`: the stock's curve
///   turns it into output levels, `δy = T′(i) · (ln 10 · lin(i) / lin′(i)) · δD / γ` at curve index
///   `i` (`lin` decoding sRGB). So the grain is strongest where the curve is steep and fades in its
///   toe and shoulder.
/// - Colour film's three dye layers grain alike and mostly together: each channel's field is a
///   shared field and colour differences of weight `chroma` (unit variance per channel), so grain
///   shows mostly as brightness.
struct GrainModel: Hashable {
    /// The deviation of density through a 48 µm aperture at a density of 1.0.
    var rms: Double
    /// The clump's standard deviation on film, in micrometres.
    var clump: Double
    /// The film's contrast, density per decade of exposure (a slide's counted positive).
    var gamma: Double
    /// Whether density falls with exposure (a slide).
    var reversal: Bool
    /// 0 for monochrome grain; otherwise the colour differences' weight, 0…1.
    var chroma: Double
    /// The curve the grain is seen through, when it is not the pass's own (the ``Grain`` filter
    /// adds grain to an image whose tones are already set, as a print with a typical S-curve shows it).
    var response: CharacteristicCurve?

    /// The aperture granularity is measured with, in micrometres.
    static let aperture = 48.0
    /// The density whose granularity is published; the model puts mid-grey there.
    static let referenceDensity = 1.0
    /// The colour differences' weight in a colour stock's grain: its three dye layers' clouds
    /// correlated about 0.9, so that the chroma deviation on grey stays well under the lightness's.
    static let dyeChroma = 0.2
    /// Mid-grey's linear exposure.
    static let midGrey = 0.18

    /// The film's contrast of a `type` of film, as the model uses it: typical gammas of negatives
    /// developed normally (black and white 0.65, colour and motion picture 0.6) and of slides (1.6).
    static func gamma(for type: FilmType) -> Double {
        switch type {
        case .blackAndWhite: 0.65
        case .colorNegative, .cine: 0.6
        case .slide: 1.6
        }
    }

    /// The covariance, per axis, of the averages of the grain field over two pixels `lag` pixels
    /// apart, clumps being `spread` pixels: `E[tri(X − lag)]` for `X` normal with variance
    /// `2 · spread²` (the white noise's density being 1 per pixel).
    static func covariance(lag: Int, spread: Double) -> Double {
        let sigma = 2.0.squareRoot() * spread
        let m = Double(lag)
        guard sigma > 1e-9 else { return lag == 0 ? 1 : 0 }
        // E[(X − a)₊] for X ~ N(0, σ²).
        func ramp(_ a: Double) -> Double {
            let z = a / sigma
            return sigma * exp(-z * z / 2) / (2 * Double.pi).squareRoot() - a * 0.5 * erfc(z / 2.0.squareRoot())
        }
        return ramp(m - 1) - 2 * ramp(m) + ramp(m + 1)
    }

    /// The share of the field's variance a pixel of `pitch` µm keeps, per axis, divided by the pitch.
    func averaging(pitch: Double) -> Double {
        Self.covariance(lag: 0, spread: clump / pitch) / pitch
    }

    /// A pixel's deviation of density at a density of 1.0, for pixels of `pitch` µm.
    func deviation(pitch: Double) -> Double {
        rms * averaging(pitch: pitch) / averaging(pitch: Self.aperture)
    }

    /// The kernel's taps 0…radius for clumps of `spread` pixels: the zero-phase spectral square
    /// root of ``covariance(lag:spread:)``, truncated where what is left is below 10⁻³ of it and
    /// normalised so that the 2-D field it makes from unit white noise has unit variance.
    static func kernel(spread: Double) -> [Double] {
        let count = 256
        let lags = min(count / 2 - 1, Int((6 * spread).rounded(.up)) + 2)
        let covariances = (0...lags).map { covariance(lag: $0, spread: spread) }
        let spectrum = (0..<count).map { k in
            let w = 2 * Double.pi * Double(k) / Double(count)
            var sum = covariances[0]
            for m in 1...lags { sum += 2 * covariances[m] * cos(w * Double(m)) }
            return max(0, sum).squareRoot()
        }
        let taps = (0...AKV_GRAIN_MAX_RADIUS).map { m in
            spectrum.enumerated().reduce(0.0) { sum, k in
                sum + k.element * cos(2 * Double.pi * Double(k.offset * Int(m)) / Double(count))
            } / Double(count)
        }
        let total = taps[0] * taps[0] + 2 * taps.dropFirst().reduce(0) { $0 + $1 * $1 }
        var radius = 0
        var kept = taps[0] * taps[0]
        while radius < taps.count - 1, kept < total * (1 - 1e-3) {
            radius += 1
            kept += 2 * taps[radius] * taps[radius]
        }
        let scale = 1 / kept.squareRoot()
        return taps.prefix(radius + 1).map { $0 * scale }
    }

    /// The film's density at curve index `index` (0…255, an sRGB level of the scene), 0.1…3.
    func density(at index: Int) -> Double {
        let exposure = log10(max(Self.linear(Double(index)), 1e-6) / Self.midGrey)
        let density = Self.referenceDensity + (reversal ? -1 : 1) * gamma * exposure
        return min(3, max(0.1, density))
    }

    /// Output levels per unit of density at curve index `index` of a channel whose table (256
    /// output levels) is `table`: the table's slope times the levels per decade of exposure, over
    /// gamma.
    func levelsPerDensity(at index: Int, table: [Double]) -> Double {
        let below = max(0, index - 1)
        let above = min(255, index + 1)
        let slope = (table[above] - table[below]) / Double(above - below)
        let level = Double(index)
        let derivative = Self.linear(level + 0.5) - Self.linear(level - 0.5)
        guard derivative > 0 else { return 0 }
        return slope * log(10) * Self.linear(level) / derivative / gamma
    }

    /// Decodes an sRGB level (0…255) to linear light.
    static func linear(_ level: Double) -> Double {
        let x = min(max(level, 0), 255) / 255
        return x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4)
    }

    /// Fills the film pass's grain parameters for an image of `width` × `height` pixels on
    /// `format`, whose channels' curve tables (256 levels each) are `tables`.
    func fill(
        _ params: inout AkvFilmParams, tables: [[Double]], width: Int, height: Int, format: FilmFormat, seed: UInt64
    ) {
        let pitch = format.pixelPitch(width: width, height: height)
        let deviation = deviation(pitch: pitch)
        guard deviation > 0, tables.count == 3 else { return }
        let kernel = Self.kernel(spread: clump / pitch)
        params.grain_layers = chroma > 0 ? 3 : 1
        params.grain_radius = Int32(kernel.count - 1)
        params.grain_seed = seed
        Self.fill(&params.grain_kernel, kernel)
        let shared = (1 - min(1, chroma * chroma)).squareRoot()
        let half = 0.5 * chroma
        let side = 0.75.squareRoot() * chroma
        Self.fill(&params.grain_mix, [shared, chroma, 0, shared, -half, side, shared, -half, -side])
        let seen = response.map { curve in
            [[Double]](repeating: (0..<256).map { 255 * curve.value(at: Double($0) / 255) }, count: 3)
        }
        let gains = (seen ?? tables).flatMap { table in
            (0..<256).map { deviation * density(at: $0).squareRoot() * levelsPerDensity(at: $0, table: table) }
        }
        Self.fill(&params.grain_gain, gains)
    }

    /// Copies `values` into a C array imported as a tuple of floats.
    static func fill<T>(_ tuple: inout T, _ values: [Double]) {
        withUnsafeMutableBytes(of: &tuple) { raw in
            let floats = raw.bindMemory(to: Float.self)
            for (index, value) in values.prefix(floats.count).enumerated() { floats[index] = Float(value) }
        }
    }
}
