import Foundation

/// A fresh folder under the system's temporary directory, removed by ``remove()``.
public struct TemporaryDirectory: Sendable {
    /// The folder.
    public let url: URL

    /// Creates a uniquely named folder.
    public init(_ label: String = "analogkit") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the folder.
    public func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// Deletes the folder and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
