/// How ``PhotoLibrary/importFiles(_:into:mode:)`` treats the originals.
public enum ImportMode: Sendable, Hashable {
    /// Leave the originals where they are.
    case copy
    /// Remove the originals once their copies are safely in place.
    case move
}
