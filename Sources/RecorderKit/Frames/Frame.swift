import Imaging

/// One video frame and when it was taken.
public struct Frame: Sendable {
    /// The pixels.
    public var image: Image
    /// Seconds on the source's clock; must increase from frame to frame.
    public var timestamp: Double

    /// Creates a frame.
    public init(image: Image, timestamp: Double) {
        self.image = image
        self.timestamp = timestamp
    }

    /// The frame size.
    public var size: FrameSize { FrameSize(width: image.width, height: image.height) }
}
