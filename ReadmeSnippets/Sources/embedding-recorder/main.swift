import Foundation
import Imaging
import RecorderKit

let work = FileManager.default.temporaryDirectory.appendingPathComponent("host-\(UUID().uuidString)")
let recorder = try EventRecorder(
    configuration: RecorderConfiguration(
        recordQuality: .low, framerate: .fps30, backwardOffset: 1, forwardOffset: 1,
        bufferDirectory: work.appendingPathComponent("buffer"),
        outputDirectory: work.appendingPathComponent("clips")))
try recorder.startRecording()
