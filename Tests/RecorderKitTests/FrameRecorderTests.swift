import FilmKit
import Foundation
import Imaging
import RecorderKit
import RecorderKitMocks
import Testing

/// The frame path through ``FrameRecorder`` alone, so the same host code runs on the real recorder
/// and on the mock, and both give the same clip.
@Suite("The frame path on the FrameRecorder protocol")
struct FrameRecorderTests {
    /// Host code that knows only the protocol: 2 s of the test pattern (frames 120…179, from
    /// 4 s), an event at the newest frame, then 1.5 s more; returns the clips.
    static func hostRecords(with recorder: any FrameRecorder) async throws -> [CapturedVideoSegment] {
        try recorder.setExportFilter(named: "black-and-white", registry: FilterRegistry(), seed: 3)
        try recorder.startRecording()
        var before = try TestPatternSource(
            frameSize: FrameSize(width: 320, height: 240), frameCount: 60, firstFrameIndex: 120, firstTimestamp: 4)
        #expect(try await recorder.record(from: &before) == 60)
        try recorder.captureSegment()
        var after = try TestPatternSource(
            frameSize: FrameSize(width: 320, height: 240), frameCount: 45, firstFrameIndex: 180, firstTimestamp: 6)
        #expect(try await recorder.record(from: &after) == 45)
        recorder.stopRecording()
        return try await recorder.capturedSegments()
    }

    /// What both recorders give for ``hostRecords(with:)``: one whole clip, frames 149…208.
    static func theOneClipAroundTheEvent(_ clips: [CapturedVideoSegment]) throws -> CapturedVideoSegment {
        let clip = try #require(clips.first)
        #expect(clips.count == 1)
        #expect(clip.frameCount == 60)
        #expect(abs(clip.startTime - (4 + 29.0 / 30)) < 1e-6)
        #expect(clip.eventTimes.count == 1 && abs(clip.eventTimes[0] - (4 + 59.0 / 30)) < 1e-6)
        #expect(!clip.isTruncated)
        return clip
    }

    @Test("the real recorder: one clip of frames 149…208 around the event at frame 179, filtered")
    func realRecorder() async throws {
        let folder = try TemporaryFolder("frame-recorder")
        defer { folder.cleanUp() }
        let recorder = try EventRecorder(
            configuration: smallConfiguration(in: folder, backward: 1, forward: 1, codec: .mjpeg))
        let clips = try await Self.hostRecords(with: recorder)
        #expect(recorder.exportFrameTransform != nil)
        let clip = try Self.theOneClipAroundTheEvent(clips)
        #expect(try decodedCounters(of: clip.url) == (149...208).map { Optional($0) })
        // Black and white through the export filter: the clip's first frame has no colour.
        let first = try #require(try firstFrame(of: clip.url))
        #expect(try first.colourSpread() < 8)
    }

    @Test("the mock: the same clip from the pushed frames, the export filter applied, no file written")
    func mockRecorder() async throws {
        let mock = MockVideoRecorder(
            configuration: RecorderConfiguration(
                customRecordSize: FrameSize(width: 320, height: 240),
                exportSettings: ExportSettings(codec: .mjpeg, customSize: FrameSize(width: 320, height: 240)),
                backwardOffset: 1, forwardOffset: 1))
        let published = mock.finishedSegments()
        let clips = try await Self.hostRecords(with: mock)
        let clip = try Self.theOneClipAroundTheEvent(clips)
        #expect(!FileManager.default.fileExists(atPath: clip.url.path))
        #expect(mock.pushedFrames.count == 105)
        let frames = try mock.clipFrames(of: clip)
        #expect(try frames.map { FrameCounterCode.decode(try $0.image.pixels()) } == (149...208).map { Optional($0) })
        #expect(try frames[0].image.colourSpread() < 8)
        #expect(try mock.pushedFrames[30].image.colourSpread() > 8)
        var iterator = published.makeAsyncIterator()
        #expect(await iterator.next() == clip)
        #expect(mock.calls.contains(.setExportFilter(isSet: true, seed: 3)))
    }

    @Test("the mock merges an event into a clip still collecting, truncates at stop, and checks like the real one")
    func mockRules() async throws {
        let mock = MockVideoRecorder(configuration: RecorderConfiguration(backwardOffset: 1, forwardOffset: 1))
        let grey = try Image.solid(width: 160, height: 120, value: [128, 128, 128])
        #expect(throws: RecorderError.notRecording(state: .none)) { try mock.push(Frame(image: grey, timestamp: 0)) }
        try mock.startRecording()
        for index in 0..<40 { try mock.push(Frame(image: grey, timestamp: Double(index) / 30)) }
        #expect(throws: RecorderError.nonMonotonicTimestamp(previous: 39.0 / 30, got: 1)) {
            try mock.push(Frame(image: grey, timestamp: 1))
        }
        try mock.captureSegment()  // at frame 39
        for index in 40..<50 { try mock.push(Frame(image: grey, timestamp: Double(index) / 30)) }
        try mock.captureSegment()  // at frame 49: merges
        mock.pauseRecording()
        #expect(try mock.push(Frame(image: grey, timestamp: 2)) == .ignoredWhilePaused)
        mock.stopRecording()
        let clips = try await mock.capturedSegments()
        #expect(clips.count == 1)
        #expect(clips[0].eventTimes == [39.0 / 30, 49.0 / 30])
        #expect(clips[0].frameCount == 41)  // frames 9…49
        #expect(clips[0].isTruncated)
    }

    @Test("a source that yields nothing is an error, on both recorders; a zero-frame pattern is refused")
    func emptySource() async throws {
        #expect(
            throws: FrameSourceError.invalidParameters(
                .integerBelowMinimum(parameter: "frameCount", value: 0, minimum: 1))
        ) {
            _ = try TestPatternSource(frameSize: FrameSize(width: 320, height: 240), frameCount: 0)
        }
        let folder = try TemporaryFolder("empty-source")
        defer { folder.cleanUp() }
        let recorders: [any FrameRecorder] = [
            try EventRecorder(configuration: smallConfiguration(in: folder)), MockVideoRecorder(),
        ]
        for recorder in recorders {
            var source = try TestPatternSource(frameSize: FrameSize(width: 320, height: 240), frameCount: 2)
            await #expect(throws: RecorderError.notRecording(state: .none)) { try await recorder.record(from: &source) }
            try recorder.startRecording()
            #expect(try await recorder.record(from: &source) == 2)
            await #expect(throws: RecorderError.sourceYieldedNoFrames) { try await recorder.record(from: &source) }
            recorder.stopRecording()
        }
    }

    @Test("a test pattern yields frameCount frames numbered from firstFrameIndex, timed from firstTimestamp")
    func patternParameters() throws {
        var source = try TestPatternSource(
            frameSize: FrameSize(width: 320, height: 240), frameCount: 45, firstFrameIndex: 120, firstTimestamp: 4)
        var counters: [Int?] = []
        var times: [Double] = []
        while let frame = try source.nextFrame() {
            counters.append(FrameCounterCode.decode(try frame.image.pixels()))
            times.append(frame.timestamp)
        }
        #expect(counters == (120..<165).map { Optional($0) })
        #expect(times.first == 4 && abs((times.last ?? 0) - (4 + 44.0 / 30)) < 1e-9)
        #expect(source.yieldedCount == 45 && source.nextFrameIndex == 165)
    }
}

extension Image {
    /// The largest difference between the bands' means: near 0 for a grey image.
    fileprivate func colourSpread() throws -> Double {
        let pixels = try normalizedToSRGB().pixels()
        guard pixels.bands >= 3 else { return 0 }
        var sums = [Double](repeating: 0, count: 3)
        for index in stride(from: 0, to: pixels.samples.count, by: pixels.bands) {
            for band in 0..<3 { sums[band] += Double(pixels.samples[index + band]) }
        }
        let means = sums.map { $0 / Double(pixels.samples.count / pixels.bands) }
        return (means.max() ?? 0) - (means.min() ?? 0)
    }
}

/// The first frame of a clip, decoded through FFmpeg.
private func firstFrame(of url: URL) throws -> Image? {
    let source = try VideoFileSource(url: url)
    return try source.nextFrame()?.image
}
