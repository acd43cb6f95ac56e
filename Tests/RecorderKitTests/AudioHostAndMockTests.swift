import Foundation
import RecorderKit
import RecorderKitMocks
import Testing

@Suite("Audio: recorder-host and the mock")
struct AudioHostAndMockTests {
    /// The clip files named in recorder-host's "clip …" lines, with the audio codec each line names.
    static func clips(in output: String) -> [(url: URL, audio: String)] {
        output.split(separator: "\n").filter { $0.hasPrefix("clip ") }.compactMap { line in
            let words = line.split(separator: " ")
            guard words.count > 1, let index = words.firstIndex(of: "audio"), index + 1 < words.count else {
                return nil
            }
            return (URL(fileURLWithPath: String(words[1])), String(words[index + 1]))
        }
    }

    @Test("recorder-host --audio --source FILE: the clip carries the file's sound in sync")
    func hostFileWithSound() async throws {
        try LiveServers.need(LiveServers.hasFFmpeg, "ffmpeg is not installed (it makes the test file)")
        let folder = try TemporaryFolder("host-audio")
        defer { folder.cleanUp() }
        let file = folder.url.appendingPathComponent("tone.mp4")
        try writeToneVideo(to: file, count: 150, onset: 2.0)
        let result = try await HostHardeningTests.host(
            ["--audio", "--source", file.path, "--event", "3", "--back", "2", "--forward", "1"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        let clip = try #require(Self.clips(in: result.output).first, "\(result.output)")
        #expect(clip.audio == "aac")
        // The event at 3 s: frames 30…119, the tone from frame 60.
        try AudioTests.checkSync(of: clip.url, firstCounter: 30, toneCounter: 60)
    }

    @Test("recorder-host without --audio writes silent clips; --audio with the pattern pushes a beep")
    func hostPattern() async throws {
        let folder = try TemporaryFolder("host-pattern")
        defer { folder.cleanUp() }
        let silent = try await HostHardeningTests.host(
            ["--seconds", "3", "--event", "2", "--back", "1", "--forward", "1"], in: folder)
        #expect(silent.status == 0, "\(silent.error)")
        let silentClip = try #require(Self.clips(in: silent.output).first)
        #expect(silentClip.audio == "none")
        #expect(try probeStreams(silentClip.url).map(\.type) == ["video"])
        let beeping = try await HostHardeningTests.host(
            ["--audio", "--audio-channels", "1", "--seconds", "4", "--event", "2.5", "--back", "1", "--forward", "1"],
            in: folder)
        #expect(beeping.status == 0, "\(beeping.error)")
        let clip = try #require(Self.clips(in: beeping.output).first)
        #expect(clip.audio == "aac")
        let streams = try probeStreams(clip.url)
        #expect(streams.map(\.type).sorted() == ["audio", "video"])
        // The event at frame 75 (2.5 s): the clip starts at frame 45 (1.5 s), the beep of second 2
        // is 0.5 s in.
        let onset = try #require(toneOnset(try decodedAudio(of: clip.url)))
        let audio = try #require(streams.first { $0.type == "audio" })
        let video = try #require(streams.first { $0.type == "video" })
        #expect(abs(audio.startTime + onset - (video.startTime + 0.5)) < 1.0 / 30)
    }

    @Test("recorder-host refuses bad audio options with one line")
    func hostBadAudio() async throws {
        let folder = try TemporaryFolder("host-bad-audio")
        defer { folder.cleanUp() }
        let rate = try await HostHardeningTests.host(
            ["--audio", "--audio-rate", "12345", "--seconds", "1"], in: folder)
        HostHardeningTests.expectRefused(rate, mentioning: "12345")
        let codec = try await HostHardeningTests.host(
            ["--audio", "--audio-codec", "mp3", "--seconds", "1"], in: folder)
        HostHardeningTests.expectRefused(codec, mentioning: "mp3")
    }

    @Test("the mock recorder records pushed audio and checks it as the real one does")
    func mockAudio() throws {
        let mock = MockVideoRecorder()
        let samples = AudioSamples(samples: [0.1, 0.2, 0.3, 0.4], channels: 2, sampleRate: 48_000, timestamp: 1)
        #expect(throws: RecorderError.notRecording(state: .none)) { try mock.push(audio: samples) }
        try mock.startRecording()
        #expect(try mock.push(audio: samples) == .stored)
        var other = samples
        other.sampleRate = 16_000
        #expect(throws: RecorderError.self) { try mock.push(audio: other) }
        mock.pauseRecording()
        #expect(try mock.push(audio: samples) == .ignoredWhilePaused)
        #expect(mock.pushedAudio == [samples])
        #expect(mock.pushedAudioDuration == 2.0 / 48_000)
        // Code written against the seam takes either recorder.
        let receiver: any AudioReceiver = mock
        mock.resumeRecording()
        try receiver.push(audio: samples)
        #expect(mock.pushedAudio.count == 2)
        // Segments say whether they have sound.
        let clip = CapturedVideoSegment(
            url: URL(fileURLWithPath: "/tmp/a.mp4"), format: .mp4, encoderName: "libx264", frameCount: 30,
            framerate: 30, size: FrameSize(width: 320, height: 240), startTime: 0, eventTimes: [0.5],
            isTruncated: false, audioCodecName: "aac")
        mock.emit(clip)
        #expect(clip.hasAudio)
        let silent = MockVideoRecorder(configuration: RecorderConfiguration(audio: nil))
        try silent.startRecording()
        #expect(throws: RecorderError.audio(.audioDisabled)) { try silent.push(audio: samples) }
    }
}
