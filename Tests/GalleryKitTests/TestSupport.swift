import Foundation
import GalleryKit
import Imaging
import TestSupport
import Testing

extension Samples {
    static let rocket = url("rocket.jpg")
    static let coffee = url("coffee.png")
    static let astronaut = url("astronaut.png")
    static let chelsea = url("chelsea.png")

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
func makeLibrary() throws -> (GalleryLibrary, TemporaryDirectory) {
    let temporary = try TemporaryDirectory("gallerykit")
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
