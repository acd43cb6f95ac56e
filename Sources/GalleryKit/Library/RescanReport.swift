import Foundation

/// What a rescan of a folder found.
public struct RescanReport: Sendable, Hashable {
    /// Files new to the index.
    public var added: [URL] = []
    /// Index entries whose files are gone.
    public var removed: [URL] = []
    /// Files whose content changed (size or modification time).
    public var updated: [URL] = []
    /// Files that are not readable images, left alone, with why.
    public var skipped: [URL: String] = [:]

    /// Creates an empty report.
    public init() {}

    /// Whether anything changed.
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && updated.isEmpty }
}
