import Imaging
import RecorderKit
import RecorderKitMocks
import Testing

/// Your app's code knows only the protocol, so its tests hand it the mock.
final class DoorCamera {
    let recorder: any FrameRecorder
    init(recorder: any FrameRecorder) { self.recorder = recorder }
    func cameraDelivered(_ frame: Frame) throws { try recorder.push(frame) }
    func doorbellRang() throws { try recorder.captureSegment() }
}

@Test func theDoorbellSavesTheSecondsAroundIt() async throws {
    let mock = MockVideoRecorder(configuration: RecorderConfiguration(backwardOffset: 1, forwardOffset: 1))
    let door = DoorCamera(recorder: mock)
    try mock.startRecording()
    let grey = try Image.solid(width: 64, height: 48, value: [128, 128, 128])
    for index in 0..<45 { try door.cameraDelivered(Frame(image: grey, timestamp: Double(index) / 30)) }
    try door.doorbellRang()                       // at frame 44: frames 14…73 make the clip
    for index in 45..<75 { try door.cameraDelivered(Frame(image: grey, timestamp: Double(index) / 30)) }
    let clips = try await mock.capturedSegments() // made in memory: no FFmpeg, no files
    #expect(clips.count == 1 && clips[0].frameCount == 60 && !clips[0].isTruncated)
    #expect(try mock.clipFrames(of: clips[0]).first?.timestamp == 14.0 / 30)
}
