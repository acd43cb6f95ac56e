import Foundation

/// A stock's grain as its maker publishes it, and how that becomes pixels.
///
/// Makers publish graininess on two scales that cannot be converted into each other exactly
/// (Kodak publication E-58): **Print Grain Index** for Kodak's colour negatives (a perceptual scale
/// of prints from a 35 mm negative: 25 is the threshold of visibility, 2 units one just-noticeable
/// difference) and **diffuse RMS granularity** (×1000, at a density of 1.0) for black-and-white,
/// reversal and motion-picture films and Fujifilm's negatives. FilmKit maps each to the grain's
/// standard deviation on mid-grey, in 8-bit levels, for a frame shown at its full resolution:
///
/// - Print Grain Index `p`: `0.55 · (p − 20)` levels (Ektar 100's PGI 25 gives 2.8, Portra 400's 37 gives 9.4);
/// - RMS granularity `r` of a black-and-white negative: `r` levels (Tri-X's 17 gives 17);
/// - of a colour or motion-picture negative: `2.4 · r` (printing multiplies a negative's density
///   variations; Superia 400's 4 gives 9.6, close to Portra 400);
/// - of a slide: `0.7 · r` (a slide is viewed directly, at its own low contrast of grain; Velvia 50's 9 gives 6.3).
///
/// The constants were chosen so that stocks known side by side (Portra 400 and Superia 400, Tri-X
/// and HP5) come out alike; they are an engineering calibration, not a standard.
/// The clump size grows with speed, as faster emulsions have larger crystals:
/// `0.6 + 0.3 · log₂(ISO / 100)` thousandths of the frame's short side.
public struct GrainFigure: Codable, Sendable, Hashable {
    /// Kodak's Print Grain Index, where published.
    public var printGrainIndex: Double?
    /// Diffuse RMS granularity × 1000, where published (or estimated; `sources` says which).
    public var rmsGranularity: Double?

    /// Creates a grain figure; give exactly one of the two.
    public init(printGrainIndex: Double? = nil, rmsGranularity: Double? = nil) {
        self.printGrainIndex = printGrainIndex
        self.rmsGranularity = rmsGranularity
    }

    /// The grain's standard deviation on mid-grey, in 8-bit levels, for a film of `type`.
    public func levels(for type: FilmType) -> Double {
        if let printGrainIndex {
            return 0.55 * (printGrainIndex - 20)
        }
        let rms = rmsGranularity ?? 0
        switch type {
        case .blackAndWhite: return rms
        case .colorNegative, .cine: return 2.4 * rms
        case .slide: return 0.7 * rms
        }
    }

    /// The clump size, in thousandths of the frame's short side, for a film of speed `iso`.
    public static func clumpSize(iso: Int) -> Double {
        0.6 + 0.3 * log2(Double(max(iso, 25)) / 100)
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
            throw .invalid(stock: stock, reason: "grain needs exactly one of printGrainIndex and rmsGranularity")
        }
    }
}
