import Foundation
import Imaging

/// Camera-sized photos and video frames made from a bundled sample at run time, so nothing large
/// is committed.
///
/// An upscaled sample is unrealistically smooth and compresses too well, which would flatter any
/// JPEG round trip; fine noise like a sensor's gives the file a real photo's entropy
/// (about 8 MB for 24 megapixels at quality 92).
enum Inputs {
    static let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("analogkit-benchmarks")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/Samples/rocket.jpg")

    /// A `size`³ `.cube` file written with six decimals, as graders' tools write one (an inverted,
    /// slightly warmed table, so that no digit pattern repeats), made once and reused.
    static func cube(size: Int) -> URL {
        let url = folder.appendingPathComponent("table-\(size).cube")
        if FileManager.default.fileExists(atPath: url.path) { return url }
        var text = "TITLE \"benchmark \(size)\"\nLUT_3D_SIZE \(size)\n"
        let top = Double(size - 1)
        for blue in 0..<size {
            for green in 0..<size {
                for red in 0..<size {
                    text += String(
                        format: "%.6f %.6f %.6f\n", 1 - Double(red) / top * 0.97, 1 - Double(green) / top,
                        0.02 + (1 - Double(blue) / top) * 0.95)
                }
            }
        }
        do {
            try Data(text.utf8).write(to: url)
        } catch {
            fatalError("cannot make the benchmark input: \(error)")
        }
        return url
    }

    /// A JPEG of about `megapixels` million pixels (3:2), made once and reused.
    static func photo(megapixels: Int) -> URL {
        let url = folder.appendingPathComponent("photo-\(megapixels)mp.jpg")
        if FileManager.default.fileExists(atPath: url.path) { return url }
        do {
            let source = try Image(contentsOf: sample)
            let width = Int((Double(megapixels) * 1_000_000 * 1.5).squareRoot())
            let height = width * 2 / 3
            let enlarged = try source.resized(width: width, height: height, kernel: .cubic)
            let grain = try Image.noise(width: width, height: height, sigma: 6, seed: 1)
            let photo = try enlarged.adding(grain).cast(to: .uchar)
            try photo.write(to: url, as: .jpeg(quality: 92))
        } catch {
            fatalError("cannot make the benchmark input: \(error)")
        }
        return url
    }

    /// `seconds` of a 1920×1080, 30 fps H.264 stream as a camera sends it (Benchmarks/lib.sh's
    /// `make_live_stream`: a key frame a second, no B-frames, about 4 Mbit/s), made once by ffmpeg.
    static func liveStream(seconds: Int) throws -> URL {
        let url = folder.appendingPathComponent("live-1080p30-\(seconds)s.mp4")
        if FileManager.default.fileExists(atPath: url.path) { return url }
        let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("lib.sh")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [
            "-c", "source \"$0\" && make_live_stream \"$1\" \"$2\"", library.path, "\(seconds)", url.path,
        ]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw InputError.ffmpegFailed(url.lastPathComponent) }
        return url
    }

    /// `count` distinct paths (hard links) to the `megapixels` photo in a folder of their own, so
    /// that a cache keyed by path misses on each.
    static func photoLinks(megapixels: Int, count: Int) -> [URL] {
        let source = photo(megapixels: megapixels)
        let links = folder.appendingPathComponent("links-\(megapixels)mp-\(count)")
        try? FileManager.default.createDirectory(at: links, withIntermediateDirectories: true)
        return (0..<count).map { index in
            let link = links.appendingPathComponent("photo-\(index).jpg")
            if !FileManager.default.fileExists(atPath: link.path) {
                do {
                    try FileManager.default.linkItem(at: source, to: link)
                } catch {
                    fatalError("cannot link the benchmark input: \(error)")
                }
            }
            return link
        }
    }
}

/// Making an input failed.
enum InputError: Error {
    /// ffmpeg could not make the named file.
    case ffmpegFailed(String)
}

/// A camera panning across a still scene, four pixels a frame and back: 1080p frames that differ
/// from one another like a real camera's, cut from the 12 MP photo.
struct PanningCamera {
    /// The frame width.
    let width: Int
    /// The frame height.
    let height: Int
    /// How far the camera travels, in pixels.
    let pan = 480
    /// The scene in memory, `pan` pixels wider than a frame.
    let scene: Image

    /// Loads the scene for `width`×`height` frames.
    init(width: Int = 1920, height: Int = 1080) throws {
        self.width = width
        self.height = height
        let photo = try Image(contentsOf: Inputs.photo(megapixels: 12))
        scene = try photo.cropped(
            x: (photo.width - width - pan) / 2, y: (photo.height - height) / 2, width: width + pan, height: height
        ).materialized()
    }

    /// Frame `index`: a view of the scene, computed when the recorder compresses it.
    func frame(_ index: Int) throws -> Image {
        let position = (index * 4) % (2 * pan)
        return try scene.cropped(x: position < pan ? position : 2 * pan - position, y: 0, width: width, height: height)
    }
}
