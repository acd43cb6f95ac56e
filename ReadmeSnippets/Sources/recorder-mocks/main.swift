import RecorderKit
import RecorderKitMocks

let recorder = MockVideoRecorder()
try recorder.startRecording()
try recorder.captureSegment()
recorder.stopRecording()
let calls = recorder.calls  // [.startRecording, .captureSegment, .stopRecording]
