import Foundation
import GalleryKit
import Imaging
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Atomic saving")
struct AtomicSaveTests {
    /// The bench tool saves photos in a loop; it is killed with SIGKILL mid-stream, many times.
    @Test("a writer killed with SIGKILL leaves no partial photo visible")
    func killedWriter() async throws {
        let tool = ChildProcess.product("gallery-bench")
        let temporary = try TemporaryDirectory("gallerykit")
        defer { temporary.remove() }
        let folder = temporary.file("Folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for round in 0..<3 {
            let process = Process()
            process.executableURL = tool
            process.arguments = ["save-loop", temporary.file("Library").path, folder.path, Samples.rocket.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            // Wait until it has saved a few photos (it prints one line per save), then kill it.
            var lines = 0
            let reader = pipe.fileHandleForReading
            while lines < 2 + round {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                lines += chunk.filter { $0 == UInt8(ascii: "\n") }.count
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal)
        }
        // Every visible file is a whole photo: it decodes completely and has its EXIF.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let visible = names.filter { !$0.hasPrefix(".") }
        #expect(visible.count >= 2 + 3)
        for name in visible {
            let url = folder.appendingPathComponent(name)
            _ = try Image(contentsOf: url).pixels()
            #expect(try exiftool(url)["EXIF:ImageDescription"] as? String == "save-loop")
        }
        // The rescan indexes exactly the whole photos, never a temporary file.
        let library = try GalleryLibrary(directory: temporary.file("Library2"))
        let location = try await library.createLocation(named: "Killed", kind: .folder, directory: folder)
        let report = try await library.rescan(location.id)
        #expect(report.added.count == visible.count)
        #expect(report.skipped.isEmpty)
    }

    @Test("a crash between writing and renaming leaves only a hidden temporary file, ignored by listings")
    func interruptedBeforeRename() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        let folder = try await library.createLocation(named: "Folder", kind: .folder, directory: temporary.file("F"))
        // What a killed writer leaves: a hidden, partial temporary file next to where the photo would go.
        let partial = folder.directory.appendingPathComponent(".tmp-1F2E-IMG_20240601_120000_000_00000000.jpg")
        try Samples.data("rocket.jpg").prefix(1000).write(to: partial)
        let report = try await library.rescan(folder.id)
        #expect(report.isEmpty)
        #expect(report.skipped.isEmpty)
        #expect(try await library.photoCount(in: folder.id) == 0)
        // A real save next to it still works and is the only photo listed.
        let photo = try await library.save(
            .encoded(try Samples.smallJPEG()), to: folder.id, metadata: PhotoMetadata(captureDate: date()))
        #expect(try await library.allPhotos(in: folder.id).map(\.url) == [photo.url])
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.directory.path)
        #expect(names.filter { !$0.hasPrefix(".") } == [photo.url.lastPathComponent])
    }
}
