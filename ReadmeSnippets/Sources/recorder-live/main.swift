import RecorderKit

let recorder = try EventRecorder(configuration: RecorderConfiguration(
    exportSettings: ExportSettings(codec: .passthrough, format: .mp4), backwardOffset: 5, forwardOffset: 5))
let camera = try LiveVideoSource(options: LiveSourceOptions(
    url: "rtsp://user:secret@192.168.1.20/stream1", rtspTransport: .tcp,
    readTimeout: 5, reconnect: ReconnectPolicy(initialDelay: 0.5, maximumDelay: 30)))
try recorder.startRecording()
Task { for await event in recorder.liveSourceEvents() { print(event) } }
try await recorder.record(from: camera)         // until stopRecording(), cancellation, or the policy gives up
