import CFFmpeg
import CFFmpegShim
import Foundation
import Locking

/// A live video source read through FFmpeg's libavformat and libavdevice: an RTSP, HTTP (MJPEG
/// or HLS), TCP or UDP (MPEG-TS) stream, a V4L2 camera, or a file played as if live.
///
/// Hand it to ``EventRecorder/record(from:)``. The recorder keeps a compressed stream's packets
/// as they are (``VideoCodec/passthrough``) or decodes them into frames; meanwhile the source
/// keeps the connection up: a lost or silent stream (``LiveSourceOptions/readTimeout``) is
/// reconnected with capped exponential backoff (``ReconnectPolicy``), and every loss and recovery
/// is told to the recorder's delegate and its ``EventRecorder/liveSourceEvents()`` stream.
public final class LiveVideoSource: Sendable {
    /// The options it was made with.
    public let options: LiveSourceOptions
    /// The interrupt of the run in progress, if any.
    private let running = Locked<InterruptHandle?>(nil)

    /// Creates a source; nothing is opened before a recorder records from it.
    ///
    /// - Parameter options: where to read from and how.
    /// - Throws: ``FrameSourceError/invalidParameters(_:)`` for bad options.
    public init(options: LiveSourceOptions) throws(FrameSourceError) {
        try options.validate()
        self.options = options
    }

    /// Creates a source for a URL or device path with default options.
    ///
    /// - Parameter url: the URL or device path.
    /// - Throws: ``FrameSourceError/invalidParameters(_:)`` for an empty URL.
    public convenience init(url: String) throws(FrameSourceError) {
        try self.init(options: LiveSourceOptions(url: url))
    }

    /// Interrupts the connection or the wait in progress; the recording from it ends.
    public func stop() {
        running.withLock { $0 }?.cancel()
    }

    /// Why a stream that closed without an error was lost.
    static let streamEnded = "the stream ended"

    /// How a run ended.
    enum Outcome {
        /// Stopped by ``stop()``, the recorder, or the session.
        case stopped
        /// The stream ended and the policy does not reconnect.
        case ended
        /// The stream could not be read and the policy gave up, or the stream cannot be recorded.
        case failed(FrameSourceError)
    }

    /// Connects and reads on the calling thread until stopped, the stream ends for good, or the
    /// policy gives up; reconnects in between.
    func run(_ session: some LiveSourceSession) -> Outcome {
        let interrupt = InterruptHandle()
        running.withLock { $0 = interrupt }
        defer { running.withLock { $0 = nil } }
        let policy = options.reconnect
        var timeline = PacketTimeline(origin: session.timelineOrigin)
        var failures = 0
        var lostAt: Int64?
        var lastError: FrameSourceError?
        func stopped() -> Bool { interrupt.isCancelled || session.shouldStop }
        while !stopped() {
            if failures > 0 || lostAt != nil {
                if let limit = policy.maximumAttempts, failures >= limit {
                    if lastError == nil { return .ended }
                    return .failed(
                        lastError ?? .connectionFailed(url: options.redactedURL, message: Self.streamEnded))
                }
                // The first wait after a loss, or after a first connection that failed, is the
                // initial delay; each failure since multiplies it.
                let delay = policy.delay(beforeAttempt: lostAt != nil ? failures + 1 : failures)
                session.sourceEvent(
                    .waiting(
                        attempt: failures + 1, delay: delay, reason: lastError?.description ?? Self.streamEnded))
                wait(delay, interrupt: interrupt, session: session, timeline: timeline)
                if stopped() { break }
            }
            session.sourceEvent(.connecting(attempt: failures + 1))
            let reader: LiveStreamReader
            do {
                reader = try LiveStreamReader(options: options, interrupt: interrupt.pointer)
            } catch {
                if stopped() { break }
                if case .unsupportedStream = error { return .failed(error) }
                failures += 1
                lastError = error
                continue
            }
            guard let parameters = reader.parameters else {
                return .failed(.unsupportedStream(url: options.redactedURL, message: "no video stream"))
            }
            if let refusal = session.sourceConnected(parameters) { return .failed(refusal) }
            timeline.beginConnection(frameRate: parameters.frameRate, openedAt: reader.openedAt)
            var delivered = false
            lastError = nil
            // Where the next audio packet goes when it has no timestamp of its own (the second
            // and later AAC frames of one RTP packet).
            var audioNext: Int64?
            while true {
                let packet: UnsafeMutablePointer<AVPacket>
                do {
                    guard let next = try reader.read() else { break }
                    packet = next
                } catch {
                    lastError = error
                    break
                }
                if reader.isAudio(packet) {
                    // Sound goes on the video's timeline, once a video packet has placed it.
                    if let audio = reader.audioParameters,
                        let pts = timeline.place(framePTS: packet.pointee.pts, timeBase: reader.audioTimeBase)
                            ?? audioNext
                    {
                        let duration =
                            packet.pointee.duration > 0
                            ? av_rescale_q(packet.pointee.duration, reader.audioTimeBase, PacketTimeline.tickBase)
                            : audio.audioFrameTicks
                        audioNext = pts + duration
                        session.sourceAudio(
                            TimedAudioPacket(
                                packet: packet, pts: pts, duration: max(1, duration), parameters: audio,
                                timeBase: reader.audioTimeBase))
                    }
                    continue
                }
                let placed =
                    reader.hasTimestamps
                    ? timeline.place(
                        pts: packet.pointee.pts, dts: packet.pointee.dts, duration: packet.pointee.duration,
                        timeBase: reader.timeBase)
                    : timeline.placeByClock()
                if options.readsAtNativeRate {
                    pace(until: placed.dts, timeline: timeline, interrupt: interrupt)
                }
                if !delivered {
                    delivered = true
                    failures = 0
                    if let lost = lostAt {
                        session.sourceEvent(
                            .recovered(
                                lostAt: PacketTimeline.seconds(lost), gap: PacketTimeline.seconds(placed.pts - lost)))
                        lostAt = nil
                    }
                }
                let timed = TimedPacket(
                    packet: packet, pts: placed.pts, dts: placed.dts, duration: placed.duration,
                    isKey: packet.pointee.flags & akf_packet_flag_key() != 0, parameters: parameters,
                    timeBase: reader.timeBase, timeline: timeline)
                if !session.sourcePacket(timed) { return .stopped }
            }
            if stopped() { break }
            if delivered {
                let time = timeline.lastDTS ?? timeline.now
                lostAt = time
                session.sourceLost()
                session.sourceEvent(
                    .lost(time: PacketTimeline.seconds(time), reason: lastError?.description ?? Self.streamEnded))
            } else {
                failures += 1
                lastError = lastError ?? .connectionFailed(url: options.redactedURL, message: Self.streamEnded)
            }
            if policy.maximumAttempts == 0 {
                return lastError.map { .failed($0) } ?? .ended
            }
        }
        return .stopped
    }

    /// Sleeps `seconds` in short steps, telling the session the time as it passes.
    private func wait(
        _ seconds: Double, interrupt: InterruptHandle, session: some LiveSourceSession, timeline: PacketTimeline
    ) {
        let end = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, seconds) * 1e9)
        while !interrupt.isCancelled, !session.shouldStop {
            session.sourceIdle(now: timeline.now)
            let left = end > DispatchTime.now().uptimeNanoseconds ? end - DispatchTime.now().uptimeNanoseconds : 0
            if left == 0 { break }
            usleep(useconds_t(min(left / 1000, 100_000)))
        }
    }

    /// Waits until the timeline's clock reaches `ticks` (reading a file at its own pace).
    private func pace(until ticks: Int64, timeline: PacketTimeline, interrupt: InterruptHandle) {
        while !interrupt.isCancelled {
            let ahead = ticks - timeline.now
            if ahead <= 0 { return }
            usleep(useconds_t(min(ahead * 1_000_000 / PacketTimeline.ticksPerSecond, 100_000)))
        }
    }
}

/// A packet of the video stream and its place on the recording's timeline.
struct TimedPacket {
    /// The demuxer's packet, valid only during the call it is passed to.
    let packet: UnsafeMutablePointer<AVPacket>
    let pts: Int64
    let dts: Int64
    let duration: Int64
    let isKey: Bool
    let parameters: StreamParameters
    /// The stream's time base, for frames decoded from the packet.
    let timeBase: AVRational
    /// The timeline as it placed the packet.
    let timeline: PacketTimeline

    var bytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: packet.pointee.data, count: Int(packet.pointee.size))
    }
}

/// What a ``LiveVideoSource`` run reports to, and asks of, the recorder recording from it.
/// Called on the source's reading thread.
protocol LiveSourceSession: AnyObject {
    /// Whether the run should end (the recorder stopped).
    var shouldStop: Bool { get }
    /// Where the recording's timeline begins (monotonic nanoseconds of uptime).
    var timelineOrigin: UInt64 { get }
    /// Tells the recorder's listeners.
    func sourceEvent(_ event: LiveSourceEvent)
    /// A connection is open with these parameters; an error refuses the stream and ends the run.
    func sourceConnected(_ parameters: StreamParameters) -> FrameSourceError?
    /// One packet; `false` ends the run.
    func sourcePacket(_ packet: TimedPacket) -> Bool
    /// An audio packet of the source, placed on the video's timeline.
    func sourceAudio(_ packet: TimedAudioPacket)
    /// The connection was lost after the last packet.
    func sourceLost()
    /// Time passes without packets (waiting to reconnect): `now` on the timeline.
    func sourceIdle(now: Int64)
}

/// An `akf_interrupt`, freed with the handle.
final class InterruptHandle: @unchecked Sendable {
    // The C object is made for atomic use from any thread.
    let pointer: OpaquePointer

    init() {
        pointer = akf_interrupt_create()
    }

    deinit {
        akf_interrupt_free(pointer)
    }

    var isCancelled: Bool { akf_interrupt_is_cancelled(pointer) != 0 }

    func cancel() {
        akf_interrupt_cancel(pointer)
    }
}
