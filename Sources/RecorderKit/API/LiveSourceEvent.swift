/// What happens to a live source while a recorder records from it, in order, as told to
/// ``VideoRecorderDelegate/videoRecorderSourceDidChange(_:)`` and ``VideoRecorder/liveSourceEvents()``.
///
/// Times are on the recorder's timeline (seconds, the clock of ``CapturedVideoSegment/startTime``).
public enum LiveSourceEvent: Sendable, Hashable {
    /// Opening the stream; `attempt` counts from 1 since the last time packets flowed.
    case connecting(attempt: Int)
    /// The stream is open and its parameters known.
    case connected(LiveStreamInfo)
    /// The stream was lost (closed, failed, or silent for the read timeout) after the packet at
    /// `time`.
    case lost(time: Double, reason: String)
    /// Waiting `delay` seconds before reconnect attempt `attempt` (capped exponential backoff);
    /// `reason` says why the last connection failed or was lost.
    case waiting(attempt: Int, delay: Double, reason: String)
    /// Packets flow again: the stream was lost at `lostAt` and the first new packet is `gap`
    /// seconds later. Clips that span it list it in ``CapturedVideoSegment/gaps``.
    case recovered(lostAt: Double, gap: Double)
    /// Recording from the source ended: it was stopped, the stream ended and the policy does
    /// not reconnect, or the policy gave up (`reason` says which).
    case ended(reason: String)
    /// The source's health over the last ``LiveSourceOptions/healthReportInterval`` seconds (or,
    /// just before ``ended(reason:)``, over the period the end cut short).
    case health(StreamHealthReport)
}

/// A live stream as the recorder found it.
public struct LiveStreamInfo: Sendable, Hashable {
    /// The URL, with any password hidden.
    public var url: String
    /// The FFmpeg name of the video codec (`h264`, `hevc`, `mjpeg`, `rawvideo`, …).
    public var codecName: String
    /// The frame size.
    public var size: FrameSize
    /// The nominal frames per second, or 0 when the stream does not say.
    public var frameRate: Double
    /// Whether the recorder keeps the stream's packets (passthrough) rather than decoding it.
    public var isPassthrough: Bool

    /// Creates a description.
    public init(url: String, codecName: String, size: FrameSize, frameRate: Double, isPassthrough: Bool) {
        self.url = url
        self.codecName = codecName
        self.size = size
        self.frameRate = frameRate
        self.isPassthrough = isPassthrough
    }
}

/// Where recording from a live source stands, as ``EventRecorder/liveSourceState`` reports it.
public enum LiveSourceState: Sendable, Hashable {
    /// No live source is being recorded.
    case idle
    /// Opening the stream (attempt `attempt` since packets last flowed).
    case connecting(attempt: Int)
    /// Packets flow.
    case streaming(LiveStreamInfo)
    /// The stream was lost; waiting to reconnect.
    case reconnecting(attempt: Int)

    /// The state after `event`.
    func after(_ event: LiveSourceEvent) -> LiveSourceState {
        switch event {
        case .connecting(let attempt): .connecting(attempt: attempt)
        case .connected(let info): .streaming(info)
        case .lost: .reconnecting(attempt: 1)
        case .waiting(let attempt, _, _): .reconnecting(attempt: attempt)
        case .recovered, .health: self
        case .ended: .idle
        }
    }
}
