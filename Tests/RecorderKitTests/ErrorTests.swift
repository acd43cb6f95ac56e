import Foundation
import Imaging
import RecorderKit
import Testing

@Suite("Malformed input")
struct ErrorTests {
    static let folder = FileManager.default.temporaryDirectory

    /// The default configuration with one change.
    static func changed(_ field: String, _ change: (inout RecorderConfiguration) -> Void) -> (
        String, RecorderConfiguration
    ) {
        var configuration = RecorderConfiguration()
        change(&configuration)
        return (field, configuration)
    }

    static let malformed: [(String, RecorderConfiguration)] = [
        changed("size") { $0.customRecordSize = FrameSize(width: 321, height: 240) },
        changed("size") { $0.customRecordSize = FrameSize(width: 0, height: 240) },
        changed("export frame size") { $0.exportSettings.customSize = FrameSize(width: 100_000, height: 240) },
        changed("maximumClipDuration") { $0.maximumClipDuration = 1e300 },
        changed("maximumClipDuration") { $0.maximumClipDuration = .nan },
        changed("frameInterval") { $0.motionTrigger = MotionTrigger(frameInterval: 0) },
        changed("pixelThreshold") { $0.motionTrigger = MotionTrigger(pixelThreshold: .nan) },
        changed("backwardOffset") { $0.backwardOffset = -1 },
        changed("backwardOffset") { $0.backwardOffset = .nan },
        changed("forwardOffset") { $0.forwardOffset = .infinity },
        changed("maximumClipDuration") { $0.maximumClipDuration = 4 },
        changed("bufferJPEGQuality") { $0.bufferJPEGQuality = 0 },
        changed("outputDirectory") { $0.outputDirectory = $0.bufferDirectory },
        changed("pixelThreshold") { $0.motionTrigger = MotionTrigger(pixelThreshold: 2) },
        changed("minimumArea") { $0.motionTrigger = MotionTrigger(minimumArea: 0) },
        changed("analysisWidth") { $0.motionTrigger = MotionTrigger(analysisWidth: 2) },
    ]

    @Test("malformed configurations are refused with the field named", arguments: malformed)
    func malformedConfiguration(field: String, configuration: RecorderConfiguration) throws {
        let error = #expect(throws: RecorderError.self) { _ = try EventRecorder(configuration: configuration) }
        guard case .invalidConfiguration(let reason) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(reason.description.contains(field))
        // A live recorder refuses it too and keeps its configuration.
        let recorder = try EventRecorder()
        #expect(throws: RecorderError.self) { try recorder.changeConfiguration(configuration) }
        #expect(recorder.currentConfiguration == RecorderConfiguration())
    }

    @Test("frames out of order, and frames while stopped, are refused")
    func badFrames() throws {
        let folder = try TemporaryFolder("frames")
        defer { folder.cleanUp() }
        let frames = try PatternFrames(count: 3)
        let recorder = try EventRecorder(configuration: smallConfiguration(in: folder))
        #expect(throws: RecorderError.notRecording(state: .none)) { try recorder.push(frames.frames[0]) }
        try recorder.startRecording()
        try recorder.push(frames.frames[1])
        #expect(throws: RecorderError.nonMonotonicTimestamp(previous: frames.frames[1].timestamp, got: 0)) {
            try recorder.push(frames.frames[0])
        }
        #expect(throws: RecorderError.nonMonotonicTimestamp(previous: frames.frames[1].timestamp, got: .infinity)) {
            try recorder.push(Frame(image: frames.frames[2].image, timestamp: .infinity))
        }
    }

    @Test("with conversion off, a wrong size or rate is refused; with it on, both are converted")
    func sizeAndRate() async throws {
        let folder = try TemporaryFolder("convert")
        defer { folder.cleanUp() }
        let big = try Image.solid(width: 640, height: 360, value: [10, 200, 30])
        var configuration = smallConfiguration(in: folder, backward: 0.2, forward: 0.2, codec: .mjpeg)
        configuration.frameConversion = .refuse
        let strict = try EventRecorder(configuration: configuration)
        try strict.startRecording()
        #expect(
            throws: RecorderError.frameSizeMismatch(
                expected: .init(width: 320, height: 240), got: .init(width: 640, height: 360))
        ) {
            try strict.push(Frame(image: big, timestamp: 0))
        }
        let small = try Image.solid(width: 320, height: 240, value: [10, 200, 30])
        try strict.push(Frame(image: small, timestamp: 0))
        #expect(throws: RecorderError.frameRateMismatch(expected: 30, timestampStep: 0.1)) {
            try strict.push(Frame(image: small, timestamp: 0.1))
        }
        strict.stopRecording()
        _ = try await strict.capturedSegments()

        configuration.frameConversion = .convert
        // The first recorder holds its buffer directory for as long as it lives.
        configuration.bufferDirectory = folder.url.appendingPathComponent("buffer-2")
        let lenient = try EventRecorder(configuration: configuration)
        try lenient.startRecording()
        // 10 fps in, 30 fps out: each frame fills its own slot and the two before it.
        #expect(try lenient.push(Frame(image: big, timestamp: 0)) == .stored(slots: 1))
        #expect(try lenient.push(Frame(image: big, timestamp: 0.1)) == .stored(slots: 3))
        // 120 fps in: three of every four are dropped.
        #expect(try lenient.push(Frame(image: big, timestamp: 0.1 + 1.0 / 120)) == .dropped)
        try lenient.captureSegment()
        try lenient.push(Frame(image: big, timestamp: 0.2))
        try lenient.push(Frame(image: big, timestamp: 0.3))
        lenient.stopRecording()
        let segment = try #require(try await lenient.capturedSegments().first)
        #expect(segment.size == FrameSize(width: 320, height: 240))
        // The event is at slot 3: slots 0…8 (6 back, clamped at the start, and 6 forward).
        #expect(segment.frameCount == 9)
        let probed = try probe(segment.url)
        #expect(probed.width == 320 && probed.height == 240 && probed.countedFrames == 9)
        // The 16:9 picture sits between black bars.
        let first = try #require(try VideoFileSource(url: segment.url).nextFrame())
        let pixels = try first.image.pixels()
        #expect(pixels[160, 5, 1] < 40)
        #expect(pixels[160, 120, 1] > 150)
    }

    @Test("sources report missing files, empty folders, non-images and non-videos")
    func sourceErrors() throws {
        let folder = try TemporaryFolder("sources")
        defer { folder.cleanUp() }
        let missing = folder.url.appendingPathComponent("missing")
        #expect(throws: FrameSourceError.directoryNotFound(path: missing.path)) {
            _ = try ImageSequenceSource(directory: missing, frameRate: 30)
        }
        #expect(throws: FrameSourceError.emptySequence(path: folder.url.path)) {
            _ = try ImageSequenceSource(directory: folder.url, frameRate: 30)
        }
        #expect(
            throws: FrameSourceError.invalidParameters(
                .numberOutOfRange(parameter: "frameRate", value: 0, allowed: 1...240))
        ) {
            _ = try ImageSequenceSource(directory: folder.url, frameRate: 0)
        }
        let fake = folder.url.appendingPathComponent("0001.jpg")
        try Data("not a picture".utf8).write(to: fake)
        let unreadable = #expect(throws: FrameSourceError.self) {
            _ = try ImageSequenceSource(directory: folder.url, frameRate: 30)
        }
        guard case .unreadableImage(let path, _) = unreadable else {
            Issue.record("unexpected error \(String(describing: unreadable))")
            return
        }
        #expect(path == fake.path)
        let notFound = #expect(throws: FrameSourceError.self) { _ = try VideoFileSource(url: missing) }
        guard case .video(.openFailed(let missingPath, _)) = notFound else {
            Issue.record("unexpected error \(String(describing: notFound))")
            return
        }
        #expect(missingPath == missing.path)
        let notVideo = #expect(throws: FrameSourceError.self) { _ = try VideoFileSource(url: fake) }
        guard case .video = notVideo else {
            Issue.record("unexpected error \(String(describing: notVideo))")
            return
        }
        #expect(throws: FrameSourceError.self) {
            _ = try TestPatternSource(frameSize: FrameSize(width: 50, height: 20))
        }
    }

    @Test("a source error surfaces from record(from:) and the recorder keeps recording")
    func sourceErrorDuringRecording() async throws {
        let folder = try TemporaryFolder("source-fail")
        defer { folder.cleanUp() }
        let sequence = folder.url.appendingPathComponent("sequence")
        try FileManager.default.createDirectory(at: sequence, withIntermediateDirectories: true)
        let good = try TestPatternSource.render(index: 0, timestamp: 0, size: FrameSize(width: 320, height: 240))
        try good.write(to: sequence.appendingPathComponent("0001.png"))
        try good.write(to: sequence.appendingPathComponent("0002.png"))
        let truncated = try good.encoded(as: .jpeg()).prefix(300)
        try truncated.write(to: sequence.appendingPathComponent("0003.jpg"))
        var source = try ImageSequenceSource(directory: sequence, frameRate: 30)
        let recorder = try EventRecorder(configuration: smallConfiguration(in: folder))
        try recorder.startRecording()
        let error = await #expect(throws: RecorderError.self) { try await recorder.record(from: &source) }
        guard case .source(.unreadableImage(let path, _)) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(path.hasSuffix("0003.jpg"))
        #expect(recorder.currentState == .recording)
        _ = try await recorder.capturedSegments()
        #expect(recorder.bufferedFrameCount == 2)
    }
}

@Suite("Gaps and hostile timestamps")
struct GapTests {
    @Test(
        "a jump in the frames' timestamps is a gap: its slots stay empty, the clip says where it is, no frame is invented"
    )
    func gapInDecodedFrames() async throws {
        let folder = try TemporaryFolder("gap")
        defer { folder.cleanUp() }
        let frames = try PatternFrames(count: 105)
        let recorder = try EventRecorder(
            configuration: smallConfiguration(in: folder, backward: 6, forward: 1, codec: .mjpeg))
        try recorder.startRecording()
        for (index, frame) in frames.frames.enumerated() {
            // Frames 0…59 at 0…1.967 s; the source is silent for 5 s; frames 60… from 7 s on.
            let time = index < 60 ? Double(index) / 30 : 7 + Double(index - 60) / 30
            try recorder.push(Frame(image: frame.image, timestamp: time))
            if index == 75 { try recorder.captureSegment() }
        }
        recorder.stopRecording()
        let clip = try #require(try await recorder.capturedSegments().first)
        // The window (6 s back, 1 s forward) holds frames 45…59, the gap, and frames 60…104.
        #expect(clip.frameCount == 60)
        #expect(clip.gaps == [CaptureGap(offset: 0.5, duration: 5)])
        #expect(abs(clip.duration - 7) < 1e-9)
        #expect(clip.isTruncated)
        #expect(abs((clip.eventOffsets.first ?? 0) - 6) < 1e-9)
        #expect(try decodedCounters(of: clip.url) == (45..<105).map { Optional($0) })
        let probed = try probe(clip.url)
        #expect(probed.countedFrames == 60)
        #expect(abs(probed.duration - 7) < 0.001)
        let times = try probePackets(clip.url).map(\.time)
        let jumps = zip(times, times.dropFirst()).map { $1 - $0 }
        #expect(jumps.filter { abs($0 - 1.0 / 30) > 0.001 }.count == 1)
        #expect(abs((jumps.max() ?? 0) - (5 + 1.0 / 30)) < 0.001)
    }

    @Test("absurd but finite timestamps neither trap nor fill the disk: the gap is capped")
    func hugeTimestamps() async throws {
        let folder = try TemporaryFolder("huge-time")
        defer { folder.cleanUp() }
        let frames = try PatternFrames(count: 3)
        let recorder = try EventRecorder(
            configuration: smallConfiguration(in: folder, backward: 1, forward: 0, codec: .mjpeg))
        try recorder.startRecording()
        #expect(try recorder.push(Frame(image: frames.frames[0].image, timestamp: -1e300)) == .stored(slots: 1))
        #expect(try recorder.push(Frame(image: frames.frames[1].image, timestamp: 1e300)) == .stored(slots: 1))
        #expect(
            try recorder.push(Frame(image: frames.frames[2].image, timestamp: .greatestFiniteMagnitude))
                == .stored(slots: 1))
        try recorder.captureSegment()
        recorder.stopRecording()
        let clip = try #require(try await recorder.capturedSegments().first)
        #expect(try decodedCounters(of: clip.url) == [2])
    }
}
