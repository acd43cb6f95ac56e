// Times RecorderKit's clip export alone, for Benchmarks/compare.sh to set beside ffmpeg encoding
// the same frames:
//
//   recorder-benchmark raw --frames 150 | clip-export --codec h264 [--frames 150] [--width 1920] [--height 1080]
//
// Reads raw 8-bit RGB frames from standard input, records them (not timed), then marks an event
// whose clip holds all of them and times the export of that clip. Prints one line:
//   export <codec> <frames> frames: wall <ms> ms, CPU <ms> ms, <bytes> bytes
//
//   clip-export --passthrough stream.mp4 [--seconds 5]
//
// records an H.264 stream in passthrough instead (not timed) and times the export of a clip of its
// last 5 seconds: a remux of the stream's own packets, and of its audio packets if it has sound
// (the line ends with `audio aac`, or `audio none`).
import BenchmarkWorkloads
import Foundation
import Imaging
import RecorderKit

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("clip-export: \(message)\n".utf8))
    exit(64)
}

/// Exactly `count` bytes of standard input (a pipe may deliver them in pieces), or `nil` at its end.
func readFrame(_ count: Int) throws -> Data? {
    var data = Data(capacity: count)
    while data.count < count {
        guard let piece = try FileHandle.standardInput.read(upToCount: count - data.count), !piece.isEmpty else {
            return nil
        }
        data.append(piece)
    }
    return data
}

func option(_ name: String, default value: String) -> String {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: "--\(name)") else { return value }
    guard index + 1 < arguments.count else { fail("--\(name) needs a value") }
    return arguments[index + 1]
}

if CommandLine.arguments.contains("--passthrough") {
    let stream = option("passthrough", default: "")
    guard let seconds = Double(option("seconds", default: "5")), seconds.isFinite, seconds > 0, seconds <= 60 else {
        fail("--seconds takes a number of seconds in (0, 60]")
    }
    do {
        let session = try await PassthroughSession(file: URL(fileURLWithPath: stream), clipSeconds: seconds)
        defer { session.close() }
        var clip: CapturedVideoSegment?
        let usage = try await Usage.measure { clip = try await session.exportClip() }
        guard let clip else { fail("no clip") }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: clip.url.path)[.size] as? Int) ?? 0
        print(
            String(
                format: "export passthrough %d frames: wall %.1f ms, CPU %.1f ms, %d bytes, audio %@", clip.frameCount,
                usage.wallSeconds * 1000, usage.cpuSeconds * 1000, bytes, clip.audioCodecName ?? "none"))
    } catch {
        fail("\(error)")
    }
    exit(0)
}

guard let frames = Int(option("frames", default: "150")), frames > 0,
    let width = Int(option("width", default: "1920")), let height = Int(option("height", default: "1080"))
else { fail("--frames, --width and --height take positive numbers") }
let codecs: [String: VideoCodec] = ["h264": .h264, "mjpeg": .mjpeg]
let codecName = option("codec", default: "h264")
guard let codec = codecs[codecName] else { fail("--codec is h264 or mjpeg") }

do {
    let session = try RecordingSession(width: width, height: height, codec: codec, clipFrames: frames)
    defer { session.close() }
    let frameBytes = width * height * 3
    for index in 0..<frames {
        guard let data = try readFrame(frameBytes) else {
            fail("standard input ended after \(index) of \(frames) frames")
        }
        let pixels = try PixelBuffer(width: width, height: height, bands: 3, samples: [UInt8](data))
        try session.recorder.push(pixels: pixels, timestamp: RecordingSession.timestamp(ofFrame: index))
    }
    try await session.waitUntilStored()
    var clip: CapturedVideoSegment?
    let usage = try await Usage.measure { clip = try await session.exportClip() }
    guard let clip, clip.frameCount == frames else { fail("the clip has \(clip?.frameCount ?? 0) frames") }
    let bytes = (try? FileManager.default.attributesOfItem(atPath: clip.url.path)[.size] as? Int) ?? 0
    print(
        String(
            format: "export %@ %d frames: wall %.1f ms, CPU %.1f ms, %d bytes", codecName, frames,
            usage.wallSeconds * 1000, usage.cpuSeconds * 1000, bytes))
} catch {
    fail("\(error)")
}
