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

    /// Records `count` identical grey frames into one MJPEG clip with `stock` as the export filter,
    /// rendered `inFlight` frames at a time, and returns the clip's bytes and its frames, decoded.
    func stockClip(_ stock: String, seed: UInt64, inFlight: Int, count: Int, label: String) async throws -> (
        bytes: Data, frames: [PixelBuffer]
    ) {
        let folder = try TemporaryFolder(label)
        defer { folder.cleanUp() }
        let recorder = try EventRecorder(
            configuration: smallConfiguration(in: folder, backward: 1, forward: 0, codec: .mjpeg),
            maximumFramesInFlight: inFlight)
        try recorder.setExportFilter(named: stock, registry: .shared, seed: seed)
        let grey = try Image.solid(width: 320, height: 240, value: [128, 128, 128])
        try recorder.startRecording()
        for index in 0..<count { try recorder.push(Frame(image: grey, timestamp: Double(index) / 30)) }
        try recorder.captureSegment()
        recorder.stopRecording()
        let clip = try #require(try await recorder.capturedSegments().first)
        let source = try VideoFileSource(url: clip.url)
        var frames: [PixelBuffer] = []
        while let frame = try source.nextFrame() { frames.append(try frame.image.pixels()) }
        return (try Data(contentsOf: clip.url), frames)
    }

    @Test("a film stock's clip, rendered several frames at once, is the same bytes every time and in frame order")
    func stockClipIsDeterministicAndInOrder() async throws {
        let count = 12
        let first = try await stockClip("cinestill-800t", seed: 5, inFlight: 3, count: count, label: "stock-a")
        let again = try await stockClip("cinestill-800t", seed: 5, inFlight: 3, count: count, label: "stock-b")
        let serial = try await stockClip("cinestill-800t", seed: 5, inFlight: 1, count: count, label: "stock-c")
        #expect(first.frames.count == count)
        #expect(first.bytes == again.bytes)
        #expect(first.bytes == serial.bytes)
        // Frame n carries frame n's grain: nearer VideoLook's frame n than its neighbours'.
        let video = VideoLook(try FilterRegistry.shared.makeFilter("cinestill-800t"), seed: 5)
        let grey = try Image.solid(width: 320, height: 240, value: [128, 128, 128]).pixels()
        let expected = try (0..<count).map { try video.render(grey, index: $0) }
        for (index, frame) in first.frames.enumerated() {
            let own = meanDifference(frame, expected[index])
            let neighbour = meanDifference(frame, expected[index == 0 ? 1 : index - 1])
            #expect(own < neighbour, "frame \(index): \(own) from its own grain, \(neighbour) from a neighbour's")
        }
    }

    /// Records six grey frames into one H.264 clip through `configure` (which sets the export
    /// filter or transform) with `settings`, and returns the clip's bytes.
    func h264Clip(
        label: String, filteredQuantiser: Int? = ExportSettings.defaultFilteredQuantiser,
        inFlight: Int = 2, _ configure: (EventRecorder) throws -> Void
    ) async throws -> Data {
        let folder = try TemporaryFolder(label)
        defer { folder.cleanUp() }
        var configuration = smallConfiguration(in: folder, backward: 1, forward: 0, codec: .h264)
        configuration.exportSettings.filteredQuantiser = filteredQuantiser
        let recorder = try EventRecorder(configuration: configuration, maximumFramesInFlight: inFlight)
        try configure(recorder)
        let grey = try Image.solid(width: 320, height: 240, value: [128, 128, 128])
        try recorder.startRecording()
        for index in 0..<6 { try recorder.push(Frame(image: grey, timestamp: Double(index) / 30)) }
        try recorder.captureSegment()
        recorder.stopRecording()
        let clip = try #require(try await recorder.capturedSegments().first)
        #expect(clip.frameCount == 6)
        return try Data(contentsOf: clip.url)
    }

    /// The constant quantiser libx264 wrote into the clip's options string (`qp=28`).
    func quantiser(of clip: Data) -> Int? {
        let text = String(decoding: clip.prefix(4096).map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
        guard let range = text.range(of: #"qp=[0-9]+"#, options: .regularExpression) else { return nil }
        return Int(text[range].dropFirst(3))
    }

    @Test(
        "a clip with a look is encoded at the filtered quantiser; without one, or with it unset, at the compression's")
    func filteredQuantiserIsUsed() async throws {
        let look = try await h264Clip(label: "qp-look") {
            try $0.setExportFilter(named: "kodak-portra-400", registry: .shared, seed: 1)
        }
        let plain = try await h264Clip(label: "qp-plain") { _ in }
        let unset = try await h264Clip(label: "qp-unset", filteredQuantiser: nil) {
            try $0.setExportFilter(named: "kodak-portra-400", registry: .shared, seed: 1)
        }
        let chosen = try await h264Clip(label: "qp-35", filteredQuantiser: 35) {
            try $0.setExportFilter(named: "kodak-portra-400", registry: .shared, seed: 1)
        }
        #expect(quantiser(of: look) == ExportSettings.defaultFilteredQuantiser)
        #expect(quantiser(of: plain) == 23)
        #expect(quantiser(of: unset) == 23)
        #expect(quantiser(of: chosen) == 35)
    }

    @Test("a filtered quantiser outside 0…51 is refused with a typed error", arguments: [-1, 52, Int.max, Int.min])
    func invalidFilteredQuantiser(_ value: Int) throws {
        let folder = try TemporaryFolder("qp-invalid")
        defer { folder.cleanUp() }
        var configuration = smallConfiguration(in: folder, codec: .h264)
        configuration.exportSettings.filteredQuantiser = value
        #expect(
            throws: RecorderError.invalidConfiguration(
                .integerOutOfRange(field: "exportSettings.filteredQuantiser", value: value, allowed: 0...51))
        ) {
            try configuration.validate()
        }
        #expect(throws: RecorderError.self) { try EventRecorder(configuration: configuration) }
        for valid in [0, 51] {
            configuration.exportSettings.filteredQuantiser = valid
            try configuration.validate()
        }
    }

    @Test(
        "a film stock set as the export filter (the look's pixel path) gives the same clip as the same look as a transform"
    )
    func pixelPathMatchesTransform() async throws {
        let filtered = try await h264Clip(label: "path-look") {
            try $0.setExportFilter(named: "cinestill-800t", registry: .shared, seed: 9)
        }
        let video = VideoLook(try FilterRegistry.shared.makeFilter("cinestill-800t"), seed: 9)
        let transformed = try await h264Clip(label: "path-transform", inFlight: 1) {
            $0.exportFrameTransform = { image, index in try video.apply(to: image, index: index) }
        }
        #expect(filtered == transformed)
    }

    @Test("an unknown filter name is refused with the registry's message")
    func unknownFilter() throws {
        let recorder = try EventRecorder()
        let error = #expect(throws: RecorderError.self) {
            try recorder.setExportFilter(named: "grian", registry: .shared)
        }
        guard case .invalidConfiguration(.exportFilter(let message)) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(message.description.contains("grain"))
        #expect(recorder.exportFrameTransform == nil)
    }
}
