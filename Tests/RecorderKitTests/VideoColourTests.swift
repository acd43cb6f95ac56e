import Foundation
import Imaging
import TestSupport
import Testing

@testable import RecorderKit

/// Video frames meet stills in sRGB: an HD camera's BT.709 frames decode to the colours they were
/// made from, and the clips the recorder encodes say which matrix they use, so a player shows
/// their stills' colours.
@Suite("Video colour: BT.709 frames and tagged clips")
struct VideoColourTests {
    /// Saturated colours, where the BT.601 and BT.709 matrices disagree most.
    static let colours: [[UInt8]] = [[200, 30, 30], [30, 180, 40], [40, 60, 210], [230, 200, 40]]

    /// One frame of each colour, `width`×`height`, made into a clip by `ffmpeg` with `arguments`
    /// between its input and its output.
    private func clip(width: Int, height: Int, arguments: [String], in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("colours.mp4")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s",
                "\(width)x\(height)", "-r", "30", "-i", "-",
            ] + arguments + [url.path]
        let input = Pipe()
        process.standardInput = input
        try process.run()
        for colour in Self.colours {
            try input.fileHandleForWriting.write(
                contentsOf: Data((0..<(width * height)).flatMap { _ in colour }))
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "ffmpeg could not write the clip")
        return url
    }

    /// The largest difference of any band between each decoded frame's centre and its colour.
    private func largestError(decoding url: URL) throws -> Int {
        let reader = try VideoFileReader(path: url.path)
        var worst = 0
        for colour in Self.colours {
            let (image, _) = try #require(try reader.next())
            let pixels = try image.pixels()
            let centre = ((pixels.height / 2) * pixels.width + pixels.width / 2) * pixels.bands
            for band in 0..<3 {
                worst = max(worst, abs(Int(pixels.samples[centre + band]) - Int(colour[band])))
            }
        }
        return worst
    }

    @Test(
        "an HD clip in BT.709, limited range, decodes to the colours it was made from, tagged or not",
        arguments: [true, false])
    func hdClipDecodesToItsColours(tagged: Bool) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let tags = tagged ? ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"] : []
        let url = try clip(
            width: 1280, height: 720,
            arguments: [
                "-vf", "scale=out_color_matrix=bt709:out_range=tv", "-pix_fmt", "yuv420p", "-c:v", "libx264",
                "-preset", "ultrafast", "-qp", "0",
            ] + tags,
            in: folder.url)
        // swscale's default matrix (BT.601) is off by 9–20 levels on these colours.
        #expect(try largestError(decoding: url) <= 3)
    }

    @Test("a standard-definition clip in BT.601, limited range, decodes to its colours")
    func sdClipDecodesToItsColours() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = try clip(
            width: 640, height: 480,
            arguments: [
                "-vf", "scale=out_color_matrix=bt601:out_range=tv", "-pix_fmt", "yuv420p", "-c:v", "libx264",
                "-preset", "ultrafast", "-qp", "0",
            ],
            in: folder.url)
        #expect(try largestError(decoding: url) <= 3)
    }

    @Test("a clip the recorder encodes says its matrix and range, and a player decodes its colours")
    func encodedClipIsTagged() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = folder.url.appendingPathComponent("written.mp4")
        let size = FrameSize(width: 1280, height: 720)
        let writer = try VideoClipWriter(
            path: url.path, container: .mp4, size: size, framerate: 30,
            settings: ExportSettings(codec: .h264))
        for colour in Self.colours {
            let samples = (0..<(size.width * size.height)).flatMap { _ in colour }
            try writer.append(PixelBuffer(width: size.width, height: size.height, bands: 3, samples: samples))
        }
        try writer.finish()
        let probe = try runTool([
            "ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
            "stream=color_space,color_range,color_primaries,color_transfer", "-of", "default=noprint_wrappers=1",
            url.path,
        ])
        let tags = String(decoding: probe, as: UTF8.self)
        #expect(tags.contains("color_range=pc"))
        #expect(tags.contains("color_space=bt470bg"))
        #expect(tags.contains("color_primaries=bt709"))
        #expect(tags.contains("color_transfer=iec61966-2-1"))
        // ffmpeg, as a player, reads the tags: the frames come back as the colours written.
        let decoded = try runTool([
            "ffmpeg", "-v", "error", "-i", url.path, "-vf", "scale=out_range=pc", "-pix_fmt", "rgb24", "-f",
            "rawvideo", "-",
        ])
        let frameBytes = size.width * size.height * 3
        try #require(decoded.count == frameBytes * Self.colours.count)
        for (index, colour) in Self.colours.enumerated() {
            let centre = index * frameBytes + ((size.height / 2) * size.width + size.width / 2) * 3
            for band in 0..<3 {
                #expect(abs(Int(decoded[centre + band]) - Int(colour[band])) <= 6, "colour \(index) band \(band)")
            }
        }
    }
}
