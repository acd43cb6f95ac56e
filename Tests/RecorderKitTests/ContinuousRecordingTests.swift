import Foundation
import RecorderKit
import Testing

/// Continuous recording end to end, on a real file read as a live source (faster than real
/// time): 1 s segments, the index of what exists, a range exported without re-encoding (checked
/// with ffprobe), typed errors, and the index rebuilt by a recorder started on the same folders.
@Suite("Continuous recording")
struct ContinuousRecordingTests {
    @Test(
        "passthrough into 1 s segments; a middle range exported as a stream copy from its key frame; rebuilt at start")
    func segmentsAndExport() async throws {
        let folder = try TemporaryFolder("continuous")
        defer { folder.cleanUp() }
        // 4 s at 30 fps, a key frame every second, no B-frames.
        let movie = try await SourceEndTests.movie("four.mp4", in: folder, seconds: 4)
        var configuration = smallConfiguration(in: folder, codec: .passthrough)
        let segments = folder.url.appendingPathComponent("segments")
        configuration.continuousRecording = ContinuousRecording(directory: segments, segmentDuration: 1)
        let recorder = try EventRecorder(configuration: configuration)
        try recorder.startRecording()
        let options = LiveSourceOptions(url: movie.path, reconnect: ReconnectPolicy(maximumAttempts: 0))
        try await recorder.record(from: try LiveVideoSource(options: options))
        recorder.stopRecording()

        let everything = try recorder.continuousCoverage(from: .distantPast, to: .distantFuture)
        #expect(everything.segments.count == 4, "\(everything.segments)")
        let origin = try #require(everything.segments.first?.start)
        // Rolled over on the key frames at 1, 2 and 3 s: back to back, a second each.
        for (index, segment) in everything.segments.enumerated() {
            #expect(abs(segment.start.timeIntervalSince(origin) - Double(index)) < 0.001, "\(segment)")
            #expect(abs(segment.end.timeIntervalSince(segment.start) - 1) < 0.001, "\(segment)")
            #expect(segment.url.map { FileManager.default.fileExists(atPath: $0.path) } == true)
        }
        #expect(everything.gaps.count == 2)

        // 1.5 s … 3.2 s: from the key frame at 1 s, 2.2 s, 66 frames, copied.
        let clip = try await recorder.exportContinuous(
            from: origin.addingTimeInterval(1.5), to: origin.addingTimeInterval(3.2))
        let frame = 1.0 / 30
        #expect(abs(clip.startTime - (origin.timeIntervalSince1970 + 1)) < frame / 2)
        #expect(abs(clip.duration - 2.2) < frame / 2)
        #expect(clip.encoderName == "copy" && clip.gaps.isEmpty && clip.frameCount == 66)
        let probed = try probe(clip.url)
        #expect(probed.codecName == "h264" && probed.countedFrames == 66)
        #expect(abs(probed.duration - 2.2) <= frame)
        let keys = try probePackets(clip.url).filter(\.isKey).map(\.time)
        #expect(keys.count == 3 && zip(keys, [0.0, 1, 2]).allSatisfy { abs($0 - $1) < 0.001 }, "\(keys)")

        await #expect(throws: RecorderError.emptyRange(from: origin.timeIntervalSince1970, to: 0)) {
            _ = try await recorder.exportContinuous(from: origin, to: Date(timeIntervalSince1970: 0))
        }
        await #expect(throws: RecorderError.noFootage(from: 0, to: 10)) {
            _ = try await recorder.exportContinuous(
                from: Date(timeIntervalSince1970: 0), to: Date(timeIntervalSince1970: 10))
        }

        // A recorder started on the same segment folder finds the segments again.
        configuration.bufferDirectory = folder.url.appendingPathComponent("buffer-2")
        let again = try EventRecorder(configuration: configuration)
        try again.startRecording()
        let rebuilt = try again.continuousCoverage(from: .distantPast, to: .distantFuture)
        #expect(rebuilt.segments.map(\.url) == everything.segments.map(\.url))
        again.stopRecording()
    }
}
