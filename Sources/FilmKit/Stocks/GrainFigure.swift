import Foundation

/// A stock's grain as its maker publishes it, and the model that makes it pixels.
///
/// Makers publish graininess on two scales (Kodak publication E-58): **diffuse RMS granularity**
/// (×1000: the deviation of density seen through a 48 µm aperture at a density of 1.0) for
/// black-and-white, reversal and motion-picture films and Fujifilm's negatives, and **Print Grain
/// Index** for Kodak's colour negatives (a perceptual scale of prints from a 35 mm negative: 25 is
/// the threshold of visibility, 2 units one just-noticeable difference). FilmKit renders the RMS
/// granularity (``rmsDensity``); a Print Grain Index `p` maps to `0.23 · (p − 20)` (×1000), the
/// engineering calibration that puts Portra 400 (PGI 37) at 3.9, next to Superia 400's published 4.
///
/// The clumps are Gaussians of ``clumpMicrometres`` on film, or by default `3 · ∛(ISO / 100)` µm
/// (``defaultClump(iso:)``: faster emulsions have larger crystals and clouds). How granularity and
/// clump size become pixels for a film format and an output size, and how the result is checked,
/// is in <doc:FilmStocksAsData>.
public struct GrainFigure: Codable, Sendable, Hashable {
    /// Kodak's Print Grain Index, where published.
    public var printGrainIndex: Double?
    /// Diffuse RMS granularity × 1000, where published (or estimated; `sources` says which).
    public var rmsGranularity: Double?
    /// The clump's size on film (a Gaussian's standard deviation), in micrometres; `nil` (the key
    /// left out of a stock file) for ``defaultClump(iso:)``.
    public var clumpMicrometres: Double?

    /// Creates a grain figure; give exactly one of the first two.
    public init(printGrainIndex: Double? = nil, rmsGranularity: Double? = nil, clumpMicrometres: Double? = nil) {
        self.printGrainIndex = printGrainIndex
        self.rmsGranularity = rmsGranularity
        self.clumpMicrometres = clumpMicrometres
    }

    /// The deviation of density through a 48 µm aperture at a density of 1.0 (the RMS
    /// granularity ÷ 1000, or the Print Grain Index's mapping).
    public var rmsDensity: Double {
        if let printGrainIndex {
            return 0.23 * (printGrainIndex - 20) / 1000
        }
        return (rmsGranularity ?? 0) / 1000
    }

    /// The default clump size, in micrometres on film, for a film of speed `iso`: `3 · ∛(ISO / 100)`.
    public static func defaultClump(iso: Int) -> Double {
        3 * cbrt(Double(max(iso, 1)) / 100)
    }

    func validate(stock: String) throws(FilmStockError) {
        switch (printGrainIndex, rmsGranularity) {
        case (let pgi?, nil):
            guard (20...80).contains(pgi) else {
                throw .valueOutOfRange(stock: stock, field: "grain.printGrainIndex", value: pgi, range: 20...80)
            }
        case (nil, let rms?):
            guard (1...40).contains(rms) else {
                throw .valueOutOfRange(stock: stock, field: "grain.rmsGranularity", value: rms, range: 1...40)
            }
        default:
            throw .invalid(stock: stock, reason: .grainFigure)
        }
        if let clumpMicrometres, !(0.5...30).contains(clumpMicrometres) {
            throw .valueOutOfRange(
                stock: stock, field: "grain.clumpMicrometres", value: clumpMicrometres, range: 0.5...30)
        }
    }
}
