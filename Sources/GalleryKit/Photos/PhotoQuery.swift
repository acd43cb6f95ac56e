import Foundation
import Imaging

/// A search over photos; every criterion that is set must hold. Results are newest first.
public struct PhotoQuery: Sendable, Hashable {
    /// Only photos in this location.
    public var locationID: Int64?
    /// Only photos taken in this range.
    public var dateRange: ClosedRange<Date>?
    /// Only photos taken within this circle.
    public var near: GeoCircle?
    /// Only photos whose description contains this text (case-insensitive for ASCII letters).
    public var text: String?

    /// Creates a query.
    public init(
        locationID: Int64? = nil,
        dateRange: ClosedRange<Date>? = nil,
        near: GeoCircle? = nil,
        text: String? = nil
    ) {
        self.locationID = locationID
        self.dateRange = dateRange
        self.near = near
        self.text = text
    }
}

/// The points within `radius` metres of `center`, along the Earth's surface.
public struct GeoCircle: Sendable, Hashable {
    /// The centre.
    public var center: GPSCoordinate
    /// The radius in metres.
    public var radius: Double

    /// Creates a circle.
    public init(center: GPSCoordinate, radius: Double) {
        self.center = center
        self.radius = radius
    }
}
