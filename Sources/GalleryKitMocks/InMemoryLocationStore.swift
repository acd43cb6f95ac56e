import Foundation
import GalleryKit

/// Locations kept in memory, with the same rules as the real library (names required, unique
/// case-insensitively). For users' tests of code that manages locations.
public actor InMemoryLocationStore: LocationStore {
    private var stored: [Location] = []
    private var nextID: Int64 = 1
    /// Where the store says locations live; nothing is written there.
    public nonisolated let root: URL

    /// An empty store.
    public init(root: URL = URL(fileURLWithPath: "/in-memory")) {
        self.root = root
    }

    /// Creates a location.
    ///
    /// - Throws: `GalleryError.emptyLocationName` for a blank name; `GalleryError.duplicateLocationName(_:)` if
    ///   another location has it (ignoring case).
    public func createLocation(named proposed: String, kind: LocationKind, directory: URL?) throws(GalleryError)
        -> Location
    {
        let name = proposed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw .emptyLocationName }
        guard !stored.contains(where: { $0.name.lowercased() == name.lowercased() }) else {
            throw .duplicateLocationName(name)
        }
        let id = nextID
        nextID += 1
        let folder = kind == .album ? "Albums" : "Folders"
        let location = Location(
            id: id, name: name, kind: kind, directory: directory ?? root.appendingPathComponent("\(folder)/\(id)"),
            createdAt: Date())
        stored.append(location)
        return location
    }

    /// Every location, oldest first.
    public func locations() -> [Location] { stored }

    /// The location with this identifier.
    ///
    /// - Throws: `GalleryError.locationNotFound(id:)` for an unknown location.
    public func location(id: Int64) throws(GalleryError) -> Location {
        guard let location = stored.first(where: { $0.id == id }) else { throw .locationNotFound(id: id) }
        return location
    }

    /// Renames a location.
    ///
    /// - Throws: `GalleryError.emptyLocationName`; `GalleryError.locationNotFound(id:)`;
    ///   `GalleryError.duplicateLocationName(_:)`.
    public func renameLocation(id: Int64, to proposed: String) throws(GalleryError) -> Location {
        let name = proposed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw .emptyLocationName }
        guard let index = stored.firstIndex(where: { $0.id == id }) else { throw .locationNotFound(id: id) }
        guard !stored.contains(where: { $0.id != id && $0.name.lowercased() == name.lowercased() }) else {
            throw .duplicateLocationName(name)
        }
        stored[index].name = name
        return stored[index]
    }

    /// Deletes a location.
    ///
    /// - Throws: `GalleryError.locationNotFound(id:)` for an unknown location.
    public func deleteLocation(id: Int64) throws(GalleryError) {
        guard let index = stored.firstIndex(where: { $0.id == id }) else { throw .locationNotFound(id: id) }
        stored.remove(at: index)
    }
}
