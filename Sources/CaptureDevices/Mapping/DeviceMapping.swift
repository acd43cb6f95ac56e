/// What the user knows about their cameras that the devices do not report: which way each faces,
/// its kind of lens, its field of view, its zoom range and a friendlier name. Read from a JSON
/// file (see ``init(contentsOf:)`` for the format) and merged with each device's report.
///
/// The merge, field by field (``resolve(_:)``):
/// - **position**: what the device reports (V4L2's camera orientation control, set by the drivers
///   of built-in phone and tablet cameras) wins; else the mapping's; else `external`, since a
///   camera that reports nothing is almost always a USB camera. A mapping that contradicts the
///   report is listed by ``conflicts(for:)``.
/// - **kind** and **focal length**: the mapping's (V4L2 reports neither); else `wide` (a webcam's
///   usual lens) and unknown.
/// - **zoom range**: the mapping's; else the one derived from the device's zoom control (an
///   interpretation of driver-specific units, so the mapping may correct it); else `1...1`.
/// - **name**: the mapping's `displayName`; else the device's own.
///
/// An entry matches a device by `identifier`, `path` or `name`; when several entries match one
/// device, the identifier's wins over the path's, and the path's over the name's.
public struct DeviceMapping: Sendable, Hashable {
    /// One device's entry.
    public struct Entry: Sendable, Hashable {
        /// How an entry picks its device.
        public enum Match: Sendable, Hashable {
            /// The device's stable identifier (V4L2: its udev `by-id` link name).
            case identifier(String)
            /// The device's path, such as "/dev/video0" (changes across reboots on some machines).
            case path(String)
            /// The device's own name, such as "HD Pro Webcam C920" (every camera of that model).
            case name(String)
        }

        /// Which device this entry describes.
        public let match: Match
        /// The name to show instead of the device's own.
        public let displayName: String?
        /// Which way it faces.
        public let position: CaptureDevice.Position?
        /// Its kind of lens.
        public let kind: CaptureDevice.Kind?
        /// Its 35 mm equivalent focal length in millimetres.
        public let equivalentFocalLength: Double?
        /// The zoom factors it accepts.
        public let zoomRange: ClosedRange<Double>?

        /// An entry.
        /// - Parameters:
        ///   - match: which device it describes.
        ///   - displayName: a name to show instead of the device's own.
        ///   - position: which way it faces.
        ///   - kind: its kind of lens.
        ///   - equivalentFocalLength: its 35 mm equivalent focal length in millimetres.
        ///   - zoomRange: the zoom factors it accepts.
        /// - Throws: ``DeviceMappingError/invalidField(field:reason:)`` for an empty match, or a
        ///   focal length or zoom bound that is not finite and positive.
        public init(
            match: Match,
            displayName: String? = nil,
            position: CaptureDevice.Position? = nil,
            kind: CaptureDevice.Kind? = nil,
            equivalentFocalLength: Double? = nil,
            zoomRange: ClosedRange<Double>? = nil
        ) throws(DeviceMappingError) {
            guard !match.value.isEmpty else { throw .invalidField(field: match.field, reason: .empty) }
            if let equivalentFocalLength {
                try Self.checkPositive(equivalentFocalLength, field: "focalLength")
            }
            if let zoomRange {
                try Self.checkPositive(zoomRange.lowerBound, field: "zoom.minimum")
                try Self.checkPositive(zoomRange.upperBound, field: "zoom.maximum")
            }
            self.match = match
            self.displayName = displayName
            self.position = position
            self.kind = kind
            self.equivalentFocalLength = equivalentFocalLength
            self.zoomRange = zoomRange
        }

        static func checkPositive(_ value: Double, field: String) throws(DeviceMappingError) {
            guard value.isFinite, value > 0 else {
                throw .invalidField(field: field, reason: .notPositive(value))
            }
        }
    }

    /// The entries, in file order.
    public let entries: [Entry]

    /// A mapping that knows nothing: every device keeps what it reports.
    public static let empty = DeviceMapping(checked: [])

    /// A mapping of these entries.
    /// - Parameter entries: at most one entry for each identifier, path and name.
    /// - Throws: ``DeviceMappingError/invalidField(field:reason:)`` when two entries match the same
    ///   way on the same value.
    public init(entries: [Entry]) throws(DeviceMappingError) {
        var seen: [Entry.Match: Int] = [:]
        for (index, entry) in entries.enumerated() {
            if let first = seen[entry.match] {
                throw .invalidField(
                    field: "devices[\(index)].\(entry.match.field)",
                    reason: .alreadyMapped(value: entry.match.value, index: first))
            }
            seen[entry.match] = index
        }
        self.init(checked: entries)
    }

    private init(checked entries: [Entry]) {
        self.entries = entries
    }

    /// The entry for a device: the one matching its identifier, else its path, else its name.
    /// - Parameter device: what the device reported.
    /// - Returns: the entry, or `nil` when none matches.
    public func entry(for device: ReportedCaptureDevice) -> Entry? {
        let candidates: [Entry.Match] = [
            .identifier(device.identifier), .path(device.address.url), .name(device.name),
        ]
        for match in candidates {
            if let entry = entries.first(where: { $0.match == match }) { return entry }
        }
        return nil
    }

    /// The device a report describes, with this mapping's entry merged in (the rules are in the
    /// type's documentation).
    /// - Parameter device: what the device reported.
    /// - Returns: the complete description.
    /// - Throws: ``CaptureDeviceError/invalidDevice(identifier:reason:)`` when the report itself is
    ///   unusable (an empty identifier, a zoom range that is not finite and positive).
    public func resolve(_ device: ReportedCaptureDevice) throws(CaptureDeviceError) -> CaptureDevice {
        let entry = entry(for: device)
        return try CaptureDevice(
            identifier: device.identifier,
            name: entry?.displayName ?? device.name,
            position: device.position ?? entry?.position ?? .external,
            kind: entry?.kind ?? .wide,
            equivalentFocalLength: entry?.equivalentFocalLength,
            zoomRange: entry?.zoomRange ?? device.zoomRange ?? 1...1,
            formats: device.formats,
            address: device.address)
    }

    /// Where this mapping's entry contradicts what the device reports (and so is not used): one
    /// message per field, for the discovery to log.
    /// - Parameter device: what the device reported.
    /// - Returns: the messages; empty when nothing conflicts.
    public func conflicts(for device: ReportedCaptureDevice) -> [String] {
        guard let entry = entry(for: device), let reported = device.position, let mapped = entry.position,
            reported != mapped
        else { return [] }
        return [
            "\(device.address.url) reports position '\(reported.rawValue)'; the mapping's '\(mapped.rawValue)' is ignored"
        ]
    }
}

extension DeviceMapping.Entry.Match {
    /// The mapping file's key for this way of matching.
    var field: String {
        switch self {
        case .identifier: "identifier"
        case .path: "path"
        case .name: "name"
        }
    }

    /// The value matched.
    var value: String {
        switch self {
        case .identifier(let value), .path(let value), .name(let value): value
        }
    }
}
