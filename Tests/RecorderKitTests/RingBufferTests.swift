import Foundation
import RecorderKit
import Testing

@Suite("Ring buffer")
struct RingBufferTests {
    func frameFiles(in folder: TemporaryFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.buffer.appendingPathComponent("frames").path)
            .filter { $0.hasSuffix(".jpg") }
    }

    @Test("only the backward window (plus pending clips) stays on disk, however long the run")
    func evictionBoundsDisk() async throws {
        let folder = try TemporaryFolder("evict")
        defer { folder.cleanUp() }
        let frames = try PatternFrames(count: 60)
        // 1 s back, 0.5 s forward at 30 fps: 31 frames for a future event's window.
        let recorder = try EventRecorder(
            configuration: smallConfiguration(in: folder, backward: 1, forward: 0.5, codec: .mjpeg))
        try recorder.startRecording()
        let window = 31
        for index in 0..<900 {
            // Reuse the rendered frames with fresh timestamps: 30 s of video.
            let frame = frames.frames[index % frames.frames.count]
            try recorder.push(.init(image: frame.image, timestamp: Double(index) / 30))
            if index == 450 { try recorder.captureSegment() }
            // The clip's last frame (464) is in; wait for it to be written so its frames may go.
            if index == 465 { _ = try await recorder.capturedSegments() }
            let pending = (450..<465).contains(index) ? index - 450 : 0
            #expect(recorder.bufferedFrameCount <= window + pending)
        }
        _ = try await recorder.capturedSegments()
        // Idle while recording: exactly the window is kept, on disk and in the index.
        #expect(recorder.bufferedFrameCount == window)
        let files = try frameFiles(in: folder)
        #expect(files.count == window)
        let bytes = try files.reduce(0) { total, name in
            let path = folder.buffer.appendingPathComponent("frames").appendingPathComponent(name).path
            return total + (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0)
        }
        #expect(recorder.bufferedBytes == bytes)

        recorder.stopRecording()
        let segments = try await recorder.capturedSegments()
        #expect(segments.map(\.frameCount) == [45])
        // Stopped and idle: nothing is left behind.
        #expect(recorder.bufferedFrameCount == 0)
        #expect(recorder.bufferedBytes == 0)
        #expect(try frameFiles(in: folder).isEmpty)
    }

    @Test("leftover frames and partial clips from a killed run are removed on start")
    func recoveryCleansLeftovers() async throws {
        let folder = try TemporaryFolder("recover")
        defer { folder.cleanUp() }
        let framesDirectory = folder.buffer.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: framesDirectory, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.output, withIntermediateDirectories: true)
        for slot in 0..<5 {
            try Data([0xFF, 0xD8]).write(to: framesDirectory.appendingPathComponent(String(format: "%012d.jpg", slot)))
        }
        let partial = folder.output.appendingPathComponent(".recorderkit-clip-x.mp4.partial")
        try Data(repeating: 0, count: 100).write(to: partial)
        let keep = folder.output.appendingPathComponent("holiday.mp4")
        try Data(repeating: 1, count: 10).write(to: keep)

        let recorder = try EventRecorder(configuration: smallConfiguration(in: folder))
        #expect(recorder.lastRecovery == nil)
        try recorder.startRecording()
        #expect(recorder.lastRecovery == RecoveryReport(removedFrames: 5, removedPartialClips: 1))
        #expect(try frameFiles(in: folder).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: partial.path))
        #expect(FileManager.default.fileExists(atPath: keep.path))
        #expect(try await recorder.capturedSegments().isEmpty)
    }

    @Test("a second live recorder cannot take the same buffer directory")
    func bufferDirectoryLock() throws {
        let folder = try TemporaryFolder("lock")
        defer { folder.cleanUp() }
        let first = try EventRecorder(configuration: smallConfiguration(in: folder))
        try first.startRecording()
        let second = try EventRecorder(configuration: smallConfiguration(in: folder))
        #expect(throws: RecorderError.bufferDirectoryInUse(path: folder.buffer.path)) {
            try second.startRecording()
        }
        #expect(second.currentState == .none)
    }
}
