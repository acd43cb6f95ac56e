import Foundation
import RecorderKit
import TestSupport
import Testing

@Suite("Crash safety", .highPriority)
struct KillRecoveryTests {
    /// Clips published under their final names.
    static func publishedClips(in folder: TemporaryFolder) -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.output.path)) ?? []
        return Set(names.filter { $0.hasSuffix(".mp4") && !$0.hasPrefix(".") })
    }

    /// Clips being written (temporary files).
    static func partialClips(in folder: TemporaryFolder) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.output.path)) ?? []
        return names.filter { $0.hasSuffix(".partial") }.count
    }

    @Test("after SIGKILL during recording and export, a new recorder cleans up and reports no half-written clip")
    func killedChild() async throws {
        let folder = try TemporaryFolder("kill")
        defer { folder.cleanUp() }
        let executable = ChildProcess.product("recorder-host")
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "build recorder-host first")

        // A long recording with an event every second; each clip is 0.5 s + 0.5 s = 30 frames.
        let child = try ChildProcess.start(
            executable,
            [
                "--width", "320", "--height", "240", "--seconds", "600", "--event-every", "1", "--back", "0.5",
                "--forward", "0.5", "--codec", "h264", "--buffer", folder.buffer.path, "--output", folder.output.path,
            ])
        // Kill it in the middle of writing a clip: once two clips are out and the next one's
        // temporary file exists. (The deadline only stops a broken child from hanging the suite.)
        let deadline = ContinuousClock.now.advanced(by: .seconds(120))
        while Self.publishedClips(in: folder).count < 2 || Self.partialClips(in: folder) == 0,
            child.process.isRunning, ContinuousClock.now < deadline
        {
            try await Task.sleep(for: .milliseconds(2))
        }
        child.kill()
        let ended = await child.wait()
        #expect(ended.killedBySignal)
        #expect(ended.status == SIGKILL)

        let framesLeft = try FileManager.default.contentsOfDirectory(
            atPath: folder.buffer.appendingPathComponent("frames").path
        ).count
        #expect(framesLeft > 0, "a live recorder keeps its backward window on disk")
        let published = Self.publishedClips(in: folder)
        let partials = Self.partialClips(in: folder)
        #expect(published.count >= 2)

        // A new recorder over the same directories.
        let recorder = try EventRecorder(configuration: smallConfiguration(in: folder, backward: 0.5, forward: 0.5))
        try recorder.startRecording()
        let recovery = try #require(recorder.lastRecovery)
        #expect(recovery.removedFrames == framesLeft)
        #expect(recovery.removedPartialClips == partials)
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
