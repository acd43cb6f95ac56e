import Foundation

/// Whether a location is a directory on disk or a collection kept by the library.
public enum LocationKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A directory anywhere on disk. Other programs may add or remove files there; a rescan
    /// brings the index up to date.
    case folder
    /// A named collection inside the library. Its photos are stored in the library's own
    /// directory, and a photo may belong to several albums.
    case album
}

/// A destination chosen before shooting: every photo saved "to" it lands there.
public struct Location: Sendable, Hashable, Identifiable {
    /// The location's identifier, stable across restarts.
    public let id: Int64
    /// The name people see; unique within a library (case-insensitively).
    public var name: String
    /// Folder or album.
    public var kind: LocationKind
    /// Where its photo files are written: the folder itself, or the album's storage directory.
    public var directory: URL
    /// When it was created.
    public var createdAt: Date

    /// Creates a location value (libraries create locations; this is for mocks and tests).
    public init(id: Int64, name: String, kind: LocationKind, directory: URL, createdAt: Date) {
        self.id = id
        self.name = name
        self.kind = kind
        self.directory = directory
        self.createdAt = createdAt
    }
}

extension Location {
    /// Trims a proposed name and refuses an empty one.
    static func validatedName(_ proposed: String) throws(GalleryError) -> String {
        let name = proposed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw .emptyLocationName }
        return name
    }
}
