import Foundation
import RecorderKit
import TestSupport
import Testing

/// recorder-host with hostile numbers and paths: a one-line typed error and exit status 1, never a
/// trap, never a silent exit 0 without the clip asked for, nothing overwritten.
@Suite("recorder-host hardening")
struct HostHardeningTests {
    static func host(_ arguments: [String], in folder: TemporaryFolder, output: URL? = nil) async throws
        -> ChildProcess.Result
    {
        let executable = ChildProcess.product("recorder-host")
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "build recorder-host first")
        return try await ChildProcess.run(
            executable,
            [
                "--width", "320", "--height", "240", "--buffer", folder.buffer.path, "--output",
                (output ?? folder.output).path,
            ]
                + arguments)
    }

    /// Exit status 1 by a typed error: one line on standard error, mentioning `text`.
    static func expectRefused(_ result: ChildProcess.Result, mentioning text: String) {
        #expect(!result.killedBySignal, "killed by signal \(result.status)")
        #expect(result.status == 1)
        let lines = result.error.split(separator: "\n")
        #expect(lines.count == 1, "\(result.error)")
        #expect(result.error.contains(text), "\(result.error)")
    }

    @Test(
        "--seconds that is not a finite positive number of seconds is refused before anything is computed from it",
        arguments: ["nan", "inf", "-inf", "1e300", "-1", "0"])
    func badSeconds(value: String) async throws {
        let folder = try TemporaryFolder("host-seconds")
        defer { folder.cleanUp() }
        let result = try await Self.host(["--seconds", value], in: folder)
        Self.expectRefused(result, mentioning: "--seconds")
        #expect(!FileManager.default.fileExists(atPath: folder.output.path), "nothing is written")
    }

    @Test(
        "events that are not finite, negative, or past the end of the recording are refused",
        arguments: [
            ["--event", "100"], ["--event", "20"], ["--event", "nan"], ["--event", "-1"], ["--event", "inf"],
            ["--event-every", "0"], ["--event-every", "nan"], ["--event-every", "-5"],
        ])
    func badEvents(arguments: [String]) async throws {
        let folder = try TemporaryFolder("host-events")
        defer { folder.cleanUp() }
        let result = try await Self.host(["--seconds", "20"] + arguments, in: folder)
        Self.expectRefused(result, mentioning: arguments[0])
    }

    @Test("an event after a video file ends: the clips before it are kept, and exit 1 says which event got none")
    func eventPastTheEndOfAFile() async throws {
        try LiveServers.need(LiveServers.hasFFmpeg, "ffmpeg is not installed")
        let folder = try TemporaryFolder("host-file-end")
        defer { folder.cleanUp() }
        let movie = folder.url.appendingPathComponent("one-second.mp4")
        let made = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/ffmpeg"),
            [
                "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-t", "2", "-pix_fmt", "yuv420p",
                movie.path,
            ])
        try #require(made.status == 0)
        let result = try await Self.host(
            ["--source", movie.path, "--event", "1", "--event", "5", "--back", "0.5", "--forward", "0.5"], in: folder)
        Self.expectRefused(result, mentioning: "5 s")
        #expect(result.output.contains("done: 1 clips"), "\(result.output)")
    }

    @Test(
        "an output or buffer path that is an existing file is named as such, and left as it was",
        arguments: [true, false])
    func pathIsAFile(output: Bool) async throws {
        let folder = try TemporaryFolder("host-file-path")
        defer { folder.cleanUp() }
        let file = folder.url.appendingPathComponent("precious.txt")
        try Data("keep me".utf8).write(to: file)
        let executable = ChildProcess.product("recorder-host")
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "build recorder-host first")
        let result = try await ChildProcess.run(
            executable,
            [
                "--width", "320", "--height", "240", "--seconds", "2", "--buffer",
                output ? folder.buffer.path : file.path,
                "--output", output ? file.path : folder.output.path,
            ])
        Self.expectRefused(result, mentioning: "\(file.path) exists and is not a directory")
        #expect(try Data(contentsOf: file) == Data("keep me".utf8))
    }
}
