import RecorderKit

func recordWithSound() async throws {
    let recorder = try EventRecorder(configuration: RecorderConfiguration(
        backwardOffset: 3, forwardOffset: 2,
        audio: AudioSettings(codec: .aac, sampleRate: 48_000, channels: 1, bitrate: 96_000)))
    try recorder.startRecording()
    let size = FrameSize(width: 1280, height: 720)
    for index in 0..<90 {
        let time = Double(index) / 30
        try recorder.push(Frame(image: try TestPatternSource.render(index: index, timestamp: time, size: size), timestamp: time))
        // 1/30 s of microphone samples, on the same clock as the frames.
        let samples = [Float](repeating: 0, count: 1600)
        try recorder.push(audio: AudioSamples(samples: samples, channels: 1, sampleRate: 48_000, timestamp: time))
    }
    try recorder.captureSegment()
    recorder.stopRecording()
    for clip in try await recorder.capturedSegments() { print(clip.url, clip.audioCodecName ?? "silent") }
}
