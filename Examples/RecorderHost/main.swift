// A host program for RecorderKit: records a test pattern, a video file, an image sequence, a
// network camera or a V4L2 device, triggers events at given seconds (or by motion), and prints
// each clip on its own line as it is published.
//
//   swift run recorder-host --seconds 20 --event 10 --event 15
//   swift run recorder-host --source movie.mp4 --motion --audio
//   swift run recorder-host --audio --event 10     (the test pattern with a 1 kHz beep each second)
//   swift run recorder-host --source rtsp://camera/stream --passthrough --seconds 600 --event-every 30
//   swift run recorder-host --source /dev/video0 --input-option input_format=mjpeg --passthrough
//   swift run recorder-host --list-devices
//   swift run recorder-host --source rtsp://camera/stream --passthrough --continuous segments --segment-seconds 60
//   swift run recorder-host --source movie.mp4 --passthrough --continuous segments --export-from 10 --export-to 25
import ArgumentParser
import CaptureDevices
import Foundation
import Locking
import RecorderKit

/// Prints each published clip, and what happens to a live source, one line at a time.
final class ClipPrinter: VideoRecorderDelegate {
    func videoRecorderDidChangeState(_ oldState: VideoRecorderState, _ newState: VideoRecorderState) {
        emit("state \(oldState) -> \(newState)")
    }

    func videoRecorderDidFinishSegment(_ segment: CapturedVideoSegment) {
        emit("clip " + Self.describe(segment))
    }

    /// A clip's path, length, frames, events, codecs and gaps, as its line prints them.
    static func describe(_ segment: CapturedVideoSegment) -> String {
        let events = segment.eventTimes.map { String(format: "%.3f", $0) }.joined(separator: ",")
        let offsets = segment.eventOffsets.map { String(format: "%.3f", $0) }.joined(separator: ",")
        let gaps = segment.gaps.map { String(format: " gap %.3f+%.3f", $0.offset, $0.duration) }.joined()
        return String(
            format: "%@ duration %.3f s frames %d events %@ at %@ codec %@ audio %@%@%@", segment.url.path,
            segment.duration, segment.frameCount, events, offsets, segment.encoderName,
            segment.audioCodecName ?? "none", gaps, segment.isTruncated ? " (truncated)" : "")
    }

    func videoRecorderDidFail(_ error: RecorderError) {
        emit("error \(error)")
    }

    func videoRecorderSourceDidChange(_ event: LiveSourceEvent) {
        switch event {
        case .connecting(let attempt): emit("source connecting (attempt \(attempt))")
        case .connected(let info):
            emit(
                "source connected \(info.codecName) \(info.size) \(String(format: "%.2f", info.frameRate)) fps"
                    + (info.isPassthrough ? " passthrough" : " decoded"))
        case .lost(let time, let reason): emit(String(format: "source lost at %.3f s: %@", time, reason))
        case .waiting(let attempt, let delay, let reason):
            emit(String(format: "source retry %d in %.1f s: %@", attempt, delay, reason))
        case .recovered(let lostAt, let gap):
            emit(String(format: "source recovered: gap %.3f s after %.3f s", gap, lostAt))
        case .ended(let reason): emit("source ended: \(reason)")
        case .health(let report):
            emit(
                String(
                    format: "source health: %.1f of %.1f fps, %.0f kB/s, %d timestamp corrections, %d reconnects",
                    report.deliveredFrameRate, report.declaredFrameRate, report.bytesPerSecond / 1000,
                    report.timestampCorrections, report.reconnects)
                    + report.lossReasons.map { "; lost: \($0)" }.joined())
        }
    }

    /// One line, flushed at once: a parent process reads these as they come.
    func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}

/// A refused option or an outcome the host must not pass over: one line, exit status 1.
struct HostError: Error, CustomStringConvertible {
    let description: String
}

// Numbers are taken as given (`parsing: .unconditional`, so `-1` is a value, not an option) and
// checked by the host itself, which refuses them with one line and exit status 1.
struct RecorderHost: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recorder-host",
        abstract: "Records frames and saves the seconds around each event as video clips.")

    /// The longest recording the host accepts, in seconds (a year).
    static let longestRecording = 31_536_000.0

    @Option(
        help: "'pattern', a video file, a directory of images, a URL (rtsp, http, https, tcp, udp) or a device path.")
    var source = "pattern"
    @Option(
        parsing: .unconditional,
        help: "Seconds to record: the test pattern's length, or how long a live source is recorded.")
    var seconds: Double?
    @Option(parsing: .unconditional, help: "Frame rate of an image sequence.")
    var sequenceRate = 30.0
    @Option(parsing: .unconditionalSingleValue, help: "An event at this many seconds (repeatable).")
    var event: [Double] = []
    @Option(parsing: .unconditional, help: "An event every this many seconds.")
    var eventEvery: Double?
    @Flag(help: "Trigger events by motion.")
    var motion = false
    @Option(help: "With --motion, analyse every this many frames.")
    var motionInterval = 1
    @Option var width = 640
    @Option var height = 480
    @Option(help: "24, 30 or 60.")
    var fps = 30
    @Option(parsing: .unconditional, help: "Seconds kept before each event.")
    var back = 3.0
    @Option(parsing: .unconditional, help: "Seconds kept after each event.")
    var forward = 2.0
    @Option(help: "preferred, h264 or mjpeg.")
    var codec = "preferred"
    @Flag(help: "Keep a compressed source's own packets (H.264, H.265, MJPEG) instead of re-encoding.")
    var passthrough = false
    @Option(help: "Clip size: low, medium, high, ultra or WIDTHxHEIGHT (default: the recorded size).")
    var exportQuality: String?
    @Option(help: "mp4 or mov.")
    var format = "mp4"
    @Option(help: "The ring buffer directory.")
    var buffer: String?
    @Option(help: "Where clips are published.")
    var output: String?
    @Flag(help: "Deliver frames at the pace of their timestamps.")
    var realTime = false
    @Option(help: "RTSP transport: tcp or udp.")
    var transport = "tcp"
    @Option(help: "The FFmpeg input format of a live source (v4l2, mjpeg, mpegts, …).")
    var inputFormat: String?
    @Option(help: "An FFmpeg demuxer, protocol or device option KEY=VALUE (repeatable).")
    var inputOption: [String] = []
    @Option(parsing: .unconditional, help: "Seconds without a packet before a live source counts as lost.")
    var readTimeout = 5.0
    @Option(parsing: .unconditional, help: "Seconds to wait for a live source to connect.")
    var connectTimeout = 10.0
    @Option(help: "Reconnect attempts after a loss before giving up (default: no limit).")
    var reconnectAttempts: Int?
    @Flag(
        help: """
            Keep sound in the clips: a file's or live stream's audio track, or, for the test pattern,             a 1 kHz beep at each whole second pushed as PCM. Without it clips are silent.
            """)
    var audio = false
    @Option(help: "With --audio: aac or opus.")
    var audioCodec = "aac"
    @Option(help: "With --audio: the sample rate of the clips' audio.")
    var audioRate = 48_000
    @Option(help: "With --audio: 1 (mono) or 2 (stereo).")
    var audioChannels = 2
    @Option(
        help: "With --passthrough from a file, URL or device: also record everything into segments in this directory.")
    var continuous: String?
    @Option(parsing: .unconditional, help: "With --continuous: the length of a segment in seconds (1…3600).")
    var segmentSeconds = 60.0
    @Option(
        parsing: .unconditional,
        help: "With --continuous: once recording ends, export from this many seconds after its first frame …")
    var exportFrom: Double?
    @Option(
        parsing: .unconditional, help: "… to this many seconds, as one clip without re-encoding (with --export-from).")
    var exportTo: Double?
    @Flag(help: "List the V4L2 cameras and exit.")
    var listDevices = false

    var isLive: Bool {
        source.contains("://") || source.hasPrefix("/dev/") || (passthrough && source != "pattern" && !isDirectory)
    }

    var isDirectory: Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: source, isDirectory: &directory) && directory.boolValue
    }

    func run() async throws {
        if listDevices {
            #if os(Linux)
                let devices = try await V4L2DeviceDiscovery().devices()
            #else
                let devices: [CaptureDevice] = []
            #endif
            if devices.isEmpty { print("no V4L2 video devices") }
            for device in devices {
                print("\(device.address.url)\t\(device.name)")
                for format in device.formats {
                    let modes = format.sizes.map { size in
                        "\(size.width)x\(size.height)@"
                            + size.frameRates.map { "\($0.frames)/\($0.seconds)" }.joined(separator: ",")
                    }
                    print("\t\(format.pixelFormat) (\(format.description)): \(modes.joined(separator: " "))")
                }
            }
            return
        }
        try validateNumbers()
        let codecs: [String: VideoCodec] = ["preferred": .preferred, "h264": .h264, "mjpeg": .mjpeg]
        guard let videoCodec = codecs[codec] else { throw HostError(description: "unknown codec \(codec)") }
        guard let container = VideoFormat(rawValue: format) else {
            throw HostError(description: "unknown format \(format)")
        }
        guard let framerate = Framerate(rawValue: fps) else { throw HostError(description: "fps must be 24, 30 or 60") }
        let recorded = FrameSize(width: width, height: height)
        var exportSettings = ExportSettings(codec: passthrough ? .passthrough : videoCodec, format: container)
        switch try exportQuality.map(Self.quality) {
        case .named(let quality)?: exportSettings.quality = quality
        case .size(let size)?: exportSettings.customSize = size
        case nil: break  // clips keep the recorded size
        }
        var configuration = RecorderConfiguration(
            customRecordSize: recorded, exportSettings: exportSettings,
            framerate: framerate, backwardOffset: back, forwardOffset: forward,
            motionTrigger: motion ? MotionTrigger(frameInterval: motionInterval) : nil)
        configuration.audio = nil
        if audio {
            guard let codec = AudioCodec(rawValue: audioCodec) else {
                throw HostError(description: "unknown audio codec \(audioCodec)")
            }
            configuration.audio = AudioSettings(codec: codec, sampleRate: audioRate, channels: audioChannels)
        }
        if let buffer { configuration.bufferDirectory = URL(fileURLWithPath: buffer) }
        if let output { configuration.outputDirectory = URL(fileURLWithPath: output) }
        if let continuous {
            configuration.continuousRecording = ContinuousRecording(
                directory: URL(fileURLWithPath: continuous), segmentDuration: segmentSeconds)
        }
        try configuration.validate()

        let recorder = try EventRecorder(configuration: configuration)
        let printer = ClipPrinter()
        recorder.stateDelegate = printer
        let missed: [Double]
        // The segments earlier runs left: this run's recording begins at the first one after them.
        var earlierSegments: Set<URL> = []
        if isLive {
            let live = try LiveVideoSource(options: liveOptions())
            try recorder.startRecording()
            reportRecovery(recorder, printer)
            if continuous != nil {
                earlierSegments = Set(
                    try recorder.continuousCoverage(from: .distantPast, to: .distantFuture).segments.compactMap(\.url))
            }
            missed = try await finishingClips(of: recorder) { try await recordLive(live, into: recorder) }
        } else {
            var frames = try makeSource(size: configuration.recordSize)
            try recorder.startRecording()
            reportRecovery(recorder, printer)
            missed = try await finishingClips(of: recorder) { try await recordFrames(from: &frames, into: recorder) }
        }
        recorder.stopRecording()
        let segments = try await recorder.capturedSegments()
        printer.emit("done: \(segments.count) clips in \(configuration.outputDirectory.path)")
        if continuous != nil { try await exportRange(of: recorder, after: earlierSegments, printer: printer) }
        if !missed.isEmpty {
            let times = missed.map { String(format: "%g s", $0) }.joined(separator: ", ")
            throw HostError(description: "no clip for the event(s) at \(times): the source ended or had no frame yet")
        }
    }

    /// Runs `body`; if it fails (a file whose tail cannot be decoded, a source the policy gave up
    /// on), every event marked so far still gets its clip (cut short where its window was not
    /// filled) before the failure ends the host.
    func finishingClips(
        of recorder: EventRecorder, _ body: () async throws -> [Double]
    ) async throws -> [Double] {
        do {
            return try await body()
        } catch {
            recorder.stopRecording()
            _ = try? await recorder.capturedSegments()
            throw error
        }
    }

    /// With --continuous: prints what this run's continuous recording holds (its segments and
    /// gaps, in seconds from its first frame), then exports the range of --export-from and
    /// --export-to, if given, as one clip. `earlier`: the segment files of earlier runs.
    func exportRange(of recorder: EventRecorder, after earlier: Set<URL>, printer: ClipPrinter) async throws {
        let everything = try recorder.continuousCoverage(from: .distantPast, to: .distantFuture)
        let run = everything.segments.filter { $0.url.map { !earlier.contains($0) } ?? true }
        guard let origin = run.first?.start, let end = run.last?.end else {
            if exportFrom != nil { throw HostError(description: "no continuous footage was recorded to export") }
            printer.emit("continuous: no segments")
            return
        }
        let gaps = try recorder.continuousCoverage(from: origin, to: end).gaps.map {
            String(format: " gap %.3f+%.3f", $0.start.timeIntervalSince(origin), $0.duration)
        }
        printer.emit(
            String(format: "continuous %d segments %.3f s", run.count, end.timeIntervalSince(origin)) + gaps.joined())
        guard let from = exportFrom, let to = exportTo else { return }
        let clip = try await recorder.exportContinuous(
            from: origin.addingTimeInterval(from), to: origin.addingTimeInterval(to))
        printer.emit(
            "export " + ClipPrinter.describe(clip)
                + String(format: " from %.3f s", clip.startTime - origin.timeIntervalSince1970))
    }

    /// Refuses non-finite and out-of-range numbers, and options that need others, before
    /// anything is computed from them.
    func validateNumbers() throws {
        if continuous != nil, !(passthrough && isLive) {
            throw HostError(description: "--continuous needs --passthrough from a file, URL or device")
        }
        if continuous != nil, !(segmentSeconds.isFinite && segmentSeconds >= 1 && segmentSeconds <= 3600) {
            throw HostError(description: "--segment-seconds \(segmentSeconds) is outside 1…3600")
        }
        if (exportFrom == nil) != (exportTo == nil) || (exportFrom != nil && continuous == nil) {
            throw HostError(description: "--export-from and --export-to go together, with --continuous")
        }
        for (name, time) in [("--export-from", exportFrom), ("--export-to", exportTo)] {
            if let time, !(time.isFinite && time >= 0 && time <= Self.longestRecording) {
                throw HostError(description: "\(name) \(time) is outside 0…\(Int(Self.longestRecording)) s")
            }
        }
        if let from = exportFrom, let to = exportTo, from >= to {
            throw HostError(description: "--export-to \(to) is not after --export-from \(from)")
        }
        if let seconds, !(seconds.isFinite && seconds > 0 && seconds <= Self.longestRecording) {
            throw HostError(description: "--seconds \(seconds) is outside (0, \(Int(Self.longestRecording))]")
        }
        for time in event where !(time.isFinite && time >= 0 && time <= Self.longestRecording) {
            throw HostError(description: "--event \(time) is outside 0…\(Int(Self.longestRecording)) s")
        }
        if let eventEvery, !(eventEvery.isFinite && eventEvery > 0 && eventEvery <= Self.longestRecording) {
            throw HostError(description: "--event-every \(eventEvery) is outside (0, \(Int(Self.longestRecording))] s")
        }
        if let limit = recordingLimit, let late = event.first(where: { $0 >= limit }) {
            throw HostError(description: "--event \(late) is past the end of the recording (\(limit) s)")
        }
    }

    /// How long the recording lasts, where that is known before it starts.
    var recordingLimit: Double? {
        source == "pattern" ? (seconds ?? 20) : seconds
    }

    /// A clip size: one of the four qualities, or any other.
    enum ExportSize {
        case named(VideoQuality)
        case size(FrameSize)
    }

    static func quality(_ text: String) throws -> ExportSize {
        switch text {
        case "low": return .named(.low)
        case "medium": return .named(.medium)
        case "high": return .named(.high)
        case "ultra": return .named(.ultra)
        default:
            let parts = text.split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2 else { throw HostError(description: "unknown export quality \(text)") }
            return .size(FrameSize(width: parts[0], height: parts[1]))
        }
    }

    func liveOptions() throws -> LiveSourceOptions {
        guard let rtsp = RTSPTransport(rawValue: transport) else {
            throw HostError(description: "--transport must be tcp or udp")
        }
        var options: [String: String] = [:]
        for pair in inputOption {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw HostError(description: "--input-option \(pair) is not KEY=VALUE")
            }
            options[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        let isFile = !source.contains("://") && !source.hasPrefix("/dev/")
        return LiveSourceOptions(
            url: source, inputFormat: inputFormat, rtspTransport: rtsp, demuxerOptions: options,
            connectTimeout: connectTimeout, readTimeout: readTimeout,
            reconnect: isFile ? .never : ReconnectPolicy(maximumAttempts: reconnectAttempts),
            readsAtNativeRate: isFile)
    }

    func reportRecovery(_ recorder: EventRecorder, _ printer: ClipPrinter) {
        if let recovery = recorder.lastRecovery {
            printer.emit(
                "recovered \(recovery.removedFrames) stale frames, \(recovery.removedPartialClips) partial clips")
        }
    }

    /// Pushes frames from a file, an image sequence or the test pattern; events at frame times.
    /// Returns the events never reached.
    func recordFrames(from frames: inout any FrameSource, into recorder: EventRecorder) async throws -> [Double] {
        var pendingEvents = event.sorted()
        var nextRegularEvent = eventEvery
        let clock = ContinuousClock()
        let started = clock.now
        var firstTimestamp: Double?
        while let frame = try frames.nextFrame() {
            let first = firstTimestamp ?? frame.timestamp
            firstTimestamp = first
            if realTime {
                try await Task.sleep(until: started.advanced(by: .seconds(frame.timestamp - first)), clock: clock)
            }
            try recorder.push(frame)
            if let settings = recorder.currentConfiguration.audio {
                if let carrier = frames as? any AudioCarryingSource {
                    try recorder.pushAudio(from: carrier)
                } else if source == "pattern" {
                    try recorder.push(
                        audio: Self.beep(at: frame.timestamp, length: 1 / Double(fps), settings: settings))
                }
            }
            let elapsed = frame.timestamp - first
            while let next = pendingEvents.first, elapsed >= next {
                pendingEvents.removeFirst()
                try recorder.captureSegment()
            }
            if let next = nextRegularEvent, let every = eventEvery, elapsed >= next {
                nextRegularEvent = next + every
                try recorder.captureSegment()
            }
        }
        return pendingEvents
    }

    /// Records a live source; events and the end by the clock since recording started. Returns
    /// the events that could not be marked.
    func recordLive(_ live: LiveVideoSource, into recorder: EventRecorder) async throws -> [Double] {
        let stopSignals = Self.stopOnSignals(recorder)
        defer { stopSignals.forEach { $0.cancel() } }
        let limit = seconds
        let every = eventEvery
        let events = event.sorted()
        let ledger = EventLedger(events)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await recorder.record(from: live) }
            group.addTask {
                let clock = ContinuousClock()
                let start = clock.now
                var regular = every
                while !Task.isCancelled {
                    guard let next = [ledger.next, regular, limit].compactMap({ $0 }).min() else {
                        // The last event is marked: record until its forward window is filled
                        // and its clip written (or Ctrl-C); with no events at all, until Ctrl-C.
                        while recorder.hasPendingClips || (events.isEmpty && every == nil) {
                            try await Task.sleep(for: .milliseconds(100))
                        }
                        recorder.stopRecording()
                        return
                    }
                    try await Task.sleep(until: start.advanced(by: .seconds(next)), clock: clock)
                    if let limit, next >= limit {
                        recorder.stopRecording()
                        return
                    }
                    let scheduled = ledger.take(next)
                    if !scheduled { regular = next + (every ?? 0) }
                    do {
                        try recorder.captureSegment()
                    } catch {
                        if scheduled { ledger.miss(next) }
                    }
                }
            }
            // Whichever ends first (the source, or the time limit stopping the recorder) ends both.
            try await group.next()
            group.cancelAll()
        }
        return ledger.missed
    }

    /// SIGINT and SIGTERM stop the recording gracefully: clips waiting for frames are written.
    static func stopOnSignals(_ recorder: EventRecorder) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler { recorder.stopRecording() }
            source.resume()
            return source
        }
    }

    /// The test pattern's sound from `time` for `length` seconds: a 1 kHz beep during the first
    /// tenth of each whole second, silence otherwise.
    static func beep(at time: Double, length: Double, settings: AudioSettings) -> AudioSamples {
        let rate = Double(settings.sampleRate)
        let count = Int((length * rate).rounded())
        var samples: [Float] = []
        samples.reserveCapacity(count * settings.channels)
        for index in 0..<count {
            let now = time + Double(index) / rate
            let inBeep = now - now.rounded(.down) < 0.1
            let value = inBeep ? Float(0.5 * sin(2 * Double.pi * 1000 * now)) : 0
            samples += Array(repeating: value, count: settings.channels)
        }
        return AudioSamples(
            samples: samples, channels: settings.channels, sampleRate: settings.sampleRate, timestamp: time)
    }

    func makeSource(size: FrameSize) throws -> any FrameSource {
        if source == "pattern" {
            return try TestPatternSource(
                frameSize: size, frameRate: Double(fps), frameCount: Int(((seconds ?? 20) * Double(fps)).rounded()))
        }
        let url = URL(fileURLWithPath: source)
        if isDirectory {
            return try ImageSequenceSource(directory: url, frameRate: sequenceRate)
        }
        return try VideoFileSource(url: url)
    }
}

/// The events of a live recording: those still to come, and those that could not be marked.
final class EventLedger: Sendable {
    private let storage: Locked<(pending: [Double], missed: [Double])>

    init(_ times: [Double]) {
        storage = Locked((times, []))
    }

    /// The next event still to come.
    var next: Double? { storage.withLock { $0.pending.first } }

    /// Takes the event at `time` off the list; `false` if it is not the next one.
    func take(_ time: Double) -> Bool {
        storage.withLock { state in
            guard state.pending.first == time else { return false }
            state.pending.removeFirst()
            return true
        }
    }

    func miss(_ time: Double) {
        storage.withLock { $0.missed.append(time) }
    }

    /// The events that could not be marked, and those the recording ended before.
    var missed: [Double] { storage.withLock { $0.missed + $0.pending } }
}

// main.swift cannot use @main, and top-level code would pick ParsableCommand's synchronous
// main(); parsing and running by hand keeps the async run().
do {
    let command = try RecorderHost.parse()
    try await command.run()
} catch {
    RecorderHost.exit(withError: error)
}
