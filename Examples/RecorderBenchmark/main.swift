// Measures RecorderKit's ingest speed, CPU time per frame and peak memory on 1920×1080 frames,
// and writes the same raw frames to stdout for `ffmpeg -c:v mjpeg` to compare against.
// `measure.sh` next to this file runs both; see it for the commands.
//
//   recorder-benchmark ingest --frames 600            # speed
//   recorder-benchmark ingest --frames 18000 --event-every 900   # memory over 10 min of video
//       (clips are H.264 where libx264 exists; --mjpeg 1 for MJPEG clips)
//   recorder-benchmark raw --frames 600 | ffmpeg -f rawvideo -pix_fmt rgb24 -s 1920x1080 -r 30 -i - ...
//   recorder-benchmark ingest --frames 600 --audio 1   # with 48 kHz stereo PCM pushed beside each frame
//   recorder-benchmark pcm --frames 600 | ffmpeg -f f32le -ar 48000 -ac 2 -i - -c:a aac -f null -
//   recorder-benchmark longrun live-1080p30-90s.mp4 --file-seconds 90 --hours 24   # see LongRun.swift
import Foundation
import Imaging
import RecorderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Deterministic 1920×1080 RGB frames: a photograph with a box moving across it, as a camera
/// watching a scene would deliver them.
///
/// One frame buffer is redrawn in place, as a camera's capture buffer would be: before the box
/// moves, the photograph's pixels under it are put back from a saved copy. The generator holds one
/// frame plus a box-sized patch, and copies two patches per frame.
struct RawFrames {
    let width: Int
    let height: Int
    /// The current frame, redrawn by ``draw(_:)``.
    private(set) var pixels: [UInt8]
    private let box: Int
    private let top: Int
    /// The photograph's pixels under the box, row by row, and where the box is.
    private var underBox: [UInt8]
    private var boxLeft: Int?

    init(width: Int, height: Int) throws {
        self.width = width
        self.height = height
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Samples/astronaut.png")
        pixels = try Image(contentsOf: samples).normalizedToSRGB().resized(width: width, height: height).pixels()
            .samples
        // The photograph's pipeline stays in libvips' operation cache otherwise.
        ImagingDiagnostics.dropOperationCache()
        box = height / 4
        top = (height - box) / 2
        underBox = [UInt8](repeating: 0, count: box * box * 3)
    }

    /// Makes ``pixels`` frame `index`.
    mutating func draw(_ index: Int) {
        let (width, box, top, previous) = (width, box, top, boxLeft)
        let left = (index * 8) % (width - box)
        let rowBytes = box * 3
        pixels.withUnsafeMutableBytes { frame in
            underBox.withUnsafeMutableBytes { patch in
                guard let frame = frame.baseAddress, let patch = patch.baseAddress else { return }
                for row in 0..<box {
                    let line = frame + (top + row) * width * 3
                    let saved = patch + row * rowBytes
                    if let previous { (line + previous * 3).copyMemory(from: saved, byteCount: rowBytes) }
                    saved.copyMemory(from: line + left * 3, byteCount: rowBytes)
                }
            }
            for row in top..<(top + box) {
                let start = (row * width + left) * 3
                for offset in stride(from: start, to: start + rowBytes, by: 3) {
                    frame[offset] = 230
                    frame[offset + 1] = UInt8(truncatingIfNeeded: index)
                    frame[offset + 2] = 40
                }
            }
        }
        boxLeft = left
    }
}

func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(0, &usage)  // RUSAGE_SELF
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
        + Double(usage.ru_stime.tv_usec) / 1e6
}

/// Resident memory in MB from /proc/self/status: `VmHWM` for the peak, `VmRSS` for now.
func residentMB(_ field: String = "VmHWM") -> Double {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
    let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    return kilobytes / 1024
}

let usage = """
    usage: recorder-benchmark [ingest|raw|pcm] [--OPTION N ...]
           recorder-benchmark longrun FILE [--OPTION N ...]

    ingest (the default) pushes deterministic frames through an EventRecorder and prints the speed,
    CPU time per frame and peak memory; its buffer and clips go into a new folder in the system's
    temporary directory, removed at the end. raw writes the same frames to standard output as
    rgb24, pcm the same sound as 48 kHz stereo f32le, for ffmpeg to compare against. longrun records
    FILE (H.264, looped with continuous timestamps, read unpaced) in passthrough with continuous
    recording on, under a storage budget, and prints disk use, the event clips left and peak memory
    (Benchmarks/recorder-long-run.sh makes the file and runs it).

    options (each takes a whole number; sides even, from 16; frames and workers from 1):
      --frames N        frames to make (600)
      --width N         frame width (1920)
      --height N        frame height (1080)
      --event-every N   an event every N frames, 0 for none (0)
      --report-every N  print the memory every N frames, 0 for never (0)
      --mjpeg N         1 for MJPEG clips instead of H.264 (0)
      --audio N         1 to push sound beside each frame (0)
      --workers N       frames in flight (one per processor core)
      --keep-cache N    1 to leave libvips' operation cache alone (0)
    longrun options (each from 1):
      --file-seconds N  FILE's length in seconds (90)
      --hours N         simulated hours to record (24)
      --minutes N       the most wall-clock minutes to spend (25)
      --budget-mb N     the storage budget in MB of 10^6 bytes (2000)
      --event-minutes N an event every N simulated minutes (10)
      --segment-seconds N  the continuous recording's segment length (60)
      -h, --help        Show this help and exit.
    """

/// A command line that does not match the usage: the reason and the usage on standard error, status 64.
func usageError(_ message: String) -> Never {
    FileHandle.standardError.write(Data("recorder-benchmark: \(message)\n\(usage)\n".utf8))
    exit(64)
}

/// The mode and the `--name N` options of the command line, checked against the usage.
func parseCommandLine() -> (mode: String, options: [String: Int], file: String?) {
    var arguments = CommandLine.arguments.dropFirst()
    if arguments.contains("--help") || arguments.contains("-h") {
        print(usage)
        exit(0)
    }
    let mode = arguments.first.flatMap { $0.hasPrefix("-") ? nil : arguments.popFirst() } ?? "ingest"
    guard ["ingest", "raw", "pcm", "longrun"].contains(mode) else { usageError("unknown mode '\(mode)'") }
    var file: String?
    if mode == "longrun" {
        guard let path = arguments.popFirst(), !path.hasPrefix("-") else { usageError("longrun takes a FILE") }
        file = path
    }
    let longRunNames: Set = ["file-seconds", "hours", "minutes", "budget-mb", "event-minutes", "segment-seconds"]
    let names: Set =
        mode == "longrun"
        ? longRunNames
        : ["frames", "width", "height", "event-every", "report-every", "mjpeg", "audio", "workers", "keep-cache"]
    var options: [String: Int] = [:]
    while let argument = arguments.popFirst() {
        let name = String(argument.dropFirst(2))
        guard argument.hasPrefix("--"), names.contains(name) else { usageError("unknown option '\(argument)'") }
        // Frames have even sides of at least 16 pixels, as the recorder requires; counts start at 1.
        let isSide = ["width", "height"].contains(name)
        let least = isSide ? 16 : ["frames", "workers"].contains(name) || longRunNames.contains(name) ? 1 : 0
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value >= least, !isSide || value % 2 == 0 else {
            usageError("\(argument) takes a whole number from \(least)\(isSide ? ", even" : "")")
        }
        options[name] = value
    }
    return (mode, options, file)
}

let (mode, options, file) = parseCommandLine()

func option(_ name: String, default value: Int) -> Int {
    options[String(name.dropFirst(2))] ?? value
}

if mode == "longrun", let file {
    try await LongRun(
        file: URL(fileURLWithPath: file), fileSeconds: option("--file-seconds", default: 90),
        hours: option("--hours", default: 24), minutes: option("--minutes", default: 25),
        budgetBytes: Int64(option("--budget-mb", default: 2000)) * 1_000_000,
        eventMinutes: option("--event-minutes", default: 10), segmentSeconds: option("--segment-seconds", default: 60)
    ).run()
    exit(0)
}

let residentAtStart = residentMB("VmRSS")
let frameCount = option("--frames", default: 600)
let width = option("--width", default: 1920)
let height = option("--height", default: 1080)
var maker = try RawFrames(width: width, height: height)

/// One second of deterministic 48 kHz stereo PCM (a 1 kHz tone under a slow sweep), sliced into
/// 1/30 s runs: the sound pushed beside each frame with `--audio 1`, or written by `pcm`.
let pcmSecond: [Float] = (0..<48_000).flatMap { index -> [Float] in
    let time = Double(index) / 48_000
    let value = Float(0.3 * sin(2 * Double.pi * 1000 * time) + 0.1 * sin(2 * Double.pi * (200 + 400 * time) * time))
    return [value, value]
}

func pcmRun(_ index: Int) -> [Float] {
    let start = (index % 30) * 1600 * 2
    return Array(pcmSecond[start..<(start + 1600 * 2)])
}

if mode == "pcm" {
    for index in 0..<frameCount {
        pcmRun(index).withUnsafeBytes { FileHandle.standardOutput.write(Data($0)) }
    }
    exit(0)
}

if mode == "raw" {
    for index in 0..<frameCount {
        maker.draw(index)
        maker.pixels.withUnsafeBytes { FileHandle.standardOutput.write(Data($0)) }
    }
    exit(0)
}

let eventEvery = option("--event-every", default: 0)
let reportEvery = option("--report-every", default: 0)
let root = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-benchmark-\(getpid())")
defer { try? FileManager.default.removeItem(at: root) }
let codec: VideoCodec = option("--mjpeg", default: 0) == 1 ? .mjpeg : .preferred
let configuration = RecorderConfiguration(
    customRecordSize: FrameSize(width: width, height: height),
    exportSettings: ExportSettings(codec: codec, format: .mp4, customSize: FrameSize(width: width, height: height)),
    framerate: .fps30,
    bufferDirectory: root.appendingPathComponent("buffer"), outputDirectory: root.appendingPathComponent("clips"),
    audio: AudioSettings())
let withAudio = option("--audio", default: 0) == 1
let workers = option("--workers", default: ProcessInfo.processInfo.activeProcessorCount)
// --keep-cache 1 leaves libvips' operation cache alone, to show what it costs.
let recorder = try EventRecorder(
    configuration: configuration, maximumFramesInFlight: workers,
    releasesImageCache: option("--keep-cache", default: 0) == 0)
try recorder.startRecording()
let residentBefore = residentMB()

let clock = ContinuousClock()
let cpuBefore = cpuSeconds()
let started = clock.now
for index in 0..<frameCount {
    maker.draw(index)
    // The buffer shares the generator's storage until `push` has copied it; the next draw is in place.
    try recorder.push(
        pixels: PixelBuffer(width: width, height: height, bands: 3, samples: maker.pixels),
        timestamp: Double(index) / 30)
    if withAudio {
        try recorder.push(
            audio: AudioSamples(samples: pcmRun(index), channels: 2, sampleRate: 48_000, timestamp: Double(index) / 30))
    }
    if eventEvery > 0, index > 0, index % eventEvery == 0 { try recorder.captureSegment() }
    if reportEvery > 0, index > 0, index % reportEvery == 0 {
        print(String(format: "  frame %d: RSS %.1f MB, peak %.1f MB", index, residentMB("VmRSS"), residentMB()))
    }
}
recorder.stopRecording()
let segments = try await recorder.capturedSegments()
let elapsed = started.duration(to: clock.now)
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
let cpu = cpuSeconds() - cpuBefore
print(
    String(
        format:
            "ingest %dx%d%@: %d frames in %.2f s = %.1f fps; CPU %.2f ms/frame; peak RSS %.1f MB "
            + "(%.1f MB at process start, %.1f MB before the first frame); %d clips",
        width, height, withAudio ? " with audio" : "", frameCount, seconds, Double(frameCount) / seconds,
        cpu / Double(frameCount) * 1000,
        residentMB(), residentAtStart, residentBefore, segments.count))
