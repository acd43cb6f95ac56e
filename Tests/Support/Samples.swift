import Foundation

/// The photos bundled in `Examples/Samples`.
public enum Samples {
    /// The samples folder.
    public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/Samples")

    /// A sample by file name, such as `rocket.jpg`.
    public static func url(_ name: String) -> URL {
        folder.appendingPathComponent(name)
    }

    /// The raw bytes of a sample.
    public static func data(_ name: String) throws -> Data {
        try Data(contentsOf: url(name))
    }
}
