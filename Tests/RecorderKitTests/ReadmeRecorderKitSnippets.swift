// The Swift snippets of README.md's RecorderKit section, as pasted there (only the type and
// function names carry a suffix so that they cannot collide with test code). Nothing runs them:
// the test target compiling is the check, so a README snippet that stops compiling breaks the
// build of RecorderKitTests. Keep the two in step when either changes.
import FilmKit
import RecorderKit

final class ReadmeLog0: VideoRecorderDelegate {
    func videoRecorderDidChangeState(_ oldState: VideoRecorderState, _ newState: VideoRecorderState) {}
    func videoRecorderSourceDidChange(_ event: LiveSourceEvent) { print(event) }  // connected, lost, recovered…
}

func readmeRecord0() async throws {
    let recorder = try EventRecorder(
        configuration: RecorderConfiguration(
            recordQuality: .high, backwardOffset: 3, forwardOffset: 2,
            motionTrigger: MotionTrigger()))  // optional: events by motion
    let log = ReadmeLog0()
    recorder.stateDelegate = log  // held weakly; states told on the calling thread
    try recorder.setExportFilter(named: "kodak-portra-400", registry: .shared)  // any FilmKit filter
    try recorder.startRecording()
    let frame = Frame(
        image: try TestPatternSource.render(index: 0, timestamp: 0, size: FrameSize(width: 1920, height: 1080)),
        timestamp: 0)
    try recorder.push(frame)  // or: try await recorder.record(from: &source)
    try recorder.captureSegment()
    recorder.stopRecording()
    for clip in try await recorder.capturedSegments() { print(clip.url, clip.frameCount, clip.eventOffsets) }
}

func readmeRecordCamera1() async throws {
    let recorder = try EventRecorder(
        configuration: RecorderConfiguration(
            exportSettings: ExportSettings(codec: .passthrough, format: .mp4), backwardOffset: 5, forwardOffset: 5))
    let camera = try LiveVideoSource(
        options: LiveSourceOptions(
            url: "rtsp://user:secret@192.168.1.20/stream1", rtspTransport: .tcp,
            readTimeout: 5, reconnect: ReconnectPolicy(initialDelay: 0.5, maximumDelay: 30)))
    try recorder.startRecording()
    Task { for await event in recorder.liveSourceEvents() { print(event) } }
    try await recorder.record(from: camera)  // until stopRecording(), cancellation, or the policy gives up
}

func readmeRecordWithSound0() async throws {
    let recorder = try EventRecorder(
        configuration: RecorderConfiguration(
            backwardOffset: 3, forwardOffset: 2,
            audio: AudioSettings(codec: .aac, sampleRate: 48_000, channels: 1, bitrate: 96_000)))
    try recorder.startRecording()
    let size = FrameSize(width: 1280, height: 720)
    for index in 0..<90 {
        let time = Double(index) / 30
        try recorder.push(
            Frame(image: try TestPatternSource.render(index: index, timestamp: time, size: size), timestamp: time))
        // 1/30 s of microphone samples, on the same clock as the frames.
        let samples = [Float](repeating: 0, count: 1600)
        try recorder.push(audio: AudioSamples(samples: samples, channels: 1, sampleRate: 48_000, timestamp: time))
    }
    try recorder.captureSegment()
    recorder.stopRecording()
    for clip in try await recorder.capturedSegments() { print(clip.url, clip.audioCodecName ?? "silent") }
}
