import Foundation
import RecorderKit
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Crash safety")
struct KillRecoveryTests {
    /// The example host, built next to the test bundle.
    static var hostExecutable: URL {
        let products = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
            .deletingLastPathComponent()
        return products.appendingPathComponent("recorder-host")
    }

    @Test("after SIGKILL during recording and export, a new recorder cleans up and reports no half-written clip")
    func killedChild() async throws {
        let folder = try TemporaryFolder("kill")
        defer { folder.cleanUp() }
        let executable = Self.hostExecutable
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "build recorder-host first")

        // A long recording with an event every second; each clip is 0.5 s + 0.5 s = 30 frames.
        let child = Process()
        child.executableURL = executable
        child.arguments = [
            "--width", "320", "--height", "240", "--seconds", "600", "--event-every", "1", "--back", "0.5",
            "--forward", "0.5", "--codec", "h264", "--buffer", folder.buffer.path, "--output", folder.output.path,
        ]
        let pipe = Pipe()
        child.standardOutput = pipe
        try child.run()
        // Kill it while it is busy: after its third clip, when the next one is being written.
        var seen = ""
        while seen.components(separatedBy: "\nclip ").count <= 3 {
            let chunk = pipe.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal)
        #expect(child.terminationStatus == SIGKILL)

        let framesLeft = try FileManager.default.contentsOfDirectory(
            atPath: folder.buffer.appendingPathComponent("frames").path
        ).count
        #expect(framesLeft > 0, "a live recorder keeps its backward window on disk")
        let published = Set(
            try FileManager.default.contentsOfDirectory(atPath: folder.output.path).filter { $0.hasSuffix(".mp4") }
                .filter { !$0.hasPrefix(".") })
        #expect(published.count >= 3)

        // A new recorder over the same directories.
        let recorder = try EventRecorder(configuration: smallConfiguration(in: folder, backward: 0.5, forward: 0.5))
        try recorder.startRecording()
        let recovery = try #require(recorder.lastRecovery)
        #expect(recovery.removedFrames == framesLeft)
        let remaining = try FileManager.default.contentsOfDirectory(atPath: folder.output.path)
        #expect(remaining.allSatisfy { !$0.hasSuffix(".partial") }, "no partial clip survives recovery")
        #expect(Set(remaining) == published)
        #expect(
            try FileManager.default.contentsOfDirectory(
                atPath: folder.buffer.appendingPathComponent("frames").path
            ).isEmpty)
        #expect(try await recorder.capturedSegments().isEmpty)
        // Every clip under a final name is whole.
        for name in published {
            let probed = try probe(folder.output.appendingPathComponent(name))
            #expect(probed.countedFrames == 30, "\(name)")
            #expect(abs(probed.duration - 1.0) < 0.001, "\(name)")
        }
    }
}
