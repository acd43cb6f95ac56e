import Foundation

/// Where a ``LiveVideoSource`` reads from and how it behaves on a bad network.
///
/// Anything FFmpeg's libavformat and libavdevice open will do: `rtsp://` (H.264/H.265 IP
/// cameras), `http://` (MJPEG over HTTP, or an HLS playlist), `tcp://` and `udp://` (MPEG-TS),
/// a V4L2 device path (`/dev/video0`), or a file. Demuxer and protocol options pass through as
/// FFmpeg names them (for a V4L2 device, for example, `input_format`, `video_size`, `framerate`).
public struct LiveSourceOptions: Sendable, Hashable {
    /// The URL, device path or file path.
    public var url: String
    /// The FFmpeg input format (`v4l2`, `mjpeg`, `mpegts`, `hls`, …), or `nil` to let FFmpeg
    /// probe; `/dev/video…` paths default to `v4l2`.
    public var inputFormat: String?
    /// How RTSP carries the media (ignored by other protocols).
    public var rtspTransport: RTSPTransport
    /// Further demuxer, protocol or device options by their FFmpeg names.
    public var demuxerOptions: [String: String]
    /// Seconds to wait for a connection (and for the stream's parameters), 0.1…3600.
    public var connectTimeout: Double
    /// Seconds without a packet after which the stream counts as lost, 0.1…3600.
    public var readTimeout: Double
    /// What happens when the stream is lost or cannot be opened.
    public var reconnect: ReconnectPolicy
    /// Reads no faster than the stream's timestamps, as FFmpeg's `-re` does: a file then plays
    /// like a live camera. Live streams arrive at their own pace and need not set it.
    public var readsAtNativeRate: Bool
    /// Seconds between two ``LiveSourceEvent/health(_:)`` reports while a recorder records from
    /// the source (1…86 400; 10 by default).
    public var healthReportInterval: Double = 10

    /// Creates options.
    ///
    /// - Parameters:
    ///   - url: the URL, device path or file path.
    ///   - inputFormat: the FFmpeg input format, or `nil` to probe.
    ///   - rtspTransport: TCP (interleaved, the default) or UDP.
    ///   - demuxerOptions: further FFmpeg options.
    ///   - connectTimeout: seconds to wait for a connection.
    ///   - readTimeout: seconds without a packet before the stream counts as lost.
    ///   - reconnect: the reconnect policy.
    ///   - readsAtNativeRate: pace reading by the timestamps.
    public init(
        url: String,
        inputFormat: String? = nil,
        rtspTransport: RTSPTransport = .tcp,
        demuxerOptions: [String: String] = [:],
        connectTimeout: Double = 10,
        readTimeout: Double = 5,
        reconnect: ReconnectPolicy = ReconnectPolicy(),
        readsAtNativeRate: Bool = false
    ) {
        self.url = url
        self.inputFormat = inputFormat
        self.rtspTransport = rtspTransport
        self.demuxerOptions = demuxerOptions
        self.connectTimeout = connectTimeout
        self.readTimeout = readTimeout
        self.reconnect = reconnect
        self.readsAtNativeRate = readsAtNativeRate
    }

    /// Options for a V4L2 camera through libavdevice.
    ///
    /// - Parameters:
    ///   - path: the device, such as `/dev/video0`.
    ///   - pixelFormat: the device format to ask for (`mjpeg`, `h264`, `yuyv422`, …), or `nil`
    ///     for the device's default. MJPEG and H.264 can be recorded in passthrough.
    ///   - size: the frame size to ask for.
    ///   - frameRate: the frame rate to ask for.
    /// - Returns: options that open the device with the v4l2 input format.
    public static func device(
        _ path: String, pixelFormat: String? = nil, size: FrameSize? = nil, frameRate: Int? = nil
    ) -> LiveSourceOptions {
        var options: [String: String] = [:]
        if let pixelFormat { options["input_format"] = pixelFormat }
        if let size { options["video_size"] = "\(size.width)x\(size.height)" }
        if let frameRate { options["framerate"] = "\(frameRate)" }
        return LiveSourceOptions(url: path, inputFormat: "v4l2", demuxerOptions: options)
    }

    /// The input format FFmpeg is given: ``inputFormat``, or `v4l2` for a `/dev/video…` path.
    var effectiveInputFormat: String? {
        inputFormat ?? (url.hasPrefix("/dev/video") ? "v4l2" : nil)
    }

    /// The URL with any password replaced by `***`, for messages and logs.
    public var redactedURL: String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? url
    }

    /// Checks every field.
    ///
    /// - Throws: ``FrameSourceError/invalidParameters(_:)`` naming the first bad one.
    public func validate() throws(FrameSourceError) {
        guard !url.isEmpty else { throw .invalidParameters(.emptyURL) }
        guard !url.contains("\0") else { throw .invalidParameters(.urlWithNULCharacter) }
        for (name, value) in [("connectTimeout", connectTimeout), ("readTimeout", readTimeout)] {
            try FrameSourceError.check(seconds: value, of: name, within: 0.1...3600)
        }
        try FrameSourceError.check(seconds: healthReportInterval, of: "healthReportInterval", within: 1...86_400)
        try reconnect.validate()
    }
}

/// How RTSP carries the media.
public enum RTSPTransport: String, Sendable, Hashable, CaseIterable {
    /// Interleaved in the RTSP connection: one TCP stream, through firewalls, no loss.
    case tcp
    /// RTP over UDP: lower latency, packets may be lost.
    case udp
}

/// When and how often a lost or unreachable stream is tried again: capped exponential backoff.
///
/// After a loss the first attempt waits ``initialDelay``; each failed attempt multiplies the
/// wait by ``multiplier``, up to ``maximumDelay``. A connection that delivers packets starts the
/// sequence afresh. There is no random jitter, so runs repeat exactly.
public struct ReconnectPolicy: Sendable, Hashable {
    /// Seconds before the first attempt after a loss (0…3600).
    public var initialDelay: Double
    /// The longest wait between attempts (``initialDelay``…3600 s).
    public var maximumDelay: Double
    /// The growth of the wait per failed attempt (1…100).
    public var multiplier: Double
    /// Consecutive failed attempts before the source gives up, or `nil` to try forever; 0 never
    /// reconnects (a file ends at its end).
    public var maximumAttempts: Int?

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - initialDelay: seconds before the first attempt after a loss.
    ///   - maximumDelay: the cap on the wait.
    ///   - multiplier: the growth per failed attempt.
    ///   - maximumAttempts: failed attempts before giving up, `nil` for no limit.
    public init(
        initialDelay: Double = 0.5, maximumDelay: Double = 30, multiplier: Double = 2, maximumAttempts: Int? = nil
    ) {
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.multiplier = multiplier
        self.maximumAttempts = maximumAttempts
    }

    /// Never reconnects: the first loss, or the end of a file, ends the recording from the source.
    public static let never = ReconnectPolicy(maximumAttempts: 0)

    /// The wait before reconnect attempt `attempt` (1 is the first after a loss).
    ///
    /// - Parameter attempt: the attempt number, from 1.
    /// - Returns: seconds to wait.
    public func delay(beforeAttempt attempt: Int) -> Double {
        var delay = initialDelay
        for _ in 1..<max(1, attempt) where delay < maximumDelay {
            delay *= multiplier
        }
        return min(delay, maximumDelay)
    }

    func validate() throws(FrameSourceError) {
        try FrameSourceError.check(seconds: initialDelay, of: "reconnect.initialDelay", within: 0...3600)
        // A NaN initial delay has failed above, so the range below is well formed.
        try FrameSourceError.check(seconds: maximumDelay, of: "reconnect.maximumDelay", within: initialDelay...3600)
        try FrameSourceError.check(number: multiplier, of: "reconnect.multiplier", within: 1...100)
        if let maximumAttempts, maximumAttempts < 0 {
            throw .invalidParameters(
                .integerBelowMinimum(parameter: "reconnect.maximumAttempts", value: maximumAttempts, minimum: 0))
        }
    }
}
