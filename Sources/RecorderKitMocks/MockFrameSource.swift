import Imaging
import RecorderKit

/// A scriptable `FrameSource`: hands out given frames (or plain grey ones), and can fail at a
/// chosen frame, for host apps' tests.
public struct MockFrameSource: FrameSource {
    /// The size of the frames.
    public let frameSize: FrameSize
    /// The nominal rate.
    public let frameRate: Double
    private let frames: [Frame]
    private let failure: (index: Int, error: FrameSourceError)?
    /// How many frames have been handed out.
    public private(set) var deliveredCount = 0

    /// A source that hands out `frames` in order, then fails with `error` at index
    /// `failingAt` if given.
    public init(
        frames: [Frame],
        frameRate: Double = 30,
        failingAt index: Int? = nil,
        with error: FrameSourceError = .connectionFailed(url: "mock", message: "scripted failure")
    ) {
        self.frames = frames
        self.frameRate = frameRate
        self.frameSize = frames.first?.size ?? FrameSize(width: 0, height: 0)
        self.failure = index.map { ($0, error) }
    }

    /// A source of `count` frames of one grey level at `frameRate`, timestamps `n / frameRate`.
    ///
    /// - Throws: `ImagingError.invalidArgument(_:)` for a size that is not positive or too large.
    public init(
        size: FrameSize,
        count: Int,
        frameRate: Double = 30,
        grey: Double = 128,
        failingAt index: Int? = nil,
        with error: FrameSourceError = .connectionFailed(url: "mock", message: "scripted failure")
    ) throws(ImagingError) {
        let image = try Image.solid(width: size.width, height: size.height, value: [grey, grey, grey])
        let frames = (0..<count).map { Frame(image: image, timestamp: Double($0) / frameRate) }
        self.init(frames: frames, frameRate: frameRate, failingAt: index, with: error)
    }

    /// The next frame, the scripted failure, or `nil` at the end.
    ///
    /// - Throws: The scripted error when the failing index is reached.
    public mutating func nextFrame() throws(FrameSourceError) -> Frame? {
        if let failure, failure.index == deliveredCount { throw failure.error }
        guard deliveredCount < frames.count else { return nil }
        defer { deliveredCount += 1 }
        return frames[deliveredCount]
    }
}
