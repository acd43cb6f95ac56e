import Foundation
import Imaging
import RecorderKit
import TestSupport
import Testing

/// A unique temporary folder with a buffer and an output directory, removed by `cleanUp()`.
struct TemporaryFolder {
    let directory: TemporaryDirectory

    init(_ label: String = "recorder") throws {
        directory = try TemporaryDirectory("RecorderKitTests-\(label)")
    }

    var url: URL { directory.url }
    var buffer: URL { directory.file("buffer") }
    var output: URL { directory.file("clips") }

    func cleanUp() {
        directory.remove()
    }
}

/// A small, fast configuration for tests: 320×240 at 30 fps, exported at the same size.
func smallConfiguration(
    in folder: TemporaryFolder,
    backward: Double = 3,
    forward: Double = 2,
    codec: VideoCodec = .preferred,
    format: VideoFormat = .mp4
) -> RecorderConfiguration {
    RecorderConfiguration(
        customRecordSize: FrameSize(width: 320, height: 240),
        exportSettings: ExportSettings(codec: codec, format: format, customSize: FrameSize(width: 320, height: 240)),
        framerate: .fps30, backwardOffset: backward, forwardOffset: forward,
        bufferDirectory: folder.buffer, outputDirectory: folder.output)
}

/// Renders test-pattern frames once and hands them out by index, so tests do not pay for
/// rendering twice.
final class PatternFrames: Sendable {
    let frames: [Frame]

    /// The first `count` frames of the pattern. Those of the usual 320×240 pattern come from one
    /// set rendered once per test run: a frame does not depend on how many follow it, and a
    /// frame's text and counter cost milliseconds that twenty suites paid again.
    init(count: Int, size: FrameSize = PatternFrames.sharedSize) throws {
        if size == Self.sharedSize, count <= Self.sharedCount {
            frames = Array(try Self.shared.get().prefix(count))
        } else {
            frames = try Self.render(count: count, size: size)
        }
    }

    static let sharedSize = FrameSize(width: 320, height: 240)
    static let sharedCount = 480
    static let shared = Result { try render(count: sharedCount, size: sharedSize) }

    private static func render(count: Int, size: FrameSize) throws -> [Frame] {
        var source = try TestPatternSource(frameSize: size, frameRate: 30, frameCount: count)
        var frames: [Frame] = []
        while let frame = try source.nextFrame() {
            // Materialised, so that pushing does not re-run the drawing pipeline.
            frames.append(Frame(image: try Image(pixels: frame.image.pixels()), timestamp: frame.timestamp))
        }
        return frames
    }
}

/// The embedded counters of every frame of a video file, decoded through FFmpeg.
func decodedCounters(of url: URL) throws -> [Int?] {
    let source = try VideoFileSource(url: url)
    var counters: [Int?] = []
    while let frame = try source.nextFrame() {
        counters.append(FrameCounterCode.decode(try frame.image.pixels()))
    }
    return counters
}

/// What `ffprobe` says about a clip's video stream, counting frames by decoding them.
struct ProbeResult {
    let streamCount: Int
    let codecName: String
    let width: Int
    let height: Int
    let frameRate: String
    let countedFrames: Int
    let duration: Double
    /// `pc` for full-range YUV, `tv` for limited range.
    let colorRange: String
    /// Packets flagged as key frames.
    let keyFrameCount: Int
}

func probe(_ url: URL) throws -> ProbeResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "ffprobe", "-v", "error", "-count_frames", "-show_entries",
        "stream=codec_type,codec_name,width,height,r_frame_rate,nb_read_frames,color_range"
            + ":format=duration,nb_streams:packet=flags",
        "-of", "json", url.path,
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "ffprobe rejected \(url.lastPathComponent)")
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let format = try #require(json["format"] as? [String: Any])
    let streams = try #require(json["streams"] as? [[String: Any]])
    let video = try #require(streams.first { $0["codec_type"] as? String == "video" })
    let packets = json["packets"] as? [[String: Any]] ?? []
    return ProbeResult(
        streamCount: format["nb_streams"] as? Int ?? -1,
        codecName: video["codec_name"] as? String ?? "",
        width: video["width"] as? Int ?? 0,
        height: video["height"] as? Int ?? 0,
        frameRate: video["r_frame_rate"] as? String ?? "",
        countedFrames: Int(video["nb_read_frames"] as? String ?? "") ?? -1,
        duration: Double(format["duration"] as? String ?? "") ?? -1,
        colorRange: video["color_range"] as? String ?? "",
        keyFrameCount: packets.filter { ($0["flags"] as? String)?.hasPrefix("K") == true }.count)
}

/// The presentation times (seconds) and key-frame flags of a clip's video packets, in file order, as
/// `ffprobe` reads them.
func probePackets(_ url: URL) throws -> [(time: Double, isKey: Bool)] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time,flags", "-of", "json",
        url.path,
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let packets = json["packets"] as? [[String: Any]] ?? []
    return packets.map {
        (Double($0["pts_time"] as? String ?? "") ?? -1, ($0["flags"] as? String)?.hasPrefix("K") == true)
    }
}
