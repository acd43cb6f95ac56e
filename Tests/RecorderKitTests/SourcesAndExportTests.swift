import Foundation
import Imaging
import Locking
import RecorderKit
import Testing

/// Counts the frames a recorder shows.
final class CountingPreview: CameraPreviewView {
    let timestamps = Locked<[Double]>([])
    func display(_ frame: Frame) { timestamps.withLock { $0.append(frame.timestamp) } }
}

@Suite("Sources, containers and export")
struct SourcesAndExportTests {
    @Test("a MOV clip read back through the video-file source feeds a second recorder frame-accurately")
    func movAndVideoFileSource() async throws {
        let folder = try TemporaryFolder("mov")
        defer { folder.cleanUp() }
        let frames = try PatternFrames(count: 160)
        let first = try EventRecorder(
            configuration: smallConfiguration(in: folder, backward: 2, forward: 3, codec: .preferred, format: .mov))
        try first.startRecording()
        for frame in frames.frames {
            try first.push(frame)
            if frame.timestamp == 2.0 { try first.captureSegment() }
        }
        first.stopRecording()
        let clip = try #require(try await first.capturedSegments().first)
        #expect(clip.url.pathExtension == "mov")
        #expect(clip.frameCount == 150)
        let probed = try probe(clip.url)
        #expect(probed.countedFrames == 150 && probed.codecName == "h264" && probed.streamCount == 1)

        var source = try VideoFileSource(url: clip.url)
        #expect(source.frameSize == FrameSize(width: 320, height: 240))
        #expect(source.frameRate == 30)
        #expect(source.codecName == "h264")
        var configuration = smallConfiguration(in: folder, backward: 1, forward: 1, codec: .mjpeg)
        configuration.bufferDirectory = folder.url.appendingPathComponent("buffer-2")
        configuration.outputDirectory = folder.url.appendingPathComponent("clips-2")
        let second = try EventRecorder(configuration: configuration)
        let preview = CountingPreview()
        second.setupPreview(for: preview)
        try second.startRecording()
        #expect(try await second.record(from: &source) == 150)
        try second.captureSegment()
        second.stopRecording()
        let copy = try #require(try await second.capturedSegments().first)
        // The event is at the last frame (counter 149): 30 back and the event frame itself.
        #expect(copy.frameCount == 31)
        #expect(try decodedCounters(of: copy.url) == (119...149).map { Optional($0) })
        #expect(preview.timestamps.withLock { $0.count } == 150)
    }

    @Test("an image-sequence source records its files in name order")
    func imageSequence() async throws {
        let folder = try TemporaryFolder("sequence")
        defer { folder.cleanUp() }
        let directory = folder.url.appendingPathComponent("images")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let frames = try PatternFrames(count: 40)
        for (index, frame) in frames.frames.enumerated() {
            try frame.image.write(to: directory.appendingPathComponent(String(format: "shot-%03d.png", index)))
        }
        var source = try ImageSequenceSource(directory: directory, frameRate: 30)
        #expect(source.files.count == 40)
        let recorder = try EventRecorder(
            configuration: smallConfiguration(in: folder, backward: 1, forward: 0, codec: .mjpeg))
        try recorder.startRecording()
        try await recorder.record(from: &source)
        try recorder.captureSegment()
        recorder.stopRecording()
        let clip = try #require(try await recorder.capturedSegments().first)
        #expect(try decodedCounters(of: clip.url) == (9...39).map { Optional($0) })
    }

    @Test("the export transform sees every frame with its index in the clip")
    func exportTransform() async throws {
        let folder = try TemporaryFolder("transform")
        defer { folder.cleanUp() }
        let frames = try PatternFrames(count: 60)
        let recorder = try EventRecorder(
            configuration: smallConfiguration(in: folder, backward: 1, forward: 0.5, codec: .mjpeg))
        recorder.exportFrameTransform = { image, index in try FrameCounterCode.drawing(1000 + index, into: image) }
        try recorder.startRecording()
        for frame in frames.frames { try recorder.push(frame) }
        try recorder.captureSegment()
        recorder.stopRecording()
        let clip = try #require(try await recorder.capturedSegments().first)
        #expect(try decodedCounters(of: clip.url) == (1000..<1031).map { Optional($0) })
    }

    @Test("a failing export transform reports a typed error and publishes nothing")
    func failingTransform() async throws {
        struct Broken: Error {}
        let folder = try TemporaryFolder("broken")
        defer { folder.cleanUp() }
        let frames = try PatternFrames(count: 10)
        let recorder = try EventRecorder(
            configuration: smallConfiguration(in: folder, backward: 1, forward: 0, codec: .mjpeg))
        recorder.exportFrameTransform = { image, index in
            if index == 3 { throw Broken() }
            return image
        }
        try recorder.startRecording()
        for frame in frames.frames { try recorder.push(frame) }
        try recorder.captureSegment()
        recorder.stopRecording()
        await #expect(throws: RecorderError.exportTransformFailed(frame: 3, message: "Broken()")) {
            _ = try await recorder.capturedSegments()
        }
        #expect(try await recorder.capturedSegments().isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.output.path).isEmpty)
    }
}

@Suite("Motion trigger")
struct MotionTests {
    /// Grey frames with counters; from frame `appearsAt` on, a white square sits in the middle.
    static func frames(count: Int, appearsAt: Int) throws -> [Frame] {
        let empty = try Image.solid(width: 320, height: 240, value: [90, 90, 90])
        let square = try empty.drawingRectangles([(100, 50, 120, 120)], color: [250, 250, 250])
        return try (0..<count).map { index in
            let image = try FrameCounterCode.drawing(index, into: index >= appearsAt ? square : empty)
            return Frame(image: try Image(pixels: image.pixels()), timestamp: Double(index) / 30)
        }
    }

    @Test("the detector measures the changed area of small grey frames")
    func detector() throws {
        let frames = try Self.frames(count: 3, appearsAt: 2)
        var detector = MotionDetector(trigger: MotionTrigger(pixelThreshold: 0.1, minimumArea: 0.05))
        #expect(try detector.changedFraction(frames[0].image) == 0)
        #expect(try !detector.detectsMotion(in: frames[1].image))
        let changed = try detector.changedFraction(frames[2].image)
        // 120×120 of 320×240 is 18.75 %; the counter strip adds a little.
        #expect(changed > 0.15 && changed < 0.25)
    }

    @Test("motion calls captureSegment itself: one clip around the moment the square appears")
    func motionTriggersClip() async throws {
        let folder = try TemporaryFolder("motion")
        defer { folder.cleanUp() }
        var configuration = smallConfiguration(in: folder, codec: .mjpeg)
        configuration.motionTrigger = MotionTrigger(pixelThreshold: 0.1, minimumArea: 0.05)
        let recorder = try EventRecorder(configuration: configuration)
        try recorder.startRecording()
        for frame in try Self.frames(count: 300, appearsAt: 150) { try recorder.push(frame) }
        recorder.stopRecording()
        let segments = try await recorder.capturedSegments()
        #expect(segments.count == 1)
        let clip = try #require(segments.first)
        #expect(clip.eventTimes == [5.0])
        #expect(clip.frameCount == 150)
        let counters = try decodedCounters(of: clip.url)
        #expect(counters == (60..<210).map { Optional($0) }, "\(counters.prefix(5)) \(counters.suffix(5))")
    }
}
