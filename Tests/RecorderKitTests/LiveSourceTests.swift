import CaptureDevices
import Foundation
import RecorderKit
import TestSupport
import Testing

/// Recording from real servers on loopback: GStreamer's RTSP server, and ffmpeg serving HTTP
/// MJPEG, MPEG-TS over TCP and UDP, and HLS. The streams carry the test pattern's frame counter,
/// so every clip is checked frame by frame. The streams run in real time and take little CPU (a
/// 320×240 stream, most cases copying its packets), so the cases run at once: `scripts/test.sh`
/// runs these suites on their own, after the CPU-bound ones, which starved them of their deadlines.
@Suite("Live sources")
struct LiveSourceTests {
    /// A passthrough recording's configuration (320×240 clips, the stream's own size).
    static func passthrough(in folder: TemporaryFolder, backward: Double = 2, forward: Double = 1)
        -> RecorderConfiguration
    {
        smallConfiguration(in: folder, backward: backward, forward: forward, codec: .passthrough)
    }

    /// Checks a passthrough clip of the test pattern: the camera's packets, starting at a key
    /// frame, every frame there once and in order, timestamps 1/30 s apart, the windows honoured.
    static func expectWholeClip(
        _ clip: CapturedVideoSegment, codec: String, backward: Double, forward: Double, keyAligned: Bool = true,
        spacing: Double? = 1.0 / 30
    ) throws {
        #expect(clip.encoderName == "copy")
        #expect(clip.codecName == codec)
        #expect(clip.size == FrameSize(width: 320, height: 240))
        #expect(clip.gaps.isEmpty)
        let probed = try probe(clip.url)
        #expect(probed.codecName == codec)
        #expect(probed.countedFrames == clip.frameCount)
        let packets = try probePackets(clip.url)
        #expect(packets.count == clip.frameCount)
        #expect(packets.first?.isKey == true, "a clip starts at a key frame")
        #expect(abs((packets.first?.time ?? -1)) < 0.001)
        if let spacing {
            for (previous, next) in zip(packets, packets.dropFirst()) {
                #expect(abs(next.time - previous.time - spacing) < 0.002, "\(previous.time) → \(next.time)")
            }
            #expect(abs(probed.duration - Double(clip.frameCount) * spacing) < 0.01)
        }
        let counters = try decodedCounters(of: clip.url).map { $0 ?? -1 }
        #expect(counters.count == clip.frameCount)
        #expect(counters == Array((counters.first ?? 0)..<((counters.first ?? 0) + counters.count)), "\(counters)")
        if keyAligned {
            // The file has a key frame every 30 frames.
            #expect((counters.first ?? -1) % 30 == 0)
        }
        // The backward window reaches back to the key frame at or before it, the forward window
        // to the key frame after it.
        let offset = try #require(clip.eventOffsets.first)
        #expect(offset >= backward - 0.04, "event at \(offset) s in the clip")
        #expect(clip.duration - offset >= forward - 0.04)
        #expect(!clip.isTruncated)
    }

    /// Records from `options`, marks an event `before` seconds into the stream, waits for its
    /// clip, stops.
    static func recordOneEvent(
        from options: LiveSourceOptions, configuration: RecorderConfiguration, before: Double = 3.5
    ) async throws -> (clips: [CapturedVideoSegment], events: [LiveSourceEvent]) {
        let run = try LiveRun.start(configuration, from: options)
        try await run.waitUntilStreaming(for: before)
        try run.recorder.captureSegment()
        try await run.waitForClips(1)
        return (try await run.finish(), run.reported)
    }

    @Test(
        "RTSP over TCP and UDP, passthrough: the camera's H.264 packets, cut at key frames, remuxed",
        arguments: RTSPTransport.allCases)
    func rtspPassthrough(transport: RTSPTransport) async throws {
        try LiveServers.requireRTSPServer()
        let (server, url) = try await LiveServers.rtsp(serving: try await TestMedia.pattern.value)
        defer { server.stop() }
        let folder = try TemporaryFolder("rtsp-\(transport)")
        defer { folder.cleanUp() }
        let (clips, events) = try await Self.recordOneEvent(
            from: LiveSourceOptions(url: url, rtspTransport: transport), configuration: Self.passthrough(in: folder))
        #expect(clips.count == 1)
        let clip = try #require(clips.first)
        try Self.expectWholeClip(clip, codec: "h264", backward: 2, forward: 1)
        let connected = events.compactMap { event -> LiveStreamInfo? in
            if case .connected(let info) = event { info } else { nil }
        }
        #expect(connected.first?.isPassthrough == true)
        #expect(connected.first?.codecName == "h264")
        #expect(connected.first?.size == FrameSize(width: 320, height: 240))
        #expect(events.last == .ended(reason: "stopped"))
    }

    @Test("RTSP decoded: frames go through the JPEG ring buffer and are re-encoded at the export size")
    func rtspDecoded() async throws {
        try LiveServers.requireRTSPServer()
        let (server, url) = try await LiveServers.rtsp(serving: try await TestMedia.pattern.value)
        defer { server.stop() }
        let folder = try TemporaryFolder("rtsp-decoded")
        defer { folder.cleanUp() }
        let (clips, events) = try await Self.recordOneEvent(
            from: LiveSourceOptions(url: url),
            configuration: smallConfiguration(in: folder, backward: 2, forward: 1, codec: .mjpeg))
        let clip = try #require(clips.first)
        #expect(clips.count == 1)
        #expect(clip.encoderName == "mjpeg")
        // 2 s back and 1 s forward, the event's frame first of the forward second: 90 frames.
        #expect(clip.frameCount == 90)
        #expect(clip.eventOffsets == [2])
        let counters = try decodedCounters(of: clip.url).map { $0 ?? -1 }
        #expect(counters == Array((counters.first ?? 0)..<((counters.first ?? 0) + 90)), "\(counters)")
        #expect(try probe(clip.url).countedFrames == 90)
        #expect(events.contains { if case .connected(let info) = $0 { !info.isPassthrough } else { false } })
    }

    @Test("HTTP MJPEG (multipart, no timestamps of its own) in passthrough, timed by arrival")
    func httpMJPEG() async throws {
        try LiveServers.need(LiveServers.hasFFmpeg, "ffmpeg is not installed")
        let media = try await TestMedia.pattern.value
        let port = LiveServers.freePort()
        let server = try LiveServers.ffmpeg([
            "-re", "-i", media.path, "-c:v", "mjpeg", "-q:v", "3", "-f", "mpjpeg", "-listen", "1",
            "http://127.0.0.1:\(port)/stream.mjpg",
        ])
        defer { server.stop() }
        let folder = try TemporaryFolder("mjpeg")
        defer { folder.cleanUp() }
        let (clips, _) = try await Self.recordOneEvent(
            from: LiveSourceOptions(
                url: "http://127.0.0.1:\(port)/stream.mjpg",
                reconnect: ReconnectPolicy(initialDelay: 0.1, maximumDelay: 0.5, maximumAttempts: 40)),
            configuration: Self.passthrough(in: folder))
        let clip = try #require(clips.first)
        #expect(clips.count == 1)
        // Arrival times jitter, so spacing is not checked; every frame is there once, in order.
        try Self.expectWholeClip(clip, codec: "mjpeg", backward: 2, forward: 1, keyAligned: false, spacing: nil)
    }

    /// An MPEG-TS stream from ffmpeg over TCP, UDP or HLS (segments served over HTTP).
    enum TransportStream: String, CaseIterable, Sendable {
        case tcp, udp, hls
    }

    @Test("MPEG-TS over TCP and UDP, and HLS, in passthrough", arguments: TransportStream.allCases)
    func transportStream(kind: TransportStream) async throws {
        try LiveServers.need(LiveServers.hasFFmpeg, "ffmpeg is not installed")
        let media = try await TestMedia.pattern.value
        let folder = try TemporaryFolder("ts-\(kind)")
        defer { folder.cleanUp() }
        let port = LiveServers.freePort(udp: kind == .udp)
        let patient = ReconnectPolicy(initialDelay: 0.1, maximumDelay: 0.5, maximumAttempts: 60)
        var servers: [ChildServer] = []
        defer { servers.forEach { $0.stop() } }
        let options: LiveSourceOptions
        switch kind {
        case .tcp:
            servers.append(
                try LiveServers.ffmpeg([
                    "-re", "-i", media.path, "-c", "copy", "-f", "mpegts", "tcp://127.0.0.1:\(port)?listen=1",
                ]))
            options = LiveSourceOptions(url: "tcp://127.0.0.1:\(port)", reconnect: patient)
        case .udp:
            // libavformat stops its UDP receive thread with pthread_cancel, which aborts TSan's
            // runtime ("thread finished with ignores enabled").
            try ThreadSanitizerRun.cannotRun("libavformat cancels its UDP receive thread")
            // The recorder listens; ffmpeg sends once it is up (packets sent before are lost,
            // and the recording starts at the next key frame).
            servers.append(
                try LiveServers.ffmpeg([
                    "-re", "-i", media.path, "-c", "copy", "-f", "mpegts", "udp://127.0.0.1:\(port)?pkt_size=1316",
                ]))
            options = LiveSourceOptions(url: "udp://127.0.0.1:\(port)", reconnect: patient)
        case .hls:
            let directory = folder.url.appendingPathComponent("hls")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            servers.append(
                try LiveServers.ffmpeg([
                    "-re", "-i", media.path, "-c", "copy", "-f", "hls", "-hls_time", "1", "-hls_list_size", "6",
                    directory.appendingPathComponent("index.m3u8").path,
                ]))
            servers.append(try LiveServers.httpDirectory(directory, port: port))
            options = LiveSourceOptions(url: "http://127.0.0.1:\(port)/index.m3u8", reconnect: patient)
        }
        let (clips, _) = try await Self.recordOneEvent(from: options, configuration: Self.passthrough(in: folder))
        let clip = try #require(clips.first)
        #expect(clips.count == 1)
        try Self.expectWholeClip(clip, codec: "h264", backward: 2, forward: 1)
    }

    @Test(
        "the RTSP server killed mid-recording and restarted: the recorder reconnects, reports the gap, clips before and after are valid"
    )
    func serverKilledAndRestarted() async throws {
        try LiveServers.requireRTSPServer()
        let media = try await TestMedia.pattern.value
        let (first, url) = try await LiveServers.rtsp(serving: media)
        let port = Int(url.split(separator: ":").last?.split(separator: "/").first ?? "") ?? 0
        let folder = try TemporaryFolder("reconnect")
        defer { folder.cleanUp() }
        // The first event's forward window (6 s) reaches past the outage; the second comes after it.
        let delegate = RecordingDelegate()
        let options = LiveSourceOptions(
            url: url, reconnect: ReconnectPolicy(initialDelay: 0.2, maximumDelay: 0.8, multiplier: 2))
        let run = try LiveRun.start(Self.passthrough(in: folder, backward: 2, forward: 6), from: options) {
            $0.stateDelegate = delegate
        }
        let recorder = run.recorder
        var second: ChildServer?
        defer {
            first.stop()
            second?.stop()
        }
        try await run.waitUntilStreaming(for: 2.5)
        try recorder.captureSegment()
        try await Task.sleep(for: .seconds(1))
        first.kill()
        try await run.wait(for: "lost") { if case .lost = $0 { true } else { false } }
        second = try await LiveServers.rtsp(serving: media, port: port).server
        try await run.wait(for: "recovered") { if case .recovered = $0 { true } else { false } }
        // Late enough that the second clip's backward window starts after the first clip ends.
        try await Task.sleep(for: .seconds(7))
        try recorder.captureSegment()
        try await run.waitForClips(2)
        let clips = try await run.finish()

        let events = run.reported
        let recovered = try #require(
            events.compactMap { event -> (Double, Double)? in
                if case .recovered(let lostAt, let gap) = event { (lostAt, gap) } else { nil }
            }.first)
        // At least about the first reconnect delay (0.2 s); how much longer depends on how fast the
        // restarted server comes up.
        #expect(recovered.1 > 0.15, "the outage lasted \(recovered.1) s")
        // Capped exponential backoff while the server was down.
        let waits = events.compactMap { event -> Double? in
            if case .waiting(_, let delay, _) = event { delay } else { nil }
        }
        #expect(waits.first == 0.2)
        #expect(waits.allSatisfy { $0 <= 0.8 })
        #expect(zip(waits, waits.dropFirst()).allSatisfy { $1 == min(0.8, $0 * 2) })
        // The delegate heard the same, in the same order. The final `.ended` may reach one of the
        // two before `finish()` returns and the other after, so it is left out of the comparison.
        let beforeEnd = { (events: [LiveSourceEvent]) in
            events.filter { if case .ended = $0 { false } else { true } }
        }
        #expect(beforeEnd(delegate.sourceEvents.withLock { $0 }) == beforeEnd(events))

        #expect(clips.count == 2)
        guard clips.count == 2 else { return }
        // The clip that spans the outage says so; its frames are the camera's, none invented.
        let spanning = clips[0]
        #expect(spanning.isTruncated)
        let gap = try #require(spanning.gaps.first)
        #expect(spanning.gaps.count == 1)
        #expect(abs(gap.duration - recovered.1) < 0.1, "gap \(gap.duration) s, outage \(recovered.1) s")
        let packets = try probePackets(spanning.url)
        #expect(packets.count == spanning.frameCount)
        #expect(try probe(spanning.url).countedFrames == spanning.frameCount)
        let jumps = zip(packets, packets.dropFirst()).map { $1.time - $0.time }
        #expect(jumps.filter { abs($0 - 1.0 / 30) > 0.002 }.count == 1, "one jump, at the gap")
        let jump = jumps.max() ?? 0
        #expect(abs(jump - 1.0 / 30 - gap.duration) < 0.01)
        let counters = try decodedCounters(of: spanning.url).map { $0 ?? -1 }
        let restart = try #require(counters.indices.dropLast().first { counters[$0 + 1] != counters[$0] + 1 })
        // Before the gap the first server's frames, after it the restarted server's from its start.
        #expect(Array(counters[...restart]) == Array(counters[0]...counters[restart]))
        #expect(Array(counters[(restart + 1)...]) == Array(0..<(counters.count - restart - 1)))
        #expect(packets[restart + 1].isKey)
        // The clip after the outage is whole.
        try Self.expectWholeClip(clips[1], codec: "h264", backward: 2, forward: 6, keyAligned: true)
    }

    @Test("motion detection on a passthrough stream marks the frame where the square appears")
    func motionOnPassthrough() async throws {
        try LiveServers.requireRTSPServer()
        let (server, url) = try await LiveServers.rtsp(serving: try await TestMedia.motion.value)
        defer { server.stop() }
        let folder = try TemporaryFolder("live-motion")
        defer { folder.cleanUp() }
        var configuration = Self.passthrough(in: folder, backward: 1, forward: 1)
        configuration.motionTrigger = MotionTrigger(pixelThreshold: 0.1, minimumArea: 0.05)
        let delegate = RecordingDelegate()
        let run = try LiveRun.start(configuration, from: LiveSourceOptions(url: url)) { $0.stateDelegate = delegate }
        try await run.waitUntilStreaming(for: 5)
        try await run.waitForClips(1)
        let clips = try await run.finish()
        #expect(clips.count == 1, "\(delegate.failures.withLock { $0 }) \(run.reported)")
        let clip = try #require(clips.first)
        let counters = try decodedCounters(of: clip.url).map { $0 ?? -1 }
        let eventFrame = Int(((clip.eventOffsets.first ?? -1) * 30).rounded())
        #expect(counters.indices.contains(eventFrame) && counters[eventFrame] == 150, "\(counters)")
        #expect(clip.eventOffsets.count == 1)
    }

    @Test("a film look on a passthrough recording decodes and re-encodes the clip by choice")
    func filmLookOnPassthrough() async throws {
        try LiveServers.requireRTSPServer()
        let (server, url) = try await LiveServers.rtsp(serving: try await TestMedia.pattern.value)
        defer { server.stop() }
        let folder = try TemporaryFolder("live-look")
        defer { folder.cleanUp() }
        let run = try LiveRun.start(
            Self.passthrough(in: folder, backward: 1, forward: 0.5), from: LiveSourceOptions(url: url)
        ) { $0.exportFrameTransform = { image, index in try FrameCounterCode.drawing(5000 + index, into: image) } }
        try await run.waitUntilStreaming(for: 2.5)
        try run.recorder.captureSegment()
        try await run.waitForClips(1)
        let clip = try #require(try await run.finish().first)
        #expect(clip.encoderName == "libx264")
        let counters = try decodedCounters(of: clip.url)
        #expect(counters == (5000..<(5000 + clip.frameCount)).map { Optional($0) })
        #expect(try probe(clip.url).countedFrames == clip.frameCount)
    }

    @Test("an unreachable source is retried with capped exponential backoff, then gives up with a typed error")
    func unreachable() async throws {
        let port = LiveServers.freePort()
        let folder = try TemporaryFolder("unreachable")
        defer { folder.cleanUp() }
        let options = LiveSourceOptions(
            url: "rtsp://127.0.0.1:\(port)/stream",
            reconnect: ReconnectPolicy(initialDelay: 0.05, maximumDelay: 0.1, multiplier: 2, maximumAttempts: 3))
        let run = try LiveRun.start(Self.passthrough(in: folder), from: options)
        let recorder = run.recorder
        let error = await #expect(throws: RecorderError.self) { try await run.task.value }
        guard case .source(.connectionFailed(let reported, let message)) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(reported == options.url)
        #expect(message.contains("refused"), "\(message)")
        // Retry lines say why the connection failed.
        let why = "\(FrameSourceError.connectionFailed(url: reported, message: message))"
        // The end brings the last, cut-short health report first: nothing delivered.
        let events = run.reported
        guard case .health(let last)? = events.dropLast().last else {
            Issue.record("no final health report before the end: \(events)")
            return
        }
        #expect(last.deliveredFrameRate == 0 && last.reconnects == 0)
        #expect(
            events.filter { if case .health = $0 { false } else { true } } == [
                .connecting(attempt: 1), .waiting(attempt: 2, delay: 0.05, reason: why), .connecting(attempt: 2),
                .waiting(attempt: 3, delay: 0.1, reason: why), .connecting(attempt: 3), .ended(reason: why),
            ])
        #expect(recorder.liveSourceState == .idle)
        #expect(recorder.currentState == .recording)
    }

    @Test("a server that accepts and sends nothing times out with a typed error")
    func silentServer() async throws {
        let (listener, port) = try await LiveServers.silentServer()
        defer { listener.stop() }
        let folder = try TemporaryFolder("silent")
        defer { folder.cleanUp() }
        let recorder = try EventRecorder(configuration: Self.passthrough(in: folder))
        try recorder.startRecording()
        let options = LiveSourceOptions(
            url: "tcp://127.0.0.1:\(port)", inputFormat: "mpegts", connectTimeout: 1, readTimeout: 1, reconnect: .never)
        let error = await #expect(throws: RecorderError.self) {
            try await recorder.record(from: try LiveVideoSource(options: options))
        }
        guard case .source(.connectionFailed(_, let message)) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(message.hasPrefix("nothing received for 1.0 s while"), "\(message)")
    }

    @Test("a V4L2 camera through libavdevice, when this machine has one")
    func v4l2Device() async throws {
        #if os(Linux)
            let devices = try await V4L2DeviceDiscovery().devices()
        #else
            let devices: [CaptureDevice] = []
        #endif
        guard let device = devices.first else {
            try Test.cancel("no V4L2 video device on this machine; the V4L2 case is skipped")
        }
        let folder = try TemporaryFolder("v4l2")
        defer { folder.cleanUp() }
        let run = try LiveRun.start(Self.passthrough(in: folder, backward: 1, forward: 0.5), from: try .device(device))
        try await run.waitUntilStreaming(for: 2)
        try run.recorder.captureSegment()
        try await run.waitForClips(1)
        let clip = try #require(try await run.finish().first)
        #expect(try probe(clip.url).countedFrames == clip.frameCount)
    }

    @Test("stopping the recorder ends a recording that waits to reconnect")
    func stopWhileReconnecting() async throws {
        let port = LiveServers.freePort()
        let folder = try TemporaryFolder("stop-waiting")
        defer { folder.cleanUp() }
        let options = LiveSourceOptions(
            url: "rtsp://127.0.0.1:\(port)/stream", reconnect: ReconnectPolicy(initialDelay: 30, maximumDelay: 30))
        let run = try LiveRun.start(Self.passthrough(in: folder), from: options)
        let recorder = run.recorder
        try await run.wait(for: "waiting") { if case .waiting = $0 { true } else { false } }
        #expect(recorder.liveSourceState == .reconnecting(attempt: 2))
        #expect(try await run.finish().isEmpty)
        #expect(run.reported.last == .ended(reason: "stopped"))
    }
}
