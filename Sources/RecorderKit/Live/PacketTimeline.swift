import CFFmpeg
import Dispatch

/// Places a live source's packets on the recording's timeline: ticks of 1/90 000 s (RTP's video
/// clock, so camera timestamps convert exactly) since the source started.
///
/// Each connection keeps the camera's own spacing of frames; where a connection starts is read
/// from the monotonic clock, so a reconnect leaves a gap as long as the outage, and timestamps
/// never go back. The first packet of a connection was buffered while FFmpeg probed the stream,
/// so it is placed when the connection opened, not when it was read. A jump of more than
/// ``discontinuityLimit`` inside one connection (a camera restarting its clock) is treated as a
/// new start in the same way.
struct PacketTimeline {
    /// Ticks per second of the timeline.
    static let ticksPerSecond: Int64 = 90_000
    static let tickBase = AVRational(num: 1, den: Int32(ticksPerSecond))
    /// Ten seconds.
    static let discontinuityLimit: Int64 = 10 * ticksPerSecond

    /// The monotonic clock's reading (nanoseconds of uptime) where the timeline begins.
    let origin: UInt64
    /// The monotonic clock (nanoseconds of uptime); tests pass one they advance by hand.
    let clock: @Sendable () -> UInt64
    /// Added to a connection's timestamps (in ticks) to place them; `nil` until its first packet.
    private var offset: Int64?
    /// Where a connection's first packet goes at the earliest (ticks): when the connection opened.
    private var connectionStart: Int64?
    /// The last decoding timestamp placed.
    private(set) var lastDTS: Int64?
    /// The nominal frame duration of the current connection.
    private(set) var frameTicks: Int64 = ticksPerSecond / 30
    /// Whether the last packet placed had its timestamp corrected: moved forward past the one
    /// before it, or taken as a restart of the camera's clock (a jump). Counted in stream health.
    private(set) var corrected = false

    /// A timeline that begins at `origin` (by default, now) on `clock`.
    init(
        origin: UInt64? = nil, clock: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }
    ) {
        self.origin = origin ?? clock()
        self.clock = clock
    }

    /// Ticks of the monotonic clock since the timeline began.
    var now: Int64 { Self.ticks(since: origin, now: clock()) }

    /// Ticks of the monotonic clock from `origin` to `now` (by default, the system's now).
    static func ticks(since origin: UInt64, now: UInt64 = DispatchTime.now().uptimeNanoseconds) -> Int64 {
        Int64((now &- origin) / 1000) * ticksPerSecond / 1_000_000
    }

    static func seconds(_ ticks: Int64) -> Double { Double(ticks) / Double(ticksPerSecond) }

    static func ticks(_ seconds: Double) -> Int64 {
        // Callers pass validated durations (at most days); the clamp keeps the conversion defined.
        Int64(max(-1e15, min(1e15, (seconds * Double(ticksPerSecond)).rounded())))
    }

    /// A new connection: its first packet is placed from the clock. `openedAt` is when it opened
    /// (monotonic nanoseconds of uptime); without it, the first packet goes where it is read.
    mutating func beginConnection(frameRate: Double, openedAt: UInt64? = nil) {
        offset = nil
        if frameRate.isFinite, frameRate >= 1, frameRate <= 1000 {
            frameTicks = max(1, Int64((Double(Self.ticksPerSecond) / frameRate).rounded()))
        }
        connectionStart = openedAt.map { Self.ticks(since: origin, now: $0) }
    }

    /// Where the first packet of a connection goes: its arrival, after the last packet.
    private var firstPlacement: Int64 {
        max(connectionStart ?? now, lastDTS == nil ? 0 : (lastDTS ?? 0) + frameTicks)
    }

    /// A packet's presentation and decoding times and its duration on the timeline; timestamps
    /// in `timeBase`, `AV_NOPTS_VALUE` where the stream gave none.
    mutating func place(pts rawPTS: Int64, dts rawDTS: Int64, duration rawDuration: Int64, timeBase: AVRational)
        -> (pts: Int64, dts: Int64, duration: Int64)
    {
        let none = FFmpegRuntime.noTimestamp
        let next = (lastDTS ?? 0) + frameTicks
        corrected = false
        let sourceDTS = rawDTS != none ? rawDTS : rawPTS
        guard sourceDTS != none else {
            // No timestamps (RTSP before the first sender report, say): the frame follows the
            // last one, or, first in its connection, is placed by the clock.
            let dts = offset == nil ? firstPlacement : next
            lastDTS = dts
            return (dts, dts, frameTicks)
        }
        let dtsTicks = av_rescale_q(sourceDTS, timeBase, Self.tickBase)
        let ptsTicks = rawPTS != none ? av_rescale_q(rawPTS, timeBase, Self.tickBase) : dtsTicks
        if let offset, lastDTS != nil, abs(dtsTicks + offset - next) > Self.discontinuityLimit {
            self.offset = nil
            corrected = true
        }
        if offset == nil {
            // The first timed packet of a connection: no earlier than the clock, and after any
            // untimed packets it followed.
            offset = firstPlacement - dtsTicks
            // Later restarts within the connection (a camera resetting its clock) go by the clock.
            connectionStart = nil
        }
        let shift = offset ?? 0
        var dts = dtsTicks + shift
        if let lastDTS, dts <= lastDTS {
            dts = lastDTS + 1
            corrected = true
        }
        let pts = max(ptsTicks + shift, dts)
        lastDTS = dts
        let duration = rawDuration > 0 ? av_rescale_q(rawDuration, timeBase, Self.tickBase) : frameTicks
        return (pts, dts, max(1, duration))
    }

    /// A packet of a stream without timestamps of its own, placed at its arrival.
    mutating func placeByClock() -> (pts: Int64, dts: Int64, duration: Int64) {
        let dts = max(now, (lastDTS ?? -1) + 1)
        lastDTS = dts
        offset = nil
        return (dts, dts, frameTicks)
    }

    /// A decoded frame's presentation time on the timeline (its connection must have placed a
    /// packet already).
    func place(framePTS: Int64, timeBase: AVRational) -> Int64? {
        guard framePTS != FFmpegRuntime.noTimestamp, let offset else { return nil }
        return av_rescale_q(framePTS, timeBase, Self.tickBase) + offset
    }
}
