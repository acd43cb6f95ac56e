import RecorderKit

func recordMicrophone(into recorder: EventRecorder) async throws {
    let microphone = try AudioCaptureSource(backend: .alsa, device: "default")
    try await recorder.record(audioFrom: microphone)  // until the recorder stops or the task is cancelled
}
