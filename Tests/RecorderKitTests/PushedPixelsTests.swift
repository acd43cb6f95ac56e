import Foundation
import Imaging
import TestSupport
import Testing

@testable import RecorderKit

@Suite("Frames pushed as pixels, in the recorder's reused buffers")
struct PushedPixelsTests {
    @Test("90 frames through two reused buffers each keep their own pixels: the clip's counters are 0…89")
    func framesKeepTheirPixels() async throws {
        let folder = try TemporaryFolder("pushed-pixels")
        defer { folder.cleanUp() }
        let recorder = try EventRecorder(
            configuration: smallConfiguration(in: folder, backward: 3, forward: 0, codec: .mjpeg),
            maximumFramesInFlight: 2)
        try recorder.startRecording()
        // Rendered first, so that the pushes come back to back: a buffer reused while a worker
        // still compresses from it would show up as another frame's counter.
        var source = try TestPatternSource(frameSize: FrameSize(width: 320, height: 240), frameCount: 90)
        var frames: [(pixels: PixelBuffer, timestamp: Double)] = []
        while let frame = try source.nextFrame() { frames.append((try frame.image.pixels(), frame.timestamp)) }
        for frame in frames {
            #expect(try recorder.push(pixels: frame.pixels, timestamp: frame.timestamp) == .stored(slots: 1))
        }
        // A block is made only when none is idle: one per frame being compressed, plus the one
        // the caller's thread may still hold while a worker finishes.
        #expect(recorder.pixelMemory.blocksMade <= 3)
        #expect(recorder.pixelMemory.idleCount <= 2)
        try recorder.captureSegment()
        recorder.stopRecording()
        let clips = try await recorder.capturedSegments()
        let clip = try #require(clips.first)
        #expect(try decodedCounters(of: clip.url) == (0..<90).map { Optional($0) })
        // Stopping lets the buffers go, and those still in use are not kept when they come back.
        #expect(recorder.pixelMemory.idleCount == 0)
    }

    @Test("pixels that do not make an image are a typed error that gives the worker back", .hangGuard)
    func badPixelsFreeTheWorker() async throws {
        let folder = try TemporaryFolder("pushed-pixels-bad")
        defer { folder.cleanUp() }
        // One worker: a slot not given back would make the next push wait for ever.
        let recorder = try EventRecorder(configuration: smallConfiguration(in: folder), maximumFramesInFlight: 1)
        try recorder.startRecording()
        var short = try Image.solid(width: 320, height: 240, value: [90, 90, 90]).pixels()
        short.samples.removeLast(7)
        #expect(throws: RecorderError.imaging(.invalidArgument("230393 samples do not make a 320×240×3 image"))) {
            try recorder.push(pixels: short, timestamp: 0)
        }
        let grey = try Image.solid(width: 320, height: 240, value: [90, 90, 90]).pixels()
        for index in 0..<3 {
            #expect(try recorder.push(pixels: grey, timestamp: Double(index) / 30) == .stored(slots: 1))
        }
        // A frame of another size replaces the idle buffers rather than joining them.
        let small = try Image.solid(width: 160, height: 120, value: [90, 90, 90]).pixels()
        #expect(try recorder.push(pixels: small, timestamp: 0.1) == .stored(slots: 1))
        recorder.stopRecording()
        _ = try await recorder.capturedSegments()
    }
}
