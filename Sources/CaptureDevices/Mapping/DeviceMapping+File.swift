import Foundation

extension DeviceMapping {
    /// The largest mapping file read; a real one is a few kilobytes.
    public static let maximumFileSize = 1 << 20

    /// Reads a mapping file.
    ///
    /// The format (every field but the match optional, `null` the same as leaving it out; unknown
    /// fields are refused, so that a typo is not silently ignored):
    /// ```json
    /// {
    ///   "version": 1,
    ///   "devices": [
    ///     { "identifier": "usb-046d_HD_Pro_Webcam_C920_1A2B3C4D-video-index0",
    ///       "displayName": "Desk camera", "position": "front", "kind": "wide",
    ///       "fieldOfView": 78, "zoom": { "minimum": 1, "maximum": 5 } },
    ///     { "path": "/dev/video2", "position": "back", "kind": "telephoto", "focalLength": 77 }
    ///   ]
    /// }
    /// ```
    /// Each entry matches by exactly one of `identifier`, `path` or `name`. `position` is
    /// `front`, `back` or `external`; `kind` is `wide`, `ultra-wide`, `telephoto`, `macro` or
    /// `other`; the optics are either `focalLength` (35 mm equivalent, millimetres) or
    /// `fieldOfView` (diagonal, degrees), not both.
    /// - Parameter url: the file.
    /// - Throws: ``DeviceMappingError``: `unreadable` when the file cannot be read, `tooLarge` over
    ///   ``maximumFileSize``, `malformed` when it is not JSON, `invalidField` naming the field that
    ///   is missing, unknown, of the wrong type or out of range.
    public init(contentsOf url: URL) throws(DeviceMappingError) {
        let data: Data?
        do {
            data = try readFile(url, limit: Self.maximumFileSize)
        } catch {
            throw .unreadable(path: url.path, reason: (error as NSError).localizedDescription)
        }
        guard let data else { throw .tooLarge(bytes: Self.maximumFileSize + 1, limit: Self.maximumFileSize) }
        try self.init(data: data)
    }

    /// Parses a mapping from JSON bytes; the format is described at ``init(contentsOf:)``.
    /// - Parameter data: the file's bytes.
    /// - Throws: ``DeviceMappingError`` as ``init(contentsOf:)`` does, except `unreadable`.
    public init(data: Data) throws(DeviceMappingError) {
        guard data.count <= Self.maximumFileSize else {
            throw .tooLarge(bytes: data.count, limit: Self.maximumFileSize)
        }
        let file: MappingFile
        do throws(JSONFileProblem) {
            file = try decodeJSON(MappingFile.self, from: data)
        } catch {
            switch error {
            case .malformed(let reason): throw .malformed(reason: reason)
            case .invalidField(let field, let reason): throw .invalidField(field: field, reason: reason)
            }
        }
        try self.init(entries: file.devices)
    }
}

/// The file's top level.
private struct MappingFile: Decodable {
    static let version = 1
    let devices: [DeviceMapping.Entry]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FieldKey.self)
        try container.refuseUnknownKeys(allowed: ["version", "devices"])
        if let version = try container.optional(Int.self, "version"), version != Self.version {
            throw JSONFileProblem.invalidField(
                field: "version", reason: .unsupportedVersion(version, supported: Self.version))
        }
        devices = try container.optional([DeviceMapping.Entry].self, "devices") ?? []
    }
}

extension DeviceMapping.Entry: Decodable {
    /// Decodes an entry of a mapping file; see ``DeviceMapping/init(contentsOf:)`` for its fields.
    /// - Parameter decoder: the decoder.
    /// - Throws: a `DecodingError`, or the problem of the field that is out of range.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FieldKey.self)
        let matchKeys = ["identifier", "path", "name"]
        try container.refuseUnknownKeys(
            allowed: Set(matchKeys + ["displayName", "position", "kind", "focalLength", "fieldOfView", "zoom"]))

        let given = matchKeys.filter { container.contains(FieldKey($0)) }
        guard given.count == 1, let matchKey = given.first else {
            throw JSONFileProblem.invalidField(
                field: fieldPath(container.codingPath),
                reason: given.isEmpty ? .noMatch : .moreThanOneMatch(given))
        }
        let matched = try container.decode(String.self, forKey: FieldKey(matchKey))
        let match: Match =
            switch matchKey {
            case "identifier": .identifier(matched)
            case "path": .path(matched)
            default: .name(matched)
            }

        var equivalentFocalLength = try container.optional(Double.self, "focalLength")
        if let degrees = try container.optional(Double.self, "fieldOfView") {
            guard equivalentFocalLength == nil else {
                throw JSONFileProblem.invalidField(
                    field: container.path("fieldOfView"), reason: .focalLengthAndFieldOfView)
            }
            guard let millimetres = FieldOfView.equivalentFocalLength(forDiagonalDegrees: degrees) else {
                throw JSONFileProblem.invalidField(
                    field: container.path("fieldOfView"), reason: .fieldOfViewOutOfRange(degrees))
            }
            equivalentFocalLength = millimetres
        }

        let position = try container.optional(CaptureDevice.Position.self, "position")
        let kind = try container.optional(CaptureDevice.Kind.self, "kind")
        let zoom = try container.optional(ZoomRange.self, "zoom")
        let displayName = try container.optional(String.self, "displayName")
        do throws(DeviceMappingError) {
            try self.init(
                match: match, displayName: displayName, position: position, kind: kind,
                equivalentFocalLength: equivalentFocalLength, zoomRange: zoom?.range)
        } catch {
            switch error {
            case .invalidField(let name, let reason):
                throw JSONFileProblem.invalidField(field: container.path(name), reason: reason)
            default: throw error
            }
        }
    }
}

/// `{ "minimum": 1, "maximum": 5 }`.
private struct ZoomRange: Decodable {
    let range: ClosedRange<Double>

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FieldKey.self)
        try container.refuseUnknownKeys(allowed: ["minimum", "maximum"])
        let minimum = try container.decode(Double.self, forKey: FieldKey("minimum"))
        let maximum = try container.decode(Double.self, forKey: FieldKey("maximum"))
        for (name, value) in [("minimum", minimum), ("maximum", maximum)] where !(value.isFinite && value > 0) {
            throw JSONFileProblem.invalidField(field: container.path(name), reason: .notPositive(value))
        }
        guard minimum <= maximum else {
            throw JSONFileProblem.invalidField(
                field: fieldPath(container.codingPath), reason: .minimumAboveMaximum(minimum: minimum, maximum: maximum)
            )
        }
        range = minimum...maximum
    }
}
