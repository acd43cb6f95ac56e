import Foundation
import Imaging

/// A photo in the library's index.
public struct Photo: Sendable, Hashable, Identifiable {
    /// The photo's identifier in the index.
    public let id: Int64
    /// The location whose directory holds the file.
    public let locationID: Int64
    /// The photo file.
    public let url: URL
    /// When it was taken (from EXIF, else the file's modification time).
    public let captureDate: Date
    /// Where it was taken, if known.
    public let gps: GPSCoordinate?
    /// The photo's description (for example the film used), if any.
    public let description: String?
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// The file's size in bytes.
    public let fileSize: Int64

    /// Creates a photo value (libraries create photos; this is for mocks and tests).
    public init(
        id: Int64,
        locationID: Int64,
        url: URL,
        captureDate: Date,
        gps: GPSCoordinate?,
        description: String?,
        width: Int,
        height: Int,
        fileSize: Int64
    ) {
        self.id = id
        self.locationID = locationID
        self.url = url
        self.captureDate = captureDate
        self.gps = gps
        self.description = description
        self.width = width
        self.height = height
        self.fileSize = fileSize
    }
}
