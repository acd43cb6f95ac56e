import Foundation
import GalleryKit
import Imaging
import Testing

/// A unique directory under the system's temporary directory, removed by `cleanUp()`.
struct TemporaryDirectory {
    let url: URL

    init(_ label: String = #function) throws {
        let safe = label.filter { $0.isLetter || $0.isNumber }
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("gallerykit-\(safe)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: url)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }
}

enum Samples {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/Samples")

    static let rocket = directory.appendingPathComponent("rocket.jpg")
    static let coffee = directory.appendingPathComponent("coffee.png")
    static let astronaut = directory.appendingPathComponent("astronaut.png")
    static let chelsea = directory.appendingPathComponent("chelsea.png")

    static func data(_ url: URL) throws -> Data { try Data(contentsOf: url) }

    /// A small JPEG made from a sample, so tests stay fast.
    static func smallJPEG(_ url: URL = coffee, width: Int = 160) throws -> Data {
        try Image.thumbnail(contentsOf: url, width: width).encoded(as: .jpeg(quality: 90))
    }
}

/// Runs exiftool and returns its JSON for one file, keys grouped (`EXIF:Make`, `Composite:GPSLatitude`).
func exiftool(_ url: URL) throws -> [String: Any] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
    process.arguments = ["-n", "-json", "-G", url.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let parsed = try JSONSerialization.jsonObject(with: output) as? [[String: Any]]
    return parsed?.first ?? [:]
}

/// A library in a fresh temporary directory.
func makeLibrary(_ label: String = #function) throws -> (GalleryLibrary, TemporaryDirectory) {
    let temporary = try TemporaryDirectory(label)
    return (try GalleryLibrary(directory: temporary.file("Library")), temporary)
}

/// Expects `body` to throw exactly `expected`.
func expectGalleryError<T>(
    _ expected: GalleryError,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws(GalleryError) -> T
) async {
    do {
        _ = try await body()
        Issue.record("expected \(expected), but nothing was thrown", sourceLocation: sourceLocation)
    } catch {
        #expect(error == expected, sourceLocation: sourceLocation)
    }
}

let utc = TimeZone(identifier: "UTC")!

/// A fixed date: 2024-06-01 12:00:00 UTC plus `offset` seconds.
func date(_ offset: TimeInterval = 0) -> Date {
    Date(timeIntervalSince1970: 1_717_243_200 + offset)
}
