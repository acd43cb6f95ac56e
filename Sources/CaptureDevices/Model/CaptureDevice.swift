/// A camera the host can capture from: where it faces, what lens it has, how far it zooms, what
/// it delivers, and how to open it.
///
/// A device is a value, validated when made: its focal length and zoom range are finite and
/// positive, so selection never meets a NaN. Devices come from a ``CaptureDeviceDiscovery`` (V4L2
/// on Linux, a mock in tests) or are described by hand.
public struct CaptureDevice: Sendable, Hashable, Identifiable {
    /// Which way a camera faces.
    public enum Position: String, Sendable, Hashable, CaseIterable, Codable {
        /// Towards the user (a phone's selfie camera, a laptop's built-in webcam).
        case front
        /// Away from the user (a phone's main cameras).
        case back
        /// Wherever it is pointed: a USB camera, a capture card. It has no opposite side.
        case external

        /// The side a flip goes to: back for front and front for back; `nil` for external.
        public var opposite: Position? {
            switch self {
            case .front: .back
            case .back: .front
            case .external: nil
            }
        }
    }

    /// The kind of lens, as phone makers name their cameras.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        /// The main camera (about 24–28 mm equivalent on phones; most webcams).
        case wide
        /// A wider lens (about 13–16 mm equivalent).
        case ultraWide = "ultra-wide"
        /// A longer lens (about 50–120 mm equivalent).
        case telephoto
        /// A lens for close-ups.
        case macro
        /// Anything else (an infrared camera, a capture card).
        case other
    }

    /// A stable identifier, kept across restarts and re-plugging where the platform allows
    /// (V4L2: the udev `by-id` link name). This is what ``CameraChoices`` remembers.
    public let identifier: String
    /// The name people see, such as "Back Ultra Wide Camera" or "HD Pro Webcam C920".
    public let name: String
    /// Which way it faces.
    public let position: Position
    /// Its kind of lens.
    public let kind: Kind
    /// The focal length that gives the same field of view on a 35 mm frame, in millimetres, when
    /// known. ``fieldOfView`` is derived from it.
    public let equivalentFocalLength: Double?
    /// The zoom factors it accepts (1 is no zoom); finite, positive, lower bound first.
    public let zoomRange: ClosedRange<Double>
    /// The pixel formats, frame sizes and frame rates it delivers.
    public let formats: [CaptureFormat]
    /// How to open it for capture.
    public let address: DeviceAddress

    /// The identifier, for `Identifiable`.
    public var id: String { identifier }

    /// Describes a device, checking what selection relies on.
    /// - Parameters:
    ///   - identifier: a stable, non-empty identifier.
    ///   - name: the name people see.
    ///   - position: which way it faces.
    ///   - kind: its kind of lens.
    ///   - equivalentFocalLength: the 35 mm equivalent focal length in millimetres, if known
    ///     (``FieldOfView/equivalentFocalLength(forDiagonalDegrees:)`` converts an angle).
    ///   - zoomRange: the zoom factors it accepts; `1...1` when it cannot zoom.
    ///   - formats: what it delivers.
    ///   - address: how to open it.
    /// - Throws: ``CaptureDeviceError/invalidDevice(identifier:reason:)`` for an empty identifier,
    ///   a focal length that is not finite and positive, or a zoom range whose bounds are not.
    public init(
        identifier: String,
        name: String,
        position: Position,
        kind: Kind,
        equivalentFocalLength: Double? = nil,
        zoomRange: ClosedRange<Double> = 1...1,
        formats: [CaptureFormat] = [],
        address: DeviceAddress
    ) throws(CaptureDeviceError) {
        guard !identifier.isEmpty else { throw .invalidDevice(identifier: identifier, reason: .emptyIdentifier) }
        if let equivalentFocalLength, !(equivalentFocalLength.isFinite && equivalentFocalLength > 0) {
            throw .invalidDevice(identifier: identifier, reason: .focalLengthNotPositive(equivalentFocalLength))
        }
        guard zoomRange.lowerBound.isFinite, zoomRange.upperBound.isFinite, zoomRange.lowerBound > 0 else {
            throw .invalidDevice(
                identifier: identifier,
                reason: .zoomRangeNotPositive(lower: zoomRange.lowerBound, upper: zoomRange.upperBound))
        }
        self.identifier = identifier
        self.name = name
        self.position = position
        self.kind = kind
        self.equivalentFocalLength = equivalentFocalLength
        self.zoomRange = zoomRange
        self.formats = formats
        self.address = address
    }

    /// A zoom factor brought within ``zoomRange``: below it gives the lowest factor, above it the
    /// highest.
    /// - Parameter zoomFactor: the wanted factor.
    /// - Returns: the factor within the range, or `nil` for NaN or an infinite factor.
    public func clampedZoomFactor(_ zoomFactor: Double) -> Double? {
        guard zoomFactor.isFinite else { return nil }
        return min(max(zoomFactor, zoomRange.lowerBound), zoomRange.upperBound)
    }

    /// The diagonal angle of view in degrees, when the focal length is known.
    public var fieldOfView: Double? {
        equivalentFocalLength.map(FieldOfView.diagonalDegrees(forEquivalentFocalLength:))
    }

    /// A short description of the lens for EXIF's LensModel: "back ultra-wide 13mm" when the focal
    /// length is known, else the position, kind and name ("external wide, HD Pro Webcam C920").
    public var lensModel: String {
        let side = "\(position.rawValue) \(kind.rawValue)"
        guard let equivalentFocalLength else { return "\(side), \(name)" }
        return "\(side) \(compactNumber(equivalentFocalLength))mm"
    }
}

extension CaptureDevice: CustomStringConvertible {
    /// One line for people: name, identifier, side, kind, focal length and zoom range, such as
    /// "Back Camera [phone-back-wide]: back wide, 26 mm, zoom 1–10×".
    public var description: String {
        let focal = equivalentFocalLength.map { ", \(compactNumber($0)) mm" } ?? ""
        let zoom =
            "\(compactNumber(zoomRange.lowerBound, decimals: 2))–\(compactNumber(zoomRange.upperBound, decimals: 2))×"
        return "\(name) [\(identifier)]: \(position.rawValue) \(kind.rawValue)\(focal), zoom \(zoom)"
    }
}
