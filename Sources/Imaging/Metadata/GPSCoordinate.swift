/// A point on Earth in WGS 84 degrees, with an optional altitude in metres above sea level
/// (negative below it).
public struct GPSCoordinate: Sendable, Hashable, Codable {
    /// Degrees north of the equator; negative is south. −90…90.
    public let latitude: Double
    /// Degrees east of Greenwich; negative is west. −180…180.
    public let longitude: Double
    /// Metres above sea level; negative below it.
    public let altitude: Double?

    /// Creates a coordinate, refusing values outside the valid ranges.
    /// - Throws: ``MetadataError/invalidValue(_:)``.
    public init(latitude: Double, longitude: Double, altitude: Double? = nil) throws(MetadataError) {
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            throw .invalidValue("latitude \(latitude) is outside -90…90")
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw .invalidValue("longitude \(longitude) is outside -180…180")
        }
        if let altitude, !altitude.isFinite {
            throw .invalidValue("altitude must be a finite number")
        }
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
    }
}
