import Foundation
import Imaging
import RecorderKit
import Testing

/// The clip size when the export quality is not set: the recorded size, never an upscale (issue 49).
@Suite("Export size")
struct ExportSizeTests {
    @Test("without an export quality clips keep the recorded size; a quality or a custom size is the clip size")
    func exportSizeRules() {
        #expect(RecorderConfiguration(recordQuality: .low).exportSize == FrameSize(width: 640, height: 480))
        #expect(RecorderConfiguration(recordQuality: .ultra).exportSize == VideoQuality.ultra.size)
        #expect(RecorderConfiguration.default.exportSize == VideoQuality.medium.size)
        let small = FrameSize(width: 320, height: 240)
        #expect(RecorderConfiguration(customRecordSize: small).exportSize == small)
        // Asked for explicitly, a larger clip is still made (the reference's export quality).
        let upscaled = RecorderConfiguration(recordQuality: .low, exportSettings: ExportSettings(quality: .medium))
        #expect(upscaled.exportSize == VideoQuality.medium.size)
        let custom = ExportSettings(quality: .high, customSize: small)
        #expect(RecorderConfiguration(recordQuality: .low, exportSettings: custom).exportSize == small)
    }

    @Test("a clip recorded at .low with default export settings is 640×480, not the 1280×720 of .medium")
    func defaultClipSizeIsTheRecordedSize() async throws {
        let folder = try TemporaryFolder("export-size")
        defer { folder.cleanUp() }
        let configuration = RecorderConfiguration(
            recordQuality: .low, exportSettings: ExportSettings(codec: .mjpeg), backwardOffset: 0.5, forwardOffset: 0.5,
            bufferDirectory: folder.buffer, outputDirectory: folder.output, audio: nil)
        let recorder = try EventRecorder(configuration: configuration)
        try recorder.startRecording()
        let frames = try PatternFrames(count: 30, size: VideoQuality.low.size)
        for frame in frames.frames {
            try recorder.push(frame)
            if frame.timestamp == 0.5 { try recorder.captureSegment() }
        }
        recorder.stopRecording()
        let clip = try #require(try await recorder.capturedSegments().first)
        #expect(clip.size == FrameSize(width: 640, height: 480))
        #expect(try VideoFileSource(url: clip.url).frameSize == FrameSize(width: 640, height: 480))
    }
}
