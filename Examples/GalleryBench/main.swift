// A small tool for measuring and stress-testing GalleryKit:
//
//   gallery-bench thumbnail <photo> <size> <output.jpg> [<library>]
//                                                         one uncached thumbnail, as GalleryKit makes it
//   gallery-bench timed <photo> <size> <count>            <count> uncached thumbnails one after another
//                                                         in one process; prints the median per thumbnail
//   gallery-bench save-timed <photo> <count>              saves the JPEG <count> times with EXIF (GPS,
//                                                         date, description); prints the median per save
//   gallery-bench batch <directory> <size>                thumbnails of every file there, fresh cache
//   gallery-bench save-loop <library> <folder> <photo>    saves the photo into the folder forever,
//                                                         one line per save (the crash test kills it)
//
// measure.sh beside this file runs the speed comparisons of issue 6.
import Foundation
import GalleryKit
import Imaging

let usage = """
    usage: gallery-bench thumbnail <photo> <size> <output.jpg> [<library>]
           gallery-bench timed <photo> <size> <count>
           gallery-bench save-timed <photo> <count>
           gallery-bench batch <directory> <size>
           gallery-bench save-loop <library> <folder> <photo>

    Measures and stress-tests GalleryKit: one uncached thumbnail; the median of <count> uncached
    thumbnails or saves; thumbnails of every file in a directory; or saves the photo into a
    library folder forever, one line per save. Work files go into a new folder in the system's
    temporary directory and are removed afterwards.

    options:
      -h, --help   Show this help and exit.
    """

/// A runtime failure: one line on standard error, status 1.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("gallery-bench: \(message)\n".utf8))
    exit(1)
}

/// A command line that does not match the usage: the reason and the usage on standard error, status 64.
func usageError(_ message: String) -> Never {
    FileHandle.standardError.write(Data("gallery-bench: \(message)\n\(usage)\n".utf8))
    exit(64)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(0)
}
switch arguments.first {
case "thumbnail" where arguments.count == 4 || arguments.count == 5:
    guard let size = Int(arguments[2]) else { usageError("size must be a number") }
    // With a library directory, the library is opened as an app would open its own (created on
    // the first run only); without one, a new library is created and removed again.
    let keep = arguments.count == 5
    let library = URL(
        fileURLWithPath: keep
            ? arguments[4]
            : FileManager.default.temporaryDirectory.appendingPathComponent("gallery-bench-\(UUID().uuidString)").path)
    defer { if !keep { try? FileManager.default.removeItem(at: library) } }
    do {
        let cache = try GalleryLibrary(directory: library).thumbnails
        // A new hard link per run: a photo this library has no thumbnail of yet (a cache miss).
        let source = library.appendingPathComponent("source-\(UUID().uuidString).jpg")
        try FileManager.default.linkItem(at: URL(fileURLWithPath: arguments[1]), to: source)
        defer { try? FileManager.default.removeItem(at: source) }
        let made = try await cache.thumbnail(for: source, size: size)
        let output = URL(fileURLWithPath: arguments[3])
        try? FileManager.default.removeItem(at: output)
        try FileManager.default.copyItem(at: made, to: output)
    } catch {
        fail("\(error)")
    }

case "timed" where arguments.count == 4:
    guard let size = Int(arguments[2]), let count = Int(arguments[3]), count > 0 else {
        usageError("bad size or count")
    }
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: work) }
    do {
        let links = work.appendingPathComponent("links")
        try FileManager.default.createDirectory(at: links, withIntermediateDirectories: true)
        // Hard links: a distinct path, so a cache miss, for each request.
        let sources = try (0..<count).map { index in
            let link = links.appendingPathComponent("\(index).jpg")
            try FileManager.default.linkItem(at: URL(fileURLWithPath: arguments[1]), to: link)
            return link
        }
        let cache = try GalleryLibrary(directory: work.appendingPathComponent("Library")).thumbnails
        var times: [Duration] = []
        for source in sources {
            let start = ContinuousClock.now
            _ = try await cache.thumbnail(for: source, size: size)
            times.append(ContinuousClock.now - start)
        }
        times.sort()
        print("median \(times[times.count / 2]) (min \(times[0]), max \(times[times.count - 1]), \(count) thumbnails)")
    } catch {
        fail("\(error)")
    }

case "save-timed" where arguments.count == 3:
    guard let count = Int(arguments[2]), count > 0 else { usageError("count must be a positive number") }
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: work) }
    do {
        let library = try GalleryLibrary(directory: work)
        let folder = try await library.createLocation(named: "Timed")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
        let gps = try GPSCoordinate(latitude: -33.8568, longitude: 151.2153, altitude: 12)
        var times: [Duration] = []
        for _ in 0..<count {
            let start = ContinuousClock.now
            _ = try await library.save(
                .encoded(bytes), to: folder.id, metadata: PhotoMetadata(gps: gps, description: "Kodak Gold 200"))
            times.append(ContinuousClock.now - start)
        }
        times.sort()
        print("median \(times[times.count / 2]) (min \(times[0]), \(count) saves of \(bytes.count) bytes)")
    } catch {
        fail("\(error)")
    }

case "batch" where arguments.count == 3:
    guard let size = Int(arguments[2]) else { usageError("size must be a number") }
    let directory = URL(fileURLWithPath: arguments[1])
    let library = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: library) }
    do {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        let sources = names.map { directory.appendingPathComponent($0) }
        let cache = try GalleryLibrary(directory: library).thumbnails
        let start = ContinuousClock.now
        let made = try await cache.thumbnails(for: sources, size: size)
        let elapsed = ContinuousClock.now - start
        print("\(made.count) thumbnails of \(size) px in \(elapsed)")
    } catch {
        fail("\(error)")
    }

case "save-loop" where arguments.count == 4:
    do {
        let library = try GalleryLibrary(directory: URL(fileURLWithPath: arguments[1]))
        let folder = try await library.createLocation(
            named: "save-loop \(ProcessInfo.processInfo.processIdentifier)", kind: .folder,
            directory: URL(fileURLWithPath: arguments[2]))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: arguments[3]))
        var count = 0
        while true {
            let photo = try await library.save(
                .encoded(bytes), to: folder.id, metadata: PhotoMetadata(description: "save-loop"))
            count += 1
            // Unbuffered, so the line is out the moment the photo is in place.
            FileHandle.standardOutput.write(Data("\(count) \(photo.url.lastPathComponent)\n".utf8))
        }
    } catch {
        fail("\(error)")
    }

default:
    usageError(arguments.first.map { "unknown command or arguments for '\($0)'" } ?? "no command given")
}
