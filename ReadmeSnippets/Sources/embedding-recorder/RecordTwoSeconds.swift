import Foundation
import Imaging
import RecorderKit

func recordTwoSeconds(into recorder: EventRecorder) async throws -> [CapturedVideoSegment] {
    let grey = try Image.solid(width: 640, height: 480, value: [90, 90, 90])
    for index in 0..<60 {
        let timestamp = Double(index) / 30
        try recorder.push(Frame(image: grey, timestamp: timestamp))
        if index == 30 { try recorder.captureSegment() }  // the event, one second in
    }
    recorder.stopRecording()
    return try await recorder.capturedSegments()
}
