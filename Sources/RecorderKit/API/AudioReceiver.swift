/// Something that takes the host's PCM audio beside the frames: ``EventRecorder``, and the mock
/// recorder in `RecorderKitMocks` for host apps' tests.
public protocol AudioReceiver: AnyObject {
    /// Adds PCM audio captured by the host, in the format the configuration's
    /// ``RecorderConfiguration/audio`` declares.
    ///
    /// - Parameter audio: interleaved samples with their timestamp.
    /// - Returns: what became of the samples.
    /// - Throws: ``RecorderError/audio(_:)`` for samples that do not match the configuration or
    ///   when clips are silent, ``RecorderError/notRecording(state:)`` in state `none`.
    @discardableResult
    func push(audio: AudioSamples) throws(RecorderError) -> AudioDisposition
}
