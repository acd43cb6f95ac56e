/// A frame source that also has sound (a video file's audio track, a live stream's):
/// ``FrameRecorder/record(from:pacing:)`` takes its audio after each frame and records it beside
/// the frames.
public protocol AudioCarryingSource: AnyObject {
    /// The audio decoded since the last call, in time order, on the frames' clock.
    ///
    /// - Returns: runs of samples in any rate and channel count (the recorder resamples them).
    func takeAudio() -> [AudioSamples]
}
