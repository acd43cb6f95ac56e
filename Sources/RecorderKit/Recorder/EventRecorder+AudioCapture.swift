import Dispatch

extension EventRecorder {
    /// Records the sound of a capture device beside the frames until the recorder stops, the
    /// task is cancelled (which cancels the device's read), or the device fails. The device is
    /// read on a thread of its own, since its reads block.
    ///
    /// - Parameter source: an open ALSA or PulseAudio device.
    /// - Throws: ``RecorderError/source(_:)`` when the device fails, ``RecorderError/video(_:)``
    ///   when the encoder does.
    public func record(audioFrom source: AudioCaptureSource) async throws(RecorderError) {
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<RecorderError?, Never>) in
                DispatchQueue.global(qos: .userInitiated).async {
                    continuation.resume(returning: self.readAudio(from: source))
                }
            }
        } onCancel: {
            source.cancel()
        }
        if let outcome { throw outcome }
    }

    /// The blocking loop of ``record(audioFrom:)``: the error that ended it, or `nil`.
    private func readAudio(from source: AudioCaptureSource) -> RecorderError? {
        while currentState != .none {
            do throws(RecorderError) {
                let runs: [AudioSamples]?
                do throws(FrameSourceError) {
                    runs = try source.next()
                } catch {
                    throw .source(error)
                }
                guard let runs else { return nil }
                for run in runs { try pushFromSource(audio: run) }
            } catch {
                if case .notRecording = error { return nil }
                return error
            }
        }
        return nil
    }
}
