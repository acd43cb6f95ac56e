import Foundation

/// The size of the film frame a photo is taken on, which sets how much film one pixel covers.
///
/// Grain is a property of the film, so it has a physical size: the same stock printed from a
/// half frame shows its grain twice as enlarged as from a 35 mm frame, and from a 6×7 frame less
/// than half as much. FilmKit takes the output as covering the whole frame: a pixel covers
/// `area / (width · height)` of film (see ``pixelPitch(width:height:)``).
public enum FilmFormat: String, Codable, Sendable, Hashable, CaseIterable {
    /// Half frame, 24 × 18 mm (Olympus Pen, Kodak Ektar H35).
    case halfFrame = "half-frame"
    /// 35 mm, 36 × 24 mm: the default.
    case thirtyFive = "35mm"
    /// 120 film, 6 × 4.5 cm: 56 × 41.5 mm.
    case sixByFourFive = "645"
    /// 120 film, 6 × 6 cm: 56 × 56 mm.
    case sixBySix = "6x6"
    /// 120 film, 6 × 7 cm: 70 × 56 mm.
    case sixBySeven = "6x7"

    /// The frame's long and short sides, in millimetres.
    public var frameSize: (long: Double, short: Double) {
        switch self {
        case .halfFrame: (24, 18)
        case .thirtyFive: (36, 24)
        case .sixByFourFive: (56, 41.5)
        case .sixBySix: (56, 56)
        case .sixBySeven: (70, 56)
        }
    }

    /// The frame's area, in square millimetres.
    public var area: Double { frameSize.long * frameSize.short }

    /// The side, in micrometres, of the square of film one pixel covers when an image of
    /// `width` × `height` pixels shows the whole frame: `√(area / (width · height))` (a 750 × 500
    /// image of a 35 mm frame: 48 µm, the aperture film granularity is measured with).
    public func pixelPitch(width: Int, height: Int) -> Double {
        let pixels = Double(max(1, width)) * Double(max(1, height))
        return 1000 * (area / pixels).squareRoot()
    }
}
