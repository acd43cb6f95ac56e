// Measures a film stock on 1920×1080 video frames, for Benchmarks/compare.sh:
//
//   film-frames [--stock kodak-portra-400|none] [--frames 300] [--export 150] [--keep clip.mp4]
//               [--raw frames.rgb]
//
// First FilmKit's VideoLook on a panning camera's frames, rendered one after another into one
// output buffer (pixels in, pixels out, each frame with its own grain seed); then RecorderKit's
// clip export (H.264) of `--export` recorded frames with the same stock as its export filter
// (`--keep` copies the clip there, to look at; `--raw` writes the filmed frames as raw 8-bit RGB,
// for trying encoder settings with ffmpeg).
// Prints two lines:
//   frames <stock> <n>: <fps> fps, CPU <ms> ms per frame, peak RSS <MB> MB
//   export <stock> h264 <n> frames: <fps> fps, wall <ms> ms, CPU <ms> ms
import BenchmarkWorkloads
import FilmKit
import Foundation
import Imaging
import RecorderKit

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("film-frames: \(message)\n".utf8))
    exit(64)
}

func option(_ name: String, default value: String) -> String {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: "--\(name)") else { return value }
    guard index + 1 < arguments.count else { fail("--\(name) needs a value") }
    return arguments[index + 1]
}

/// The peak resident set of this process so far, in MB.
func peakResidentMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return 0 }
    return kilobytes / 1024
}

let stock = option("stock", default: "kodak-portra-400")
guard let frames = Int(option("frames", default: "300")), frames > 0,
    let exportFrames = Int(option("export", default: "150")), exportFrames >= 0
else { fail("--frames takes a positive number, --export a count (0 skips the export)") }
let keep = option("keep", default: "")
let raw = option("raw", default: "")
let width = 1920
let height = 1080
let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/Samples/rocket.jpg")

do {
    let registry = FilterRegistry.shared
    // A camera panning four pixels a frame across the night launch (lights, so halation works).
    let pan = 480
    let scene = try Image(contentsOf: sample).resized(width: width + pan, height: height, kernel: .cubic)
        .materialized()
    let pictures = try (0..<32).map { index in
        let position = (index * 4) % (2 * pan)
        return try scene.cropped(
            x: position < pan ? position : 2 * pan - position, y: 0, width: width, height: height
        ).pixels()
    }
    let video = VideoLook(stock == "none" ? FilterChain([]) : try registry.makeFilter(stock), seed: 1)
    var checksum = 0
    var filmed = pictures[0]
    let rawFile: FileHandle? =
        raw.isEmpty
        ? nil : FileManager.default.createFile(atPath: raw, contents: nil) ? FileHandle(forWritingAtPath: raw) : nil
    if !raw.isEmpty, rawFile == nil { fail("cannot write \(raw)") }
    let usage = try await Usage.measure {
        for index in 0..<frames {
            try video.render(pictures[index % pictures.count], index: index, into: &filmed)
            checksum &+= Int(filmed.samples[index % filmed.samples.count])
            if let rawFile { try filmed.samples.withUnsafeBytes { try rawFile.write(contentsOf: $0) } }
        }
    }
    print(
        String(
            format: "frames %@ %d: %.1f fps, CPU %.2f ms per frame, peak RSS %.0f MB (checksum %d)", stock, frames,
            Double(frames) / usage.wallSeconds, usage.cpuSeconds * 1000 / Double(frames), peakResidentMegabytes(),
            checksum))

    guard exportFrames > 0 else { exit(0) }
    let session = try RecordingSession(width: width, height: height, codec: .h264, clipFrames: exportFrames)
    defer { session.close() }
    for index in 0..<exportFrames {
        try session.recorder.push(
            pixels: pictures[index % pictures.count], timestamp: RecordingSession.timestamp(ofFrame: index))
    }
    try await session.waitUntilStored()
    // `--stock none` measures the export alone, for comparison.
    if stock != "none" { try session.recorder.setExportFilter(named: stock, registry: registry, seed: 1) }
    var clip: CapturedVideoSegment?
    let export = try await Usage.measure { clip = try await session.exportClip() }
    guard let clip, clip.frameCount == exportFrames else { fail("the clip has \(clip?.frameCount ?? 0) frames") }
    if !keep.isEmpty {
        try? FileManager.default.removeItem(atPath: keep)
        try FileManager.default.copyItem(at: clip.url, to: URL(fileURLWithPath: keep))
    }
    print(
        String(
            format: "export %@ h264 %d frames: %.1f fps, wall %.1f ms, CPU %.1f ms", stock, exportFrames,
            Double(exportFrames) / export.wallSeconds, export.wallSeconds * 1000, export.cpuSeconds * 1000))
} catch {
    fail("\(error)")
}
