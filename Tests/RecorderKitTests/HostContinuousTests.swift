import Foundation
import TestSupport
import Testing

/// recorder-host's continuous recording from the command line: a generated FFmpeg file recorded
/// in passthrough into 1 s segments (read at its own pace, as a camera would send it), a range
/// exported as one clip, checked with ffprobe; and the options that need others refused.
@Suite("recorder-host continuous recording")
struct HostContinuousTests {
    @Test("--continuous records 1 s segments; --export-from/--export-to exports the range from its key frame")
    func continuousAndExport() async throws {
        let folder = try TemporaryFolder("host-continuous")
        defer { folder.cleanUp() }
        // 5 s at 30 fps, a key frame every second, no B-frames.
        let movie = try await SourceEndTests.movie("five.mp4", in: folder, seconds: 5)
        let segments = folder.url.appendingPathComponent("segments")
        let result = try await HostHardeningTests.host(
            [
                "--source", movie.path, "--passthrough", "--continuous", segments.path, "--segment-seconds", "1",
                "--export-from", "1.5", "--export-to", "3.2",
            ], in: folder)
        #expect(result.status == 0, "\(result.output)\(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        // Five segments back to back: the whole file, no gap.
        let index = try #require(lines.first { $0.hasPrefix("continuous ") }, "\(result.output)")
        #expect(index == "continuous 5 segments 5.000 s", "\(index)")
        let files = try FileManager.default.contentsOfDirectory(atPath: segments.path).filter { $0.hasSuffix(".mp4") }
        #expect(files.count == 5, "\(files)")

        // 1.5 s … 3.2 s: from the key frame at 1 s, 2.2 s, 66 frames, copied without re-encoding.
        let line = try #require(lines.first { $0.hasPrefix("export ") }, "\(result.output)")
        #expect(
            line.hasSuffix(" from 1.000 s") && line.contains(" frames 66 ") && line.contains(" codec copy "), "\(line)")
        let clip = URL(fileURLWithPath: String(line.split(separator: " ")[1]))
        let probed = try probe(clip)
        #expect(probed.codecName == "h264" && probed.countedFrames == 66 && probed.width == 320)
        #expect(abs(probed.duration - 2.2) <= 1.0 / 30, "\(probed.duration)")
        let keys = try probePackets(clip).filter(\.isKey).map(\.time)
        #expect(keys.count == 3 && zip(keys, [0.0, 1, 2]).allSatisfy { abs($0 - $1) < 0.001 }, "\(keys)")
        #expect(try await SourceEndTests.decodeErrors(clip) == "")
    }

    @Test(
        "options of continuous recording without what they need are refused with one line and exit status 1",
        arguments: [
            (["--continuous", "segments"], "--continuous needs --passthrough"),
            (
                ["--passthrough", "--source", "rtsp://127.0.0.1:9/x", "--export-from", "1", "--export-to", "2"],
                "--export-from"
            ),
            (
                ["--passthrough", "--source", "rtsp://127.0.0.1:9/x", "--continuous", "s", "--export-from", "1"],
                "--export-to"
            ),
            (
                ["--passthrough", "--source", "rtsp://127.0.0.1:9/x", "--continuous", "s", "--segment-seconds", "0.5"],
                "--segment-seconds"
            ),
            (
                [
                    "--passthrough", "--source", "rtsp://127.0.0.1:9/x", "--continuous", "s", "--export-from", "3",
                    "--export-to", "2",
                ],
                "is not after"
            ),
            (
                [
                    "--passthrough", "--source", "rtsp://127.0.0.1:9/x", "--continuous", "s", "--export-from", "nan",
                    "--export-to", "2",
                ],
                "--export-from nan"
            ),
        ])
    func refused(arguments: [String], message: String) async throws {
        let folder = try TemporaryFolder("host-continuous-refused")
        defer { folder.cleanUp() }
        let result = try await HostHardeningTests.host(arguments, in: folder)
        HostHardeningTests.expectRefused(result, mentioning: message)
        #expect(!FileManager.default.fileExists(atPath: folder.output.path), "nothing is written")
    }

    @Test("--help names the continuous options, records nothing and exits 0")
    func help() async throws {
        let folder = try TemporaryFolder("host-continuous-help")
        defer { folder.cleanUp() }
        let result = try await HostHardeningTests.host(["--help"], in: folder)
        #expect(result.status == 0)
        for option in ["--continuous", "--segment-seconds", "--export-from", "--export-to"] {
            #expect(result.output.contains(option), "\(option)")
        }
        #expect(
            !FileManager.default.fileExists(atPath: folder.output.path)
                && !FileManager.default.fileExists(atPath: folder.buffer.path))
    }
}
