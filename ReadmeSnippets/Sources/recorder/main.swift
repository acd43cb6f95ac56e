import FilmKit
import RecorderKit

final class Log: VideoRecorderDelegate {
    func videoRecorderDidChangeState(_ oldState: VideoRecorderState, _ newState: VideoRecorderState) {}
    func videoRecorderSourceDidChange(_ event: LiveSourceEvent) { print(event) }  // connected, lost, recovered…
}

/// A synthetic camera: 4 s (frames 0…119), an event, then the 2 s after it that the clip needs.
func shoot(into recorder: some FrameRecorder) async throws {
    let size = recorder.currentConfiguration.recordSize
    var before = try TestPatternSource(frameSize: size, frameCount: 120)
    try await recorder.record(from: &before)    // or recorder.push(frame) from a camera's callback
    try recorder.captureSegment()               // the event: 3 s back, 2 s forward
    var after = try TestPatternSource(frameSize: size, frameCount: 60, firstFrameIndex: 120, firstTimestamp: 4)
    try await recorder.record(from: &after)
}

let recorder = try EventRecorder(configuration: RecorderConfiguration(
    recordQuality: .high, backwardOffset: 3, forwardOffset: 2))  // motionTrigger: MotionTrigger() adds events by motion
let log = Log()
recorder.stateDelegate = log                    // held weakly; states told on the calling thread
try recorder.setExportFilter(named: "kodak-portra-400", registry: .shared)  // any FilmKit filter
try recorder.startRecording()
try await shoot(into: recorder)
recorder.stopRecording()
for clip in try await recorder.capturedSegments() { print(clip.url, clip.frameCount, clip.eventOffsets) }
