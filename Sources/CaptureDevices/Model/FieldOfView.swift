import Foundation

/// Converts between a 35 mm equivalent focal length and the angle of view it gives.
///
/// "Equivalent" focal lengths are defined over the diagonal of the 36 × 24 mm frame, so the angle
/// here is the diagonal one; selection compares these angles ("the closest field of view").
public enum FieldOfView {
    /// The diagonal of a 36 × 24 mm frame, in millimetres.
    public static let fullFrameDiagonal = (36.0 * 36.0 + 24.0 * 24.0).squareRoot()

    /// The diagonal angle of view, in degrees, of a lens with this 35 mm equivalent focal length.
    /// - Parameter focalLength: millimetres, positive.
    /// - Returns: degrees, between 0 and 180.
    public static func diagonalDegrees(forEquivalentFocalLength focalLength: Double) -> Double {
        2 * atan(fullFrameDiagonal / (2 * focalLength)) * 180 / .pi
    }

    /// The 35 mm equivalent focal length, in millimetres, that gives this diagonal angle of view.
    /// - Parameter degrees: the diagonal angle, strictly between 0 and 180.
    /// - Returns: millimetres, or `nil` for an angle outside that range or not finite.
    public static func equivalentFocalLength(forDiagonalDegrees degrees: Double) -> Double? {
        guard degrees.isFinite, degrees > 0, degrees < 180 else { return nil }
        return fullFrameDiagonal / (2 * tan(degrees * .pi / 360))
    }
}
