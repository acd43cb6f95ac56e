import Foundation
import RecorderKit
import Testing

@Suite("Overlapping events")
struct EventMergingTests {
    /// Pushes frames 0..<count, marking events at the given frame numbers, then stops.
    func record(
        _ frames: PatternFrames, count: Int, events: Set<Int>, configuration: RecorderConfiguration
    ) async throws -> [CapturedVideoSegment] {
        let recorder = try EventRecorder(configuration: configuration)
        try recorder.startRecording()
        for frame in frames.frames.prefix(count) {
            try recorder.push(frame)
            if events.contains(Int((frame.timestamp * 30).rounded())) { try recorder.captureSegment() }
        }
        recorder.stopRecording()
        return try await recorder.capturedSegments().sorted { $0.startTime < $1.startTime }
    }

    @Test("an event inside a clip's forward window merges; a later one starts where the last clip ended")
    func mergeAndContinue() async throws {
        let folder = try TemporaryFolder("merge")
        defer { folder.cleanUp() }
        let frames = try PatternFrames(count: 480)
        let configuration = smallConfiguration(in: folder, codec: .mjpeg)
        let segments = try await record(frames, count: 480, events: [300, 330, 400], configuration: configuration)
        #expect(segments.count == 2)
        guard segments.count == 2 else { return }
        // 300 and 330: one clip from 300 − 90 to 330 + 60.
        #expect(segments[0].frameCount == 180)
        #expect(segments[0].eventTimes == [10.0, 11.0])
        #expect(!segments[0].isTruncated)
        #expect(try decodedCounters(of: segments[0].url) == (210..<390).map { Optional($0) })
        // 400 came after that clip closed: its window 310…459 starts at 390 instead, no frame twice.
        #expect(segments[1].frameCount == 70)
        #expect(segments[1].isTruncated)
        #expect(try decodedCounters(of: segments[1].url) == (390..<460).map { Optional($0) })
    }

    @Test("a merged clip stops growing at maximumClipDuration")
    func maximumDuration() async throws {
        let folder = try TemporaryFolder("cap")
        defer { folder.cleanUp() }
        let frames = try PatternFrames(count: 480)
        var configuration = smallConfiguration(in: folder, codec: .mjpeg)
        configuration.maximumClipDuration = 6
        let segments = try await record(frames, count: 480, events: [300, 330, 360], configuration: configuration)
        #expect(segments.map(\.frameCount) == [180, 30])
        #expect(segments.first?.eventTimes == [10.0, 11.0])
        #expect(segments.last?.eventTimes == [12.0])
        if let last = segments.last {
            #expect(try decodedCounters(of: last.url) == (390..<420).map { Optional($0) })
        }
    }

    @Test("stopping early writes the frames there are; recording that starts late truncates the backward window")
    func truncation() async throws {
        let folder = try TemporaryFolder("truncate")
        defer { folder.cleanUp() }
        let frames = try PatternFrames(count: 120)
        let configuration = smallConfiguration(in: folder, codec: .mjpeg)
        let segments = try await record(frames, count: 100, events: [30], configuration: configuration)
        let segment = try #require(segments.first)
        // Wanted 0 − 60 … 30 + 60; got frames 0…89.
        #expect(segment.frameCount == 90)
        #expect(segment.isTruncated)
        #expect(try decodedCounters(of: segment.url) == (0..<90).map { Optional($0) })
    }

    @Test("pausing leaves no gap: the forward window continues with the frames after resuming")
    func pauseAndResume() async throws {
        let folder = try TemporaryFolder("pause")
        defer { folder.cleanUp() }
        let frames = try PatternFrames(count: 200)
        let recorder = try EventRecorder(
            configuration: smallConfiguration(in: folder, backward: 1, forward: 1, codec: .mjpeg))
        try recorder.startRecording()
        for (index, frame) in frames.frames.enumerated() {
            if index == 60 { try recorder.captureSegment() }
            if index == 70 { recorder.pauseRecording() }
            if index == 100 { recorder.resumeRecording() }
            let disposition = try recorder.push(frame)
            #expect(disposition == ((70..<100).contains(index) ? .ignoredWhilePaused : .stored(slots: 1)))
        }
        recorder.stopRecording()
        let segment = try #require(try await recorder.capturedSegments().first)
        // 30 back from frame 59, then 30 forward: 59…69 before the pause and 100…119 after it.
        #expect(segment.frameCount == 60)
        let expected = Array(29..<70) + Array(100..<119)
        #expect(try decodedCounters(of: segment.url) == expected.map { Optional($0) })
    }

    @Test("reset drops pending events and the captured list; no partial file is left")
    func resetDropsEvents() async throws {
        let folder = try TemporaryFolder("reset")
        defer { folder.cleanUp() }
        let frames = try PatternFrames(count: 120)
        let recorder = try EventRecorder(configuration: smallConfiguration(in: folder, backward: 1, forward: 1))
        try recorder.startRecording()
        for frame in frames.frames.prefix(60) { try recorder.push(frame) }
        try recorder.captureSegment()
        for frame in frames.frames[60..<75] { try recorder.push(frame) }
        recorder.resetRecorder()
        #expect(recorder.currentState == .none)
        #expect(try await recorder.capturedSegments().isEmpty)
        #expect(recorder.bufferedFrameCount == 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.output.path)
        #expect(left.isEmpty)
    }
}
