import Foundation
import Imaging

/// Great-circle distances on a spherical Earth (the haversine formula), good to about 0.5 %.
public enum GeoDistance {
    /// The mean Earth radius in metres (IUGG).
    public static let earthRadius = 6_371_008.8

    /// The distance in metres between two points, ignoring altitude.
    public static func meters(from a: GPSCoordinate, to b: GPSCoordinate) -> Double {
        let lat1 = a.latitude * .pi / 180
        let lat2 = b.latitude * .pi / 180
        let dLat = lat2 - lat1
        let dLon = (b.longitude - a.longitude) * .pi / 180
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadius * asin(min(1, sqrt(h)))
    }

    /// A latitude/longitude box that contains the circle, for a cheap SQL prefilter (SQLite has
    /// no trigonometry by default). The longitude half-width is asin(sin d / cos φ) (J. P.
    /// Matuschek, "Finding points within a distance of a latitude/longitude using bounding
    /// coordinates"). Near a pole every longitude is in reach; across the antimeridian the box
    /// splits into two longitude ranges.
    static func boundingBox(of circle: GeoCircle) -> (latitude: ClosedRange<Double>, longitudes: [ClosedRange<Double>])
    {
        let angular = circle.radius / earthRadius
        let lat = circle.center.latitude * .pi / 180
        let minLat = lat - angular
        let maxLat = lat + angular
        let degrees = { (radians: Double) in radians * 180 / .pi }
        let ratio = sin(angular) / cos(lat)
        guard minLat > -.pi / 2, maxLat < .pi / 2, ratio < 1 else {
            return (max(-90, degrees(minLat))...min(90, degrees(maxLat)), [-180...180])
        }
        let spread = degrees(asin(ratio))
        let latitudes = degrees(minLat)...degrees(maxLat)
        let west = circle.center.longitude - spread
        let east = circle.center.longitude + spread
        if west < -180 { return (latitudes, [-180...east, (west + 360)...180]) }
        if east > 180 { return (latitudes, [west...180, -180...(east - 360)]) }
        return (latitudes, [west...east])
    }
}
