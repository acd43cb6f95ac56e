import Foundation
import Imaging

extension DevelopedPhoto {
    /// The program name developed photos carry in their EXIF `Software` tag.
    public static let software = "AnalogKit"

    /// What the photo's EXIF carries: the shot's capture date (in the shot's time zone, UTC when
    /// it has none), its GPS position when it had one, the description (such as
    /// `Kodak Portra 400 — frame 12 of 36`) and ``software``. Nothing in it depends on when or
    /// where the roll is developed, so the same roll always develops to the same bytes.
    ///
    /// Give it to GalleryKit's `save(_:to:metadata:)` to keep the same EXIF in a library.
    /// - Throws: `MetadataError.invalidValue(_:)` when the recorded position is out of range.
    public var photoMetadata: PhotoMetadata {
        get throws(MetadataError) {
            let gps = try metadata.location.map { location throws(MetadataError) in
                try GPSCoordinate(
                    latitude: location.latitude, longitude: location.longitude, altitude: location.altitude)
            }
            return PhotoMetadata(
                captureDate: metadata.captureDate, timeZone: metadata.timeZone ?? Self.utc, gps: gps,
                software: Self.software, description: imageDescription)
        }
    }

    private static let utc = TimeZone(identifier: "UTC")!
}
