import Foundation
import RecorderKit
import Testing

/// Like the live sources' cases, these run at once, on their own after the CPU-bound suites.
@Suite("Live audio")
struct LiveAudioTests {
    /// 20 s of the test pattern with a beep at every whole second, made once per run.
    static let beeping = Task<URL, any Error> {
        let url = TestMedia.directory.appendingPathComponent("beeping.mp4")
        if !FileManager.default.fileExists(atPath: url.path) { try writeBeepVideo(to: url, count: 600) }
        return url
    }

    /// Every beep in the clip starts within one frame of a frame whose counter is a whole second
    /// (a multiple of 30), and the audio spans the video within one frame at each end.
    static func expectBeepsInSync(_ clip: CapturedVideoSegment) throws {
        let streams = try probeStreams(clip.url)
        let video = try #require(streams.first { $0.type == "video" })
        let audio = try #require(streams.first { $0.type == "audio" })
        let frame = 1.0 / 30
        #expect(abs(audio.startTime - video.startTime) < frame, "audio \(audio.startTime), video \(video.startTime)")
        #expect(abs(audio.endTime - video.endTime) < frame, "audio ends \(audio.endTime), video \(video.endTime)")
        let counters = try decodedCounters(of: clip.url)
        let samples = try decodedAudio(of: clip.url)
        var onsets: [Double] = []
        var quietSince = 0
        for (index, sample) in samples.enumerated() {
            if abs(sample) > 0.2 {
                // A beep starts after at least 0.2 s of quiet.
                if index - quietSince > 9600 { onsets.append(audio.startTime + Double(index) / 48_000) }
                quietSince = index
            }
        }
        #expect(onsets.count >= 2, "the clip holds \(onsets.count) beeps")
        for onset in onsets {
            let position = Int(((onset - video.startTime) / frame).rounded())
            guard position >= 1, position + 1 < counters.count else { continue }
            let nearby = counters[(position - 1)...(position + 1)].compactMap { $0 }
            #expect(nearby.contains { $0 % 30 == 0 }, "beep at \(onset) s, frames \(nearby)")
        }
    }

    @Test(
        "RTSP with AAC sound: passthrough keeps the camera's audio packets; decoded re-encodes them; both in sync",
        arguments: [true, false])
    func rtspAudio(passthrough: Bool) async throws {
        try LiveServers.requireRTSPServer()
        let (server, url) = try await LiveServers.rtsp(serving: try await Self.beeping.value, audio: true)
        defer { server.stop() }
        let folder = try TemporaryFolder("rtsp-audio")
        defer { folder.cleanUp() }
        let configuration =
            passthrough
            ? LiveSourceTests.passthrough(in: folder, backward: 3, forward: 2)
            : smallConfiguration(in: folder, backward: 3, forward: 2)
        let (clips, _) = try await LiveSourceTests.recordOneEvent(
            from: LiveSourceOptions(url: url), configuration: configuration, before: 5)
        let clip = try #require(clips.first)
        #expect(clip.audioCodecName == "aac")
        #expect(try probeStreams(clip.url).first { $0.type == "audio" }?.codecName == "aac")
        try Self.expectBeepsInSync(clip)
    }

    @Test("a video file served over RTSP without sound gives silent clips")
    func rtspWithoutAudio() async throws {
        try LiveServers.requireRTSPServer()
        let (server, url) = try await LiveServers.rtsp(serving: try await TestMedia.pattern.value)
        defer { server.stop() }
        let folder = try TemporaryFolder("rtsp-silent")
        defer { folder.cleanUp() }
        let (clips, _) = try await LiveSourceTests.recordOneEvent(
            from: LiveSourceOptions(url: url), configuration: LiveSourceTests.passthrough(in: folder))
        let clip = try #require(clips.first)
        #expect(!clip.hasAudio)
        #expect(try probeStreams(clip.url).map(\.type) == ["video"])
    }

    @Test("ALSA and PulseAudio capture through libavdevice")
    func captureDevice() async throws {
        // A device that does not exist is a typed error, never a crash.
        let missing = Result { () throws(FrameSourceError) in
            try AudioCaptureSource(backend: .alsa, device: "hw:99,0", openTimeout: 2)
        }
        switch missing {
        case .failure(.connectionFailed(let url, _)): #expect(url == "alsa:hw:99,0")
        case .failure(.unsupportedStream(let url, _)): #expect(url.hasPrefix("alsa"))
        default: Issue.record("a missing ALSA device gave \(missing)")
        }
        let hasSoundCard = ((try? String(contentsOfFile: "/proc/asound/cards", encoding: .utf8)) ?? "")
            .contains("[")
        guard hasSoundCard else {
            // Skipped, plainly: recording from a real device needs a sound card.
            try Test.cancel("no sound card on this machine (/proc/asound/cards lists none): capture not exercised")
        }
        let folder = try TemporaryFolder("capture")
        defer { folder.cleanUp() }
        let recorder = try EventRecorder(configuration: smallConfiguration(in: folder, backward: 1, forward: 0))
        let device = try AudioCaptureSource(backend: .alsa, device: "default", timeOrigin: 0)
        let frames = try PatternFrames(count: 60)
        try recorder.startRecording()
        let capture = Task { try await recorder.record(audioFrom: device) }
        for frame in frames.frames {
            try recorder.push(frame)
            try await Task.sleep(for: .milliseconds(33))
        }
        try recorder.captureSegment()
        recorder.stopRecording()
        capture.cancel()
        _ = try? await capture.value
        let clip = try #require(try await recorder.capturedSegments().first)
        #expect(clip.hasAudio)
    }
}
