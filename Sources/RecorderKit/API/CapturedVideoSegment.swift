import Foundation

/// A finished clip: a complete video file that has been published under its final name.
public struct CapturedVideoSegment: Sendable, Hashable, Identifiable {
    /// A unique identity.
    public let id: UUID
    /// The clip file.
    public let url: URL
    /// The container.
    public let format: VideoFormat
    /// The FFmpeg name of the encoder used (`libx264` or `mjpeg`), or `copy` for a passthrough
    /// clip remuxed from the source's own packets.
    public let encoderName: String
    /// The FFmpeg name of the clip's codec (`h264`, `hevc`, `mjpeg`).
    public let codecName: String
    /// The number of frames in the file.
    public let frameCount: Int
    /// Frames per second (the source's nominal rate, rounded, for a passthrough clip).
    public let framerate: Int
    /// The frame size.
    public let size: FrameSize
    /// The timestamp of the first frame, on the timeline of the frames given to the recorder.
    public let startTime: Double
    /// The timestamps of the events the clip covers (more than one when events merged).
    public let eventTimes: [Double]
    /// Where each event of ``eventTimes`` falls in the clip: seconds from its first frame.
    public let eventOffsets: [Double]
    /// The stretches of the clip with no frames because the source was lost (or, in a
    /// passthrough clip, paused). Frames are never invented to fill them: the frame before a gap
    /// stays on screen for its length. Empty for a clip without gaps.
    public let gaps: [CaptureGap]
    /// The length of the clip in seconds, gaps included.
    public let duration: Double
    /// Whether the clip holds fewer frames than its windows asked for: recording began less than
    /// `backwardOffset` before the event, the previous clip already holds the first frames, the
    /// source was lost for part of the windows, or recording stopped before the forward window
    /// was full.
    public let isTruncated: Bool
    /// The FFmpeg name of the clip's audio codec (`aac`, `opus`, or a passthrough source's own),
    /// or `nil` for a silent clip.
    public let audioCodecName: String?

    /// Whether the clip has an audio stream.
    public var hasAudio: Bool { audioCodecName != nil }

    /// Creates a segment description (for mocks and tests; recorders make their own).
    ///
    /// - Parameters:
    ///   - id: the segment's identity.
    ///   - url: the clip file.
    ///   - format: its container.
    ///   - encoderName: the FFmpeg encoder that wrote it.
    ///   - codecName: defaults to the codec `encoderName` writes.
    ///   - frameCount: how many frames the clip has.
    ///   - framerate: its frames per second.
    ///   - size: its frame size.
    ///   - startTime: the recording time of its first frame, in seconds.
    ///   - eventTimes: the recording times of the events it covers.
    ///   - eventOffsets: defaults to each event time minus `startTime`.
    ///   - gaps: the stretches without frames.
    ///   - duration: defaults to `frameCount / framerate`.
    ///   - isTruncated: whether a window was cut short (see ``isTruncated``).
    ///   - audioCodecName: the audio stream's codec, or `nil` for a silent clip.
    public init(
        id: UUID = UUID(),
        url: URL,
        format: VideoFormat,
        encoderName: String,
        codecName: String? = nil,
        frameCount: Int,
        framerate: Int,
        size: FrameSize,
        startTime: Double,
        eventTimes: [Double],
        eventOffsets: [Double]? = nil,
        gaps: [CaptureGap] = [],
        duration: Double? = nil,
        isTruncated: Bool,
        audioCodecName: String? = nil
    ) {
        self.id = id
        self.url = url
        self.format = format
        self.encoderName = encoderName
        self.codecName = codecName ?? (encoderName == "libx264" ? "h264" : encoderName)
        self.frameCount = frameCount
        self.framerate = framerate
        self.size = size
        self.startTime = startTime
        self.eventTimes = eventTimes
        self.eventOffsets = eventOffsets ?? eventTimes.map { $0 - startTime }
        self.gaps = gaps
        self.duration = duration ?? Double(frameCount) / Double(max(framerate, 1))
        self.isTruncated = isTruncated
        self.audioCodecName = audioCodecName
    }
}

/// A stretch of a clip with no frames.
public struct CaptureGap: Sendable, Hashable {
    /// Where the gap begins: seconds from the clip's first frame.
    public var offset: Double
    /// How long it lasts, in seconds.
    public var duration: Double

    /// Creates a gap.
    public init(offset: Double, duration: Double) {
        self.offset = offset
        self.duration = duration
    }
}
