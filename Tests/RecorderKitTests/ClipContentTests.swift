import Foundation
import Imaging
import RecorderKit
import Testing

@Suite("Clip content")
struct ClipContentTests {
    /// An event at second 10 with 3 s back and 2 s forward at 30 fps: frames 210…359.
    @Test("event at 10 s gives exactly 150 frames with counters 210…359", arguments: [VideoCodec.h264, .mjpeg])
    func eventAtTenSeconds(codec: VideoCodec) async throws {
        let folder = try TemporaryFolder("content")
        defer { folder.cleanUp() }
        let frames = try PatternFrames(count: 400)
        let recorder = try EventRecorder(configuration: smallConfiguration(in: folder, codec: codec))
        let delegate = RecordingDelegate()
        recorder.stateDelegate = delegate
        let published = recorder.finishedSegments()
        try recorder.startRecording()
        for frame in frames.frames {
            try recorder.push(frame)
            if frame.timestamp == 10.0 { try recorder.captureSegment() }
        }
        recorder.stopRecording()
        let segments = try await recorder.capturedSegments()
        let segment = try #require(segments.first)
        #expect(segments.count == 1)
        #expect(segment.frameCount == 150)
        #expect(!segment.isTruncated)
        #expect(abs(segment.startTime - 7.0) < 1e-9)
        #expect(segment.eventTimes.count == 1 && abs(segment.eventTimes[0] - 10.0) < 1e-9)
        #expect(segment.encoderName == (codec == .h264 ? "libx264" : "mjpeg"))
        #expect(segment.url.pathExtension == "mp4")

        // The same clip reached the delegate, the stream and the completion handler.
        #expect(delegate.segments.withLock { $0 } == [segment])
        var iterator = published.makeAsyncIterator()
        #expect(await iterator.next() == segment)
        let delivered = await withCheckedContinuation { continuation in
            recorder.provideCapturedSegments { continuation.resume(returning: $0) }
        }
        #expect(delivered == .success([segment]))
        #expect(FileManager.default.fileExists(atPath: segment.url.path))

        let counters = try decodedCounters(of: segment.url)
        #expect(counters.count == 150)
        #expect(counters.first == 210)
        #expect(counters.last == 359)
        #expect(counters == (210...359).map { Optional($0) })

        let probed = try probe(segment.url)
        #expect(probed.streamCount == 1)
        #expect(probed.codecName == (codec == .h264 ? "h264" : "mjpeg"))
        #expect(probed.width == 320 && probed.height == 240)
        #expect(probed.frameRate == "30/1")
        #expect(probed.countedFrames == 150)
        #expect(abs(probed.duration - 5.0) < 0.001)
        // The ring buffer's JPEG frames reach the encoder as decoded, in full-range YUV, and the
        // stream says so; H.264 keeps its one-second GOP (a decoded JPEG's "intra" mark is not
        // passed on), MJPEG is all key frames.
        #expect(probed.colorRange == "pc")
        #expect(probed.keyFrameCount == (codec == .h264 ? 5 : 150))
    }
}
