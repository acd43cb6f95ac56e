import Foundation

/// Camera choices in a small JSON file; give each app its own file (in its application-support
/// folder), so that each remembers its own cameras.
///
/// Saving is atomic: Foundation writes a temporary file beside it, flushes it to the disk and
/// renames it over the old one, so a killed app leaves the old choices or the new ones, never a
/// mix. A file that is damaged anyway (edited by hand, written by something else) is reported as
/// ``CameraChoiceStoreError/damaged(path:reason:)`` and left in place, never deleted; the next
/// ``save(_:)`` replaces it.
///
/// ```json
/// { "version": 1, "active": "back", "lastUsed": { "back": "…", "front": "…" } }
/// ```
public actor FileCameraChoiceStore: CameraChoiceStore {
    /// The largest file read; real ones are about a hundred bytes.
    public static let maximumFileSize = 64 * 1024

    /// The file.
    public nonisolated let url: URL

    /// A store in `url`; nothing is read or written until asked.
    /// - Parameter url: the file (its folder is created on the first save).
    public init(url: URL) {
        self.url = url
    }

    /// The choices saved last; empty choices when the file does not exist.
    /// - Returns: the choices.
    /// - Throws: ``CameraChoiceStoreError/unreadable(path:reason:)`` when the file cannot be read,
    ///   ``CameraChoiceStoreError/damaged(path:reason:)`` naming the field when it is not valid
    ///   choices (or is larger than ``maximumFileSize``).
    public func load() throws(CameraChoiceStoreError) -> CameraChoices {
        guard FileManager.default.fileExists(atPath: url.path) else { return CameraChoices() }
        let data: Data?
        do {
            data = try readFile(url, limit: Self.maximumFileSize)
        } catch {
            throw .unreadable(path: url.path, reason: (error as NSError).localizedDescription)
        }
        guard let data else {
            throw .damaged(path: url.path, reason: .tooLarge(limit: Self.maximumFileSize))
        }
        do throws(JSONFileProblem) {
            return try decodeJSON(ChoicesFile.self, from: data).choices
        } catch {
            switch error {
            case .malformed(let reason): throw .damaged(path: url.path, reason: .notJSON(reason))
            case .invalidField(let field, let reason):
                throw .damaged(path: url.path, reason: .invalidField(field: field, reason: reason))
            }
        }
    }

    /// Saves the choices atomically, replacing the file.
    /// - Parameter choices: the choices.
    /// - Throws: ``CameraChoiceStoreError/writeFailed(path:reason:)``; the old file is then unchanged.
    public func save(_ choices: CameraChoices) throws(CameraChoiceStoreError) {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let data = try encoder.encode(ChoicesFile(choices: choices))
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw .writeFailed(path: url.path, reason: (error as NSError).localizedDescription)
        }
    }
}

/// The file's contents.
private struct ChoicesFile: Codable {
    static let version = 1
    let choices: CameraChoices

    init(choices: CameraChoices) {
        self.choices = choices
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FieldKey.self)
        try container.refuseUnknownKeys(allowed: ["version", "active", "lastUsed"])
        let version = try container.decode(Int.self, forKey: FieldKey("version"))
        guard version == Self.version else {
            throw JSONFileProblem.invalidField(
                field: "version", reason: .unsupportedVersion(version, supported: Self.version))
        }
        let active = try container.optional(CaptureDevice.Position.self, "active")
        var lastUsed: [CaptureDevice.Position: String] = [:]
        if container.contains(FieldKey("lastUsed")) {
            let sides = try container.nestedContainer(keyedBy: FieldKey.self, forKey: FieldKey("lastUsed"))
            try sides.refuseUnknownKeys(allowed: Set(CaptureDevice.Position.allCases.map(\.rawValue)))
            for position in CaptureDevice.Position.allCases {
                guard let identifier = try sides.optional(String.self, position.rawValue) else { continue }
                guard !identifier.isEmpty else {
                    throw JSONFileProblem.invalidField(field: sides.path(position.rawValue), reason: .empty)
                }
                lastUsed[position] = identifier
            }
        }
        choices = CameraChoices(lastUsed: lastUsed, activePosition: active)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        try container.encode(Self.version, forKey: FieldKey("version"))
        try container.encodeIfPresent(choices.activePosition, forKey: FieldKey("active"))
        try container.encode(
            Dictionary(uniqueKeysWithValues: choices.lastUsed.map { ($0.key.rawValue, $0.value) }),
            forKey: FieldKey("lastUsed"))
    }
}
