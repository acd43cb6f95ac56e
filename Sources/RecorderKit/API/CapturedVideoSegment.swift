import Foundation

/// A finished clip: a complete video file that has been published under its final name.
public struct CapturedVideoSegment: Sendable, Hashable, Identifiable {
    /// A unique identity.
    public let id: UUID
    /// The clip file.
    public let url: URL
    /// The container.
    public let format: VideoFormat
    /// The FFmpeg name of the encoder used (`libx264` or `mjpeg`).
    public let encoderName: String
    /// The number of frames in the file.
    public let frameCount: Int
    /// Frames per second.
    public let framerate: Int
    /// The frame size.
    public let size: FrameSize
    /// The timestamp of the first frame, on the timeline of the frames given to the recorder.
    public let startTime: Double
    /// The timestamps of the events the clip covers (more than one when events merged).
    public let eventTimes: [Double]
    /// Whether the clip holds fewer frames than its windows asked for: recording began less than
    /// `backwardOffset` before the event, the previous clip already holds the first frames, or
    /// recording stopped before the forward window was full.
    public let isTruncated: Bool

    /// The duration in seconds: `frameCount / framerate`.
    public var duration: Double { Double(frameCount) / Double(framerate) }

    /// Creates a segment description (for mocks and tests; recorders make their own).
    public init(
        id: UUID = UUID(),
        url: URL,
        format: VideoFormat,
        encoderName: String,
        frameCount: Int,
        framerate: Int,
        size: FrameSize,
        startTime: Double,
        eventTimes: [Double],
        isTruncated: Bool
    ) {
        self.id = id
        self.url = url
        self.format = format
        self.encoderName = encoderName
        self.frameCount = frameCount
        self.framerate = framerate
        self.size = size
        self.startTime = startTime
        self.eventTimes = eventTimes
        self.isTruncated = isTruncated
    }
}
