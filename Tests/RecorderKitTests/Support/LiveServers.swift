import Foundation
import Imaging
import Locking
import RecorderKit
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The real servers the live-source tests record from, started on loopback by the tests: GStreamer's
/// RTSP server (`Tests/LiveServers/rtsp-server.py`), and `ffmpeg` serving HTTP MJPEG, MPEG-TS over
/// TCP and UDP, and HLS (its segments served by Python's `http.server`).
///
/// A missing program skips the test with the reason; with `ANALOGKIT_REQUIRE_REAL_SERVERS=1`
/// (`scripts/test.sh` sets it) it is a failure instead.
enum LiveServers {
    static let python = "/usr/bin/python3"
    static let rtspScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("LiveServers/rtsp-server.py")

    static var isRequired: Bool { ProcessInfo.processInfo.environment["ANALOGKIT_REQUIRE_REAL_SERVERS"] == "1" }

    /// Skips the test (or fails it, when real servers are required) unless `available`.
    static func need(_ available: Bool, _ reason: @autoclosure () -> String) throws {
        guard !available else { return }
        if isRequired { throw LiveServerError.missing(reason()) }
        try Test.cancel("\(reason()); skipped")
    }

    /// Whether GStreamer's RTSP server can be started from Python.
    static let hasRTSPServer: Bool = {
        guard FileManager.default.isExecutableFile(atPath: python) else { return false }
        let check = Process()
        check.executableURL = URL(fileURLWithPath: python)
        check.arguments = [
            "-c",
            "import gi; gi.require_version('Gst', '1.0'); gi.require_version('GstRtspServer', '1.0'); "
                + "from gi.repository import Gst, GstRtspServer; Gst.init(None); "
                + "assert Gst.ElementFactory.find('h264parse') and Gst.ElementFactory.find('rtph264pay')",
        ]
        check.standardError = FileHandle.nullDevice
        guard (try? check.run()) != nil else { return false }
        check.waitUntilExit()
        return check.terminationStatus == 0
    }()

    static let hasFFmpeg = FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg")

    static func requireRTSPServer() throws {
        try need(hasFFmpeg, "ffmpeg is not installed")
        try need(
            hasRTSPServer,
            "GStreamer's RTSP server is not available (Debian: python3-gst-1.0 gir1.2-gst-rtsp-server-1.0 "
                + "gstreamer1.0-plugins-good gstreamer1.0-plugins-bad)")
    }

    /// A free port on loopback (TCP, or UDP), as the kernel picks it.
    static func freePort(udp: Bool = false) -> Int {
        LoopbackPort.free(udp: udp)
    }

    /// Starts the RTSP server on `file` and waits until it listens; `port` 0 picks one.
    static func rtsp(
        serving file: URL, port: Int = 0, shared: Bool = false, codec: String = "h264", audio: Bool = false
    ) async throws -> (server: ChildServer, url: String) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("rtsp-\(UUID().uuidString).log")
        var arguments = [rtspScript.path, "--file", file.path, "--port", "\(port)", "--codec", codec]
        if shared { arguments.append("--shared") }
        if audio { arguments.append("--audio") }
        let server = try ChildServer.start(python, arguments, output: log)
        // GStreamer takes a second or two to start, much longer on a loaded machine.
        let deadline = ContinuousClock.now.advanced(by: .seconds(90))
        while ContinuousClock.now < deadline {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("listening ") }),
                let bound = Int(line.dropFirst("listening ".count))
            {
                return (server, "rtsp://127.0.0.1:\(bound)/stream")
            }
            guard server.isRunning else { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        server.kill()
        throw LiveServerError.didNotStart("rtsp-server.py: \(said)")
    }

    /// Starts `ffmpeg` with the arguments (quiet, reading at the input's own rate).
    static func ffmpeg(_ arguments: [String]) throws -> ChildServer {
        try ChildServer.start("/usr/bin/ffmpeg", ["-nostdin", "-v", "error"] + arguments, output: nil)
    }

    /// A TCP server on loopback that accepts one connection and sends nothing: the server and
    /// its port.
    static func silentServer() async throws -> (server: ChildServer, port: Int) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("silent-\(UUID()).log")
        let listener = try ChildServer.start(
            python,
            [
                "-c",
                "import socket, sys, time\ns = socket.socket(); s.bind(('127.0.0.1', 0)); s.listen()\n"
                    + "print(s.getsockname()[1], flush=True)\nc = s.accept()\ntime.sleep(60)",
            ], output: log)
        var port = 0
        for _ in 0..<500 where port == 0 {
            port =
                Int(
                    (try? String(contentsOf: log, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
                        ?? "") ?? 0
            try await Task.sleep(for: .milliseconds(20))
        }
        return (listener, port)
    }

    /// Serves `directory` over HTTP on `port`.
    static func httpDirectory(_ directory: URL, port: Int) throws -> ChildServer {
        try ChildServer.start(
            python, ["-m", "http.server", "\(port)", "--bind", "127.0.0.1", "--directory", directory.path], output: nil)
    }
}

enum LiveServerError: Error, CustomStringConvertible {
    case missing(String)
    case didNotStart(String)

    var description: String {
        switch self {
        case .missing(let reason): "a real server the test needs is missing: \(reason)"
        case .didNotStart(let reason): "a test server did not start: \(reason)"
        }
    }
}

/// A server process the test started; stopped (and reaped) by ``stop()`` or ``kill()``, which
/// also delete the file its output went to.
///
/// A child started from a test inherits the test runner's blocked signals (SIGTERM among them), so
/// servers are ended with SIGKILL, which cannot be blocked.
final class ChildServer: @unchecked Sendable {
    let process: Process
    private let output: URL?

    private init(process: Process, output: URL?) {
        self.process = process
        self.output = output
    }

    static func start(_ executable: String, _ arguments: [String], output: URL?) throws -> ChildServer {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let output {
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: output)
        } else {
            process.standardOutput = FileHandle.nullDevice
        }
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return ChildServer(process: process, output: output)
    }

    var isRunning: Bool { process.isRunning }

    /// SIGKILL, as a crash or a pulled cable would end it.
    func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        if let output { try? FileManager.default.removeItem(at: output) }
    }

    /// Ends the server (SIGKILL; it holds nothing worth a graceful end) and waits for it.
    func stop() {
        kill()
    }
}

/// Test streams made once per test run: the test pattern with its machine-readable frame
/// counter, encoded by `ffmpeg` from raw frames (H.264, key frame every 30 frames, no B-frames).
enum TestMedia {
    static let directory: URL = {
        let temporary = FileManager.default.temporaryDirectory
        let prefix = "RecorderKitTests-media-"
        // One folder per test run. Nothing runs after a run's last test, so each run removes the
        // folders of runs whose process has ended.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        where name.hasPrefix(prefix) {
            if let pid = Int32(name.dropFirst(prefix.count)), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
            }
        }
        let url = temporary.appendingPathComponent(prefix + "\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// 60 s of the 320×240 test pattern at 30 fps.
    static let pattern = Task<URL, any Error> {
        try encode(name: "pattern.mp4", count: 1800) { index in
            try TestPatternSource.render(
                index: index, timestamp: Double(index) / 30, size: FrameSize(width: 320, height: 240))
        }
    }

    /// 20 s of a still grey scene with counters; a white square appears at frame 150 (5 s).
    static let motion = Task<URL, any Error> {
        let empty = try Image.solid(width: 320, height: 240, value: [90, 90, 90])
        let square = try empty.drawingRectangles([(100, 50, 120, 120)], color: [250, 250, 250])
        return try encode(name: "motion.mp4", count: 600) { index in
            try FrameCounterCode.drawing(index, into: index >= 150 ? square : empty)
        }
    }

    /// Pipes `count` frames of 320×240 RGB into ffmpeg's H.264 encoder.
    static func encode(name: String, count: Int, codec: [String] = [], frame: (Int) throws -> Image) throws -> URL {
        let url = directory.appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: url.path) { return url }
        let partial = directory.appendingPathComponent("partial-" + name)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments =
            [
                "-nostdin", "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", "320x240", "-r", "30",
                "-i",
                "-",
            ]
            + (codec.isEmpty
                ? [
                    "-c:v", "libx264", "-preset", "ultrafast", "-g", "30", "-keyint_min", "30", "-bf", "0", "-pix_fmt",
                    "yuv420p",
                ]
                : codec) + [partial.path]
        let input = Pipe()
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        try process.run()
        for index in 0..<count {
            let pixels = try frame(index).pixels()
            try input.fileHandleForWriting.write(contentsOf: Data(pixels.samples))
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw LiveServerError.didNotStart("ffmpeg could not encode \(name)")
        }
        try FileManager.default.moveItem(at: partial, to: url)
        return url
    }
}

/// Records from a live source in the background and collects what it reports.
final class LiveRun: Sendable {
    let recorder: EventRecorder
    let task: Task<Void, any Error>
    private let log: EventLog

    /// The events and clips reported so far. Filled as the recorder's delegate, on the recorder's
    /// own threads: a task listening to its streams could wait minutes for a thread of the
    /// cooperative pool while the whole suite runs on two cores, and the waits below would time
    /// out with the event already sent. A test's own delegate (set in `prepare`) is told too.
    private final class EventLog: VideoRecorderDelegate {
        let events = Locked<[LiveSourceEvent]>([])
        let clips = Locked(0)
        let next: (any VideoRecorderDelegate)?

        init(next: (any VideoRecorderDelegate)?) { self.next = next }

        func videoRecorderDidChangeState(_ oldState: VideoRecorderState, _ newState: VideoRecorderState) {
            next?.videoRecorderDidChangeState(oldState, newState)
        }
        func videoRecorderDidFinishSegment(_ segment: CapturedVideoSegment) {
            clips.withLock { $0 += 1 }
            next?.videoRecorderDidFinishSegment(segment)
        }
        func videoRecorderDidFail(_ error: RecorderError) { next?.videoRecorderDidFail(error) }
        func videoRecorderSourceDidChange(_ event: LiveSourceEvent) {
            events.withLock { $0.append(event) }
            next?.videoRecorderSourceDidChange(event)
        }
    }

    init(recorder: EventRecorder, source: LiveVideoSource) {
        self.recorder = recorder
        log = EventLog(next: recorder.stateDelegate)
        recorder.stateDelegate = log
        // High priority: the task only starts the recorder's own thread, and in a whole-suite run
        // a task of the default priority waited behind the queued tests for over 120 s.
        task = Task(priority: .high) { try await recorder.record(from: source) }
    }

    /// Makes a recorder with `configuration` (`prepare` sets it up further), starts it, and
    /// records from `options` in the background.
    static func start(
        _ configuration: RecorderConfiguration, from options: LiveSourceOptions,
        prepare: (EventRecorder) -> Void = { _ in }
    ) throws -> LiveRun {
        let recorder = try EventRecorder(configuration: configuration)
        prepare(recorder)
        try recorder.startRecording()
        return LiveRun(recorder: recorder, source: try LiveVideoSource(options: options))
    }

    /// Waits until `count` clips have been published (at most `timeout` seconds).
    func waitForClips(_ count: Int, timeout: Double = 30) async throws {
        let deadline = ContinuousClock.now.advanced(by: .seconds(timeout))
        while log.clips.withLock({ $0 }) < count, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    var reported: [LiveSourceEvent] { log.events.withLock { $0 } }

    /// Waits until an event matching `predicate` has been reported (at most `timeout` seconds).
    func wait(
        for description: String, timeout: Double = 30, _ predicate: @escaping @Sendable (LiveSourceEvent) -> Bool
    ) async throws {
        let deadline = ContinuousClock.now.advanced(by: .seconds(timeout))
        while ContinuousClock.now < deadline {
            if reported.contains(where: predicate) { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        // A last look: on a loaded machine the sleep can outlast the deadline while the event arrives.
        if reported.contains(where: predicate) { return }
        throw LiveServerError.didNotStart("no '\(description)' within \(timeout) s; events: \(reported)")
    }

    /// Waits until the stream is connected and packets have arrived for `seconds`.
    func waitUntilStreaming(for seconds: Double) async throws {
        // Generous: with the whole suite on two cores, the recording task may wait long for a thread.
        try await wait(for: "connected", timeout: 120 * ThreadSanitizerRun.slowdown) {
            if case .connected = $0 { true } else { false }
        }
        try await Task.sleep(for: .seconds(seconds))
    }

    /// Stops recording, waits for the source to let go and the clips to be written.
    func finish() async throws -> [CapturedVideoSegment] {
        recorder.stopRecording()
        try await task.value
        return try await recorder.capturedSegments().sorted { $0.startTime < $1.startTime }
    }
}
