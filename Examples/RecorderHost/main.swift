// A host program for RecorderKit: records a test pattern, a video file or an image sequence,
// triggers events at given seconds (or by motion), and prints each clip as it is published.
//
//   swift run recorder-host --seconds 20 --event 10 --event 15
//   swift run recorder-host --source movie.mp4 --motion
import ArgumentParser
import Foundation
import RecorderKit

/// Prints each published clip from the recorder's export queue.
final class ClipPrinter: VideoRecorderDelegate {
    func videoRecorderDidChangeState(_ oldState: VideoRecorderState, _ newState: VideoRecorderState) {
        emit("state \(oldState) -> \(newState)")
    }

    func videoRecorderDidFinishSegment(_ segment: CapturedVideoSegment) {
        let events = segment.eventTimes.map { String(format: "%.3f", $0) }.joined(separator: ",")
        emit(
            String(
                format: "clip %@ duration %.3f s frames %d events %@%@", segment.url.path, segment.duration,
                segment.frameCount, events, segment.isTruncated ? " (truncated)" : ""))
    }

    func videoRecorderDidFail(_ error: RecorderError) {
        emit("error \(error)")
    }

    /// One line, flushed at once: a parent process reads these as they come.
    func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}

struct RecorderHost: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recorder-host",
        abstract: "Records frames and saves the seconds around each event as video clips.")

    @Option(help: "'pattern', a video file, or a directory of images.")
    var source = "pattern"
    @Option(help: "Seconds of test pattern to record.")
    var seconds = 20.0
    @Option(help: "Frame rate of an image sequence.")
    var sequenceRate = 30.0
    @Option(help: "An event at this many seconds (repeatable).")
    var event: [Double] = []
    @Option(help: "An event every this many seconds.")
    var eventEvery: Double?
    @Flag(help: "Trigger events by motion.")
    var motion = false
    @Option var width = 640
    @Option var height = 480
    @Option(help: "24, 30 or 60.")
    var fps = 30
    @Option(help: "Seconds kept before each event.")
    var back = 3.0
    @Option(help: "Seconds kept after each event.")
    var forward = 2.0
    @Option(help: "preferred, h264 or mjpeg.")
    var codec = "preferred"
    @Option(help: "mp4 or mov.")
    var format = "mp4"
    @Option(help: "The ring buffer directory.")
    var buffer: String?
    @Option(help: "Where clips are published.")
    var output: String?
    @Flag(help: "Deliver frames at the pace of their timestamps.")
    var realTime = false

    func run() async throws {
        let codecs: [String: VideoCodec] = ["preferred": .preferred, "h264": .h264, "mjpeg": .mjpeg]
        guard let videoCodec = codecs[codec] else { throw ValidationError("unknown codec \(codec)") }
        guard let container = VideoFormat(rawValue: format) else { throw ValidationError("unknown format \(format)") }
        guard let framerate = Framerate(rawValue: fps) else { throw ValidationError("fps must be 24, 30 or 60") }
        var configuration = RecorderConfiguration(
            recordQuality: .custom(width: width, height: height),
            exportSettings: ExportSettings(quality: .medium, codec: videoCodec, format: container),
            framerate: framerate, backwardOffset: back, forwardOffset: forward,
            motionTrigger: motion ? MotionTrigger() : nil)
        if let buffer { configuration.bufferDirectory = URL(fileURLWithPath: buffer) }
        if let output { configuration.outputDirectory = URL(fileURLWithPath: output) }

        var frames = try makeSource(size: configuration.recordQuality.size)
        let recorder = try EventRecorder(configuration: configuration)
        let printer = ClipPrinter()
        recorder.stateDelegate = printer
        try recorder.startRecording()
        if let recovery = recorder.lastRecovery {
            printer.emit(
                "recovered \(recovery.removedFrames) stale frames, \(recovery.removedPartialClips) partial clips")
        }

        var pendingEvents = event.sorted()
        var nextRegularEvent = eventEvery
        let clock = ContinuousClock()
        let started = clock.now
        var firstTimestamp: Double?
        while let frame = try frames.nextFrame() {
            if realTime {
                let first = firstTimestamp ?? frame.timestamp
                firstTimestamp = first
                try await Task.sleep(until: started.advanced(by: .seconds(frame.timestamp - first)), clock: clock)
            }
            try recorder.push(frame)
            let elapsed = frame.timestamp - (firstTimestamp ?? 0)
            if let next = pendingEvents.first, elapsed >= next {
                pendingEvents.removeFirst()
                try recorder.captureSegment()
            }
            if let next = nextRegularEvent, let every = eventEvery, elapsed >= next {
                nextRegularEvent = next + every
                try recorder.captureSegment()
            }
        }
        recorder.stopRecording()
        let segments = try await recorder.capturedSegments()
        printer.emit("done: \(segments.count) clips in \(configuration.outputDirectory.path)")
    }

    func makeSource(size: FrameSize) throws -> any FrameSource {
        if source == "pattern" {
            return try TestPatternSource(
                frameSize: size, frameRate: Double(fps), frameCount: Int((seconds * Double(fps)).rounded()))
        }
        var isDirectory: ObjCBool = false
        let url = URL(fileURLWithPath: source)
        if FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory), isDirectory.boolValue {
            return try ImageSequenceSource(directory: url, frameRate: sequenceRate)
        }
        return try VideoFileSource(url: url)
    }
}

// main.swift cannot use @main, and top-level code would pick ParsableCommand's synchronous
// main(); parsing and running by hand keeps the async run().
do {
    let command = try RecorderHost.parse()
    try await command.run()
} catch {
    RecorderHost.exit(withError: error)
}
