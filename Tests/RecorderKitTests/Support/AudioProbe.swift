import Foundation
import RecorderKit
import Testing

/// What `ffprobe` says about one stream of a file: its kind, codec, and where it starts and ends.
struct ProbedStream {
    let type: String
    let codecName: String
    let startTime: Double
    let duration: Double

    var endTime: Double { startTime + duration }
}

/// Runs a program found on `PATH` and returns its standard output; records a failure when it exits non-zero.
func runTool(_ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(arguments.prefix(2).joined(separator: " ")) failed")
    return data
}

/// Every stream of a file as `ffprobe` reads it (start and duration from the stream's own packets).
func probeStreams(_ url: URL) throws -> [ProbedStream] {
    let data = try runTool([
        "ffprobe", "-v", "error", "-show_entries", "stream=codec_type,codec_name,start_time,duration", "-of", "json",
        url.path,
    ])
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let streams = json["streams"] as? [[String: Any]] ?? []
    return streams.map {
        ProbedStream(
            type: $0["codec_type"] as? String ?? "", codecName: $0["codec_name"] as? String ?? "",
            startTime: Double($0["start_time"] as? String ?? "") ?? .nan,
            duration: Double($0["duration"] as? String ?? "") ?? .nan)
    }
}

/// A file's first audio stream decoded by `ffmpeg` to mono 48 kHz float samples, from the
/// stream's start (its `start_time`).
func decodedAudio(of url: URL) throws -> [Float] {
    let data = try runTool([
        "ffmpeg", "-v", "error", "-i", url.path, "-map", "0:a:0", "-ac", "1", "-ar", "48000", "-f", "f32le", "-",
    ])
    return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
}

/// The time (seconds from the stream's first sample) where a tone first exceeds `threshold`.
func toneOnset(_ samples: [Float], threshold: Float = 0.2) -> Double? {
    samples.firstIndex { abs($0) > threshold }.map { Double($0) / 48_000 }
}

/// A 1 kHz tone, 0.5 full scale, that starts at `onset` seconds: `count` interleaved stereo
/// sample frames at 48 kHz beginning at `start` seconds.
func toneSamples(start: Double, count: Int, onset: Double) -> [Float] {
    var samples: [Float] = []
    samples.reserveCapacity(count * 2)
    for index in 0..<count {
        let time = start + Double(index) / 48_000
        let value = time >= onset ? Float(0.5 * sin(2 * Double.pi * 1000 * (time - onset))) : 0
        samples.append(value)
        samples.append(value)
    }
    return samples
}

/// Writes a video file with the test pattern's counters (frames 0…count−1 at 30 fps, 320×240,
/// H.264, a key frame every 30 frames) and sound made by ffmpeg's `aevalsrc` from `expression`
/// (of `t` in seconds), AAC at `rate` Hz with `channels` channels, through the `ffmpeg` program.
func writeSoundVideo(to url: URL, count: Int, expression: String, rate: Int = 44_100, channels: Int = 1) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", "320x240", "-r", "30",
        "-i", "-", "-f", "lavfi", "-i",
        "aevalsrc=\(expression):s=\(rate):c=\(channels == 1 ? "mono" : "stereo"):d=\(Double(count) / 30)",
        "-c:v", "libx264", "-preset", "ultrafast", "-qp", "18", "-g", "30", "-bf", "0", "-pix_fmt", "yuv420p",
        "-c:a", "aac", "-shortest", url.path,
    ]
    let input = Pipe()
    process.standardInput = input
    process.standardError = FileHandle.nullDevice
    try process.run()
    let size = FrameSize(width: 320, height: 240)
    for index in 0..<count {
        let pixels = try TestPatternSource.render(index: index, timestamp: Double(index) / 30, size: size).pixels()
        try input.fileHandleForWriting.write(contentsOf: Data(pixels.samples))
    }
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "ffmpeg could not write \(url.lastPathComponent)")
}

/// The test pattern with a 1 kHz tone, 0.5 full scale, from `onset` seconds on.
func writeToneVideo(to url: URL, count: Int, onset: Double, rate: Int = 44_100, channels: Int = 1) throws {
    try writeSoundVideo(
        to: url, count: count, expression: "if(gte(t\\,\(onset))\\,0.5*sin(2*PI*1000*(t-\(onset)))\\,0)", rate: rate,
        channels: channels)
}

/// The test pattern with a 1 kHz beep during the first tenth of every second (frames 0…2 of
/// each 30), as a network camera with a microphone might send.
func writeBeepVideo(to url: URL, count: Int) throws {
    try writeSoundVideo(
        to: url, count: count, expression: "if(lt(mod(t\\,1)\\,0.1)\\,0.5*sin(2*PI*1000*t)\\,0)", rate: 48_000,
        channels: 2)
}
