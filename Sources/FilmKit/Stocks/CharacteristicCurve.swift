import Foundation

/// A film's characteristic curve for one channel, from scene value (0…1) to print value (0…1).
///
/// The parametrisation follows the shape of a Hurter–Driffield curve as a print shows it:
/// - `black` and `white` are where the curve ends: the print's deepest black (film base and fog,
///   Dmin, never print pure black) and its brightest white (Dmax: highlights never clip hard);
/// - `contrast` is the slope of the straight-line portion at mid-grey (a stock's gamma, relative
///   to a neutral reproduction);
/// - `toe` and `shoulder` (0…1) lengthen the soft roll-offs into the shadows and the highlights.
///
/// The curve is `black + (white − black) · y`, where `s = xᶜ / (xᶜ + (1 − x)ᶜ)`,
/// the toe bends it as `s^(1 + toe)` and the shoulder as `1 − (1 − s)^(1 + shoulder)`. Every
/// step is monotone, so the curve is.
public struct CharacteristicCurve: Codable, Sendable, Hashable {
    /// The darkest print value, 0…0.4.
    public var black: Double
    /// The brightest print value, 0.6…1.
    public var white: Double
    /// The mid-tone slope, 0.3…3 (1 is neutral).
    public var contrast: Double
    /// The length of the shadow roll-off, 0…1.
    public var toe: Double
    /// The length of the highlight roll-off, 0…1.
    public var shoulder: Double

    /// Creates a curve.
    public init(black: Double, white: Double, contrast: Double, toe: Double = 0, shoulder: Double = 0) {
        self.black = black
        self.white = white
        self.contrast = contrast
        self.toe = toe
        self.shoulder = shoulder
    }

    /// The print value for scene value `x` (both 0…1).
    public func value(at x: Double) -> Double {
        let x = min(max(x, 0), 1)
        let rising = pow(x, contrast)
        let s = rising / (rising + pow(1 - x, contrast))
        let toed = pow(s, 1 + toe)
        let shouldered = 1 - pow(1 - toed, 1 + shoulder)
        return black + (white - black) * shouldered
    }

    func validate(stock: String, channel: String) throws(FilmStockError) {
        let checks: [(String, Double, ClosedRange<Double>)] = [
            ("black", black, 0...0.4), ("white", white, 0.6...1), ("contrast", contrast, 0.3...3),
            ("toe", toe, 0...1), ("shoulder", shoulder, 0...1),
        ]
        for (name, value, range) in checks where !range.contains(value) {
            throw .valueOutOfRange(stock: stock, field: "curve.\(channel).\(name)", value: value, range: range)
        }
        guard black < white else {
            throw .invalid(stock: stock, reason: .blackNotBelowWhite(channel: channel))
        }
    }
}
