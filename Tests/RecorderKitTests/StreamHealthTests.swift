import CFFmpeg
import Foundation
import Locking
import MetricsTestKit
import Testing

@testable import RecorderKit

/// Stream health on an injected clock: the machine decides the reports, the shell tells the
/// delegate, the event stream and the metrics. No source, no files, no sleeps.
@Suite("Stream health")
struct StreamHealthTests {
    static let info = LiveStreamInfo(
        url: "rtsp://camera/stream", codecName: "h264", size: FrameSize(width: 640, height: 480), frameRate: 30,
        isPassthrough: true)

    /// Delivers packets `range` at 25 a second (2,000 bytes each: 50 kB/s, every 50th with a corrected
    /// timestamp), the clock at each packet's time.
    static func deliver(_ range: Range<Int>, to recorder: EventRecorder, clock: borrowing Locked<Date>) {
        for packet in range {
            clock.withLock { $0 = Date(timeIntervalSince1970: 1_000 + Double(packet) / 25) }
            recorder.sourceDelivered(bytes: 2_000, corrected: packet % 50 == 0)
        }
    }

    @Test(
        "every interval a report: delivered against declared rate, bytes per second, corrections, losses with why, reconnects; as an event and as metrics"
    )
    func reportsOnTheClock() async throws {
        let metrics = TestMetrics()
        let recorder = try EventRecorder(
            metrics: RecorderMetrics(factory: metrics, prefix: "cam", dimensions: [("camera", "door")]))
        let delegate = RecordingDelegate()
        recorder.stateDelegate = delegate
        let events = recorder.liveSourceEvents()
        let clock = Locked(Date(timeIntervalSince1970: 1_000))
        recorder.shared.withLock { shell in
            shell.clock = { clock.withLock { $0 } }
            shell.machine.sourceStarted(healthInterval: 10)
        }
        recorder.publish(.connected(Self.info))
        Self.deliver(0..<250, to: recorder, clock: clock)
        #expect(delegate.sourceEvents.withLock { $0.count } == 1, "a report before its period ended")
        // The packet at 10 s ends the first period; the connection is lost and comes back in the second.
        Self.deliver(250..<300, to: recorder, clock: clock)
        let why = "cannot read rtsp://camera/stream: Connection refused while connecting"
        recorder.publish(.lost(time: 12, reason: why))
        recorder.publish(.waiting(attempt: 1, delay: 1, reason: why))
        recorder.publish(.connecting(attempt: 1))
        recorder.publish(.connected(Self.info))
        recorder.publish(.recovered(lostAt: 12, gap: 1))
        Self.deliver(300..<501, to: recorder, clock: clock)

        let first = StreamHealthReport(
            duration: 10, declaredFrameRate: 30, deliveredFrameRate: 25, bytesPerSecond: 50_000,
            timestampCorrections: 5, lossReasons: [], reconnects: 0)
        var second = first
        (second.lossReasons, second.reconnects) = ([why], 1)
        let reports = delegate.sourceEvents.withLock { $0 }.compactMap { event in
            if case .health(let report) = event { report } else { nil }
        }
        #expect(reports == [first, second])
        // The event stream carries them in order with the rest.
        var streamed: [StreamHealthReport] = []
        for await event in events {
            if case .health(let report) = event { streamed.append(report) }
            if streamed.count == 2 { break }
        }
        #expect(streamed == reports)
        // The metrics: gauges of the last period, counters of all.
        let dimensions = [("camera", "door")]
        #expect(try metrics.expectGauge("cam_stream_delivered_fps", dimensions).lastValue == 25)
        #expect(try metrics.expectGauge("cam_stream_declared_fps", dimensions).lastValue == 30)
        #expect(try metrics.expectGauge("cam_stream_bytes_per_second", dimensions).lastValue == 50_000)
        #expect(try metrics.expectCounter("cam_stream_timestamp_corrections_total", dimensions).totalValue == 10)
        #expect(try metrics.expectCounter("cam_stream_losses_total", dimensions).totalValue == 1)
        #expect(try metrics.expectCounter("cam_stream_reconnects_total", dimensions).totalValue == 1)
        // The state follows the source, not the reports.
        #expect(recorder.liveSourceState == .streaming(Self.info))
    }

    @Test("no report without a live source, or after it ended; a recorder without metrics makes none")
    func quietWithoutSource() throws {
        let recorder = try EventRecorder()
        let delegate = RecordingDelegate()
        recorder.stateDelegate = delegate
        let clock = Locked(Date(timeIntervalSince1970: 1_000))
        recorder.shared.withLock { $0.clock = { clock.withLock { $0 } } }
        Self.deliver(0..<600, to: recorder, clock: clock)
        #expect(delegate.sourceEvents.withLock { $0 }.isEmpty)
        recorder.shared.withLock { shell in
            shell.machine.sourceStarted(healthInterval: 10)
            _ = shell.machine.sourceEnded(id: UUID(), reason: "the stream ended", now: 1_024)
        }
        Self.deliver(600..<1200, to: recorder, clock: clock)
        #expect(delegate.sourceEvents.withLock { $0 }.isEmpty)
    }

    @Test("the end of the source reports the period cut short, once; nothing after it")
    func finalPartialReport() {
        var machine = RecorderStateMachine(configuration: RecorderConfiguration())
        machine.sourceStarted(healthInterval: 10)
        machine.sourceReported(.connected(Self.info))
        #expect(machine.clockTick(now: 1_000) == nil)
        for packet in 0..<100 {
            machine.sourceDelivered(bytes: 1_000, corrected: packet == 7)
            _ = machine.clockTick(now: 1_000 + Double(packet) / 25)
        }
        machine.sourceReported(.lost(time: 4, reason: "the stream ended"))
        let end = machine.sourceEnded(id: UUID(), reason: "the stream ended", now: 1_004)
        #expect(
            end.health
                == StreamHealthReport(
                    duration: 4, declaredFrameRate: 30, deliveredFrameRate: 25, bytesPerSecond: 25_000,
                    timestampCorrections: 1, lossReasons: ["the stream ended"], reconnects: 0))
        #expect(machine.clockTick(now: 1_020) == nil)
        // A source that ends before its first tick has no period to report.
        machine.sourceStarted(healthInterval: 10)
        #expect(machine.sourceEnded(id: UUID(), reason: "stopped", now: 1_030).health == nil)
    }

    @Test("a source stuck in one blocking read still gets its reports on time")
    func stuckSourceReports() async throws {
        let (listener, port) = try await LiveServers.silentServer()
        defer { listener.stop() }
        let recorder = try EventRecorder()
        // Each reading of the clock is 0.6 s later: a 1 s period ends at every second tick.
        let clock = Locked(Date(timeIntervalSince1970: 1_000))
        recorder.shared.withLock { shell in
            shell.clock = {
                clock.withLock {
                    $0 += 0.6; return $0
                }
            }
        }
        try recorder.startRecording()
        var options = LiveSourceOptions(
            url: "tcp://127.0.0.1:\(port)", inputFormat: "mpegts", connectTimeout: 120, readTimeout: 120,
            reconnect: .never)
        options.healthReportInterval = 1
        let source = try LiveVideoSource(options: options)
        let events = recorder.liveSourceEvents()
        let began = ContinuousClock.now
        let recording = Task { try? await recorder.record(from: source) }
        var before: [LiveSourceEvent] = []
        var report: StreamHealthReport?
        for await event in events {
            if case .health(let health) = event {
                report = health
                break
            }
            before.append(event)
            if case .ended = event { break }
        }
        // It comes while the source is still opening the stream (nothing read, no loss, no end):
        // long before the 120 s connect timeout would end it with a last report. (Within 0.2 s
        // alone; the bound leaves room for a full parallel run on two cores, which took 12.7 s.)
        let waited = ContinuousClock.now - began
        source.stop()
        await recording.value
        #expect(before == [.connecting(attempt: 1)])
        #expect(report?.deliveredFrameRate == 0)
        #expect(waited < .seconds(60))
    }

    @Test("the timeline says which packets it corrected: a timestamp going back, a jump")
    func corrections() {
        let timeBase = AVRational(num: 1, den: 90_000)
        let clock = Locked<UInt64>(1_000_000_000)
        var timeline = PacketTimeline(clock: { clock.withLock { $0 } })
        timeline.beginConnection(frameRate: 30)
        _ = timeline.place(pts: 90_000, dts: 90_000, duration: 3000, timeBase: timeBase)
        #expect(!timeline.corrected)
        _ = timeline.place(pts: 93_000, dts: 93_000, duration: 3000, timeBase: timeBase)
        #expect(!timeline.corrected)
        _ = timeline.place(pts: 92_000, dts: 92_000, duration: 3000, timeBase: timeBase)
        #expect(timeline.corrected)
        _ = timeline.place(pts: 96_000, dts: 96_000, duration: 3000, timeBase: timeBase)
        #expect(!timeline.corrected)
        _ = timeline.place(pts: 96_000 + 3_600_000, dts: 96_000 + 3_600_000, duration: 3000, timeBase: timeBase)
        #expect(timeline.corrected)
    }

    @Test("a health interval outside 1…86400 s is refused")
    func interval() {
        var options = LiveSourceOptions(url: "rtsp://camera/stream")
        #expect(throws: Never.self) { try options.validate() }
        for bad in [0.5, 100_000, .nan] {
            options.healthReportInterval = bad
            #expect(throws: FrameSourceError.self) { try options.validate() }
        }
    }
}
