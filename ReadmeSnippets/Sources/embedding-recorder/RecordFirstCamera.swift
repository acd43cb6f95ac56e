import CaptureDevices
import RecorderKit

func recordFirstCamera(into recorder: EventRecorder) async throws {
    guard let camera = try await V4L2DeviceDiscovery().devices().first else { return }
    let options = try LiveSourceOptions.device(camera, size: FrameSize(width: 1280, height: 720))
    try await recorder.record(from: LiveVideoSource(options: options))  // the recorder is recording
}
