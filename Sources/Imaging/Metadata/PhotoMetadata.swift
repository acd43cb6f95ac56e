import Foundation

/// What a camera knows about a photo when it is taken; written into the file's EXIF on save.
public struct PhotoMetadata: Sendable, Hashable {
    /// When the photo was taken.
    public var captureDate: Date
    /// The time zone the capture date is written in (EXIF stores local time plus an offset).
    public var timeZone: TimeZone
    /// Where it was taken.
    public var gps: GPSCoordinate?
    /// EXIF orientation, 1…8 (1 is upright).
    public var orientation: Int
    /// The camera's maker.
    public var make: String?
    /// The camera's model.
    public var model: String?
    /// The program that wrote the file.
    public var software: String?
    /// Free text, for example the film stock used.
    public var description: String?
    /// The capture-side zoom factor (1 for none), written as EXIF DigitalZoomRatio.
    public var zoomFactor: Double?
    /// The lens used (for example "back camera 26mm"), written as EXIF LensModel.
    public var lensModel: String?

    /// Creates metadata; only the capture date is required.
    public init(
        captureDate: Date = Date(),
        timeZone: TimeZone = .current,
        gps: GPSCoordinate? = nil,
        orientation: Int = 1,
        make: String? = nil,
        model: String? = nil,
        software: String? = "AnalogKit GalleryKit",
        description: String? = nil,
        zoomFactor: Double? = nil,
        lensModel: String? = nil
    ) {
        self.captureDate = captureDate
        self.timeZone = timeZone
        self.gps = gps
        self.orientation = orientation
        self.make = make
        self.model = model
        self.software = software
        self.description = description
        self.zoomFactor = zoomFactor
        self.lensModel = lensModel
    }

    /// The metadata, once checked for what a coordinate's initialiser cannot: orientation and zoom.
    /// - Throws: ``MetadataError/invalidValue(_:)``.
    public func validated() throws(MetadataError) -> PhotoMetadata {
        guard (1...8).contains(orientation) else { throw .invalidValue("orientation \(orientation) is not 1…8") }
        if let zoomFactor, !(zoomFactor.isFinite && zoomFactor > 0) {
            throw .invalidValue("zoom factor \(zoomFactor) must be positive")
        }
        return self
    }
}
