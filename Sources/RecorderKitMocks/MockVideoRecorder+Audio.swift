import RecorderKit

extension MockVideoRecorder: AudioReceiver {
    /// Records the samples after the checks the real recorder makes: the configuration's format,
    /// finite values, and the state (refused in `none`, ignored while paused).
    ///
    /// - Parameter audio: interleaved samples with their timestamp.
    /// - Returns: `AudioDisposition.stored` while recording, `AudioDisposition.ignoredWhilePaused`
    ///   while paused.
    /// - Throws: `RecorderError.audio(_:)` as `AudioSettings.check(_:against:)` throws, and
    ///   `RecorderError.notRecording(state:)` in state `none`.
    @discardableResult
    public func push(audio: AudioSamples) throws(RecorderError) -> AudioDisposition {
        try currentConfiguration.checkAudio(audio)
        switch currentState {
        case .none: throw .notRecording(state: .none)
        case .paused: return .ignoredWhilePaused
        case .recording:
            audioLog.withLock { $0.append(audio) }
            return .stored
        }
    }

    /// Every run of samples stored by ``push(audio:)``, in order.
    public var pushedAudio: [AudioSamples] { audioLog.withLock { $0 } }

    /// The seconds of audio stored by ``push(audio:)``.
    public var pushedAudioDuration: Double { pushedAudio.reduce(0) { $0 + $1.duration } }
}
