import FilmKit
import Foundation
import Imaging
import RecorderKit
import Testing

@Suite("FilmKit export filter")
struct ExportFilterTests {
    /// Records ten identical grey frames into one clip with the registered grain filter and
    /// returns the clip's frames, decoded.
    func grainyClip(seed: UInt64, label: String) async throws -> [PixelBuffer] {
        let folder = try TemporaryFolder(label)
        defer { folder.cleanUp() }
        let recorder = try EventRecorder(
            configuration: smallConfiguration(in: folder, backward: 1, forward: 0, codec: .mjpeg))
        try recorder.setExportFilter(named: "grain", parameters: ["amount": 0.8], registry: .shared, seed: seed)
        let grey = try Image.solid(width: 320, height: 240, value: [128, 128, 128])
        try recorder.startRecording()
        for index in 0..<10 { try recorder.push(Frame(image: grey, timestamp: Double(index) / 30)) }
        try recorder.captureSegment()
        recorder.stopRecording()
        let clip = try #require(try await recorder.capturedSegments().first)
        #expect(clip.frameCount == 10)
        let source = try VideoFileSource(url: clip.url)
        var frames: [PixelBuffer] = []
        while let frame = try source.nextFrame() { frames.append(try frame.image.pixels()) }
        return frames
    }

    func meanDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
        Double(zip(a.samples, b.samples).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.samples.count)
    }

    @Test("a registered filter grains every frame, the grain moves from frame to frame, and a seed repeats it")
    func grainMoves() async throws {
        let first = try await grainyClip(seed: 7, label: "grain-a")
        let again = try await grainyClip(seed: 7, label: "grain-b")
        let other = try await grainyClip(seed: 8, label: "grain-c")
        #expect(first.count == 10)
        let flat = try Image.solid(width: 320, height: 240, value: [128, 128, 128]).pixels()
        // Grain is there: the frames are no longer flat grey.
        #expect(meanDifference(first[0], flat) > 1)
        // It moves: consecutive frames of the same picture differ.
        #expect(meanDifference(first[0], first[1]) > 1)
        // The same seed gives the same clip; another seed another one.
        #expect(zip(first, again).allSatisfy { $0.samples == $1.samples })
        #expect(meanDifference(first[0], other[0]) > 1)
    }

    @Test("an unknown filter name is refused with the registry's message")
    func unknownFilter() throws {
        let recorder = try EventRecorder()
        let error = #expect(throws: RecorderError.self) {
            try recorder.setExportFilter(named: "grian", registry: .shared)
        }
        guard case .invalidConfiguration(let message) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(message.contains("grain"))
        #expect(recorder.exportFrameTransform == nil)
    }
}
