import Foundation

/// One exposure on a roll, kept as a latent image: the photo as taken, not yet filtered.
public struct Shot: Sendable, Hashable, Codable {
    /// The frame number on the roll, from 1.
    public let frame: Int
    /// When and where the photo was taken.
    public let metadata: ShotMetadata
    /// The file extension of the stored bytes (`jpg`, `png`, …), from their content.
    public let fileExtension: String
    /// The size of the stored bytes, checked when the shot is read back.
    public let byteCount: Int

    /// Creates a shot record.
    public init(frame: Int, metadata: ShotMetadata, fileExtension: String, byteCount: Int) {
        self.frame = frame
        self.metadata = metadata
        self.fileExtension = fileExtension
        self.byteCount = byteCount
    }
}

extension Shot {
    /// The usual file extension for encoded image bytes, from their first bytes (`img` when unknown).
    static func fileExtension(of data: Data) -> String {
        let head = [UInt8](data.prefix(12))
        func starts(_ bytes: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
        }
        if starts([0xFF, 0xD8, 0xFF]) { return "jpg" }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return "png" }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return "webp" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "tif" }
        if starts(Array("GIF8".utf8)) { return "gif" }
        if starts(Array("ftypavif".utf8), at: 4) { return "avif" }
        if starts(Array("ftyp".utf8), at: 4) { return "heic" }
        return "img"
    }
}

/// When and where a photo was taken; it travels to the developed photo's EXIF.
public struct ShotMetadata: Sendable, Hashable, Codable {
    /// The moment of the exposure.
    public var captureDate: Date
    /// Where it was taken, when known.
    public var location: GeoLocation?
    /// The time zone the photo was taken in: EXIF records the capture date as local time in it,
    /// with its offset. `nil` records it in UTC (offset `+00:00`). The zone is stored with the
    /// shot, so developing never depends on the machine's zone.
    public var timeZone: TimeZone?
    /// The exposure compensation the frame was shot with, in EV (stops; +1 is twice the light),
    /// within ``exposureCompensationRange``; `nil` for none. It is kept with the shot and
    /// travels to the developed photo's record; development does not render it yet.
    public var exposureCompensation: Double?

    /// The exposure compensations a shot may have, in EV: a camera's usual ±5 stops.
    public static let exposureCompensationRange = -5.0...5.0

    /// Creates shot metadata.
    /// - Parameters:
    ///   - captureDate: the moment of the exposure.
    ///   - location: where it was taken.
    ///   - timeZone: the time zone it was taken in.
    ///   - exposureCompensation: the exposure compensation, in EV.
    public init(
        captureDate: Date, location: GeoLocation? = nil, timeZone: TimeZone? = nil, exposureCompensation: Double? = nil
    ) {
        self.captureDate = captureDate
        self.location = location
        self.timeZone = timeZone
        self.exposureCompensation = exposureCompensation
    }
}

/// A GPS position, as EXIF records it.
public struct GeoLocation: Sendable, Hashable, Codable {
    /// Degrees north (negative for south), −90…90.
    public var latitude: Double
    /// Degrees east (negative for west), −180…180.
    public var longitude: Double
    /// Metres above sea level (negative below), when known.
    public var altitude: Double?

    /// Creates a location.
    public init(latitude: Double, longitude: Double, altitude: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
    }

    /// Whether the coordinates are finite and within range.
    public var isValid: Bool {
        (-90...90).contains(latitude) && (-180...180).contains(longitude) && (altitude?.isFinite ?? true)
    }
}
