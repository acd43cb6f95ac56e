/// Something that produces frames one after another: a test pattern, a video file, an image
/// sequence or a camera.
///
/// A source is used by one task at a time; ``FrameRecorder/record(from:pacing:)`` pulls frames
/// from it until it ends.
public protocol FrameSource {
    /// The size of the frames it produces.
    var frameSize: FrameSize { get }
    /// The nominal frames per second.
    var frameRate: Double { get }
    /// The next frame, or `nil` at the end. Timestamps increase.
    ///
    /// - Throws: ``FrameSourceError`` when the next frame cannot be produced (an unreadable file, a decoding failure);
    ///   the end of the source is `nil`, not an error.
    mutating func nextFrame() throws(FrameSourceError) -> Frame?
}
