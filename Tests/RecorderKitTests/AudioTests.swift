import Foundation
import Imaging
import RecorderKit
import Testing

@Suite("Audio in clips", .serialized)
struct AudioTests {
    /// Frames with counters 0…179 and, pushed beside them, a 1 kHz tone that starts exactly at
    /// frame 75 (2.5 s); an event at frame 90 with 1 s each way gives frames 60…119.
    @Test("pushed PCM: the clip's audio spans the video and the tone starts at the counter's frame")
    func pushedTone() async throws {
        let folder = try TemporaryFolder("audio-push")
        defer { folder.cleanUp() }
        let frames = try PatternFrames(count: 180)
        let recorder = try EventRecorder(configuration: smallConfiguration(in: folder, backward: 1, forward: 1))
        try recorder.startRecording()
        for (index, frame) in frames.frames.enumerated() {
            try recorder.push(frame)
            let samples = toneSamples(start: frame.timestamp, count: 1600, onset: 2.5)
            let disposition = try recorder.push(
                audio: AudioSamples(samples: samples, channels: 2, sampleRate: 48_000, timestamp: frame.timestamp))
            #expect(disposition == .stored)
            if index == 90 { try recorder.captureSegment() }
        }
        recorder.stopRecording()
        let segment = try #require(try await recorder.capturedSegments().first)
        #expect(segment.hasAudio && segment.audioCodecName == "aac")
        try Self.checkSync(of: segment.url, firstCounter: 60, toneCounter: 75)
    }

    /// A video file with sound (made by ffmpeg: the counters, a tone from frame 75, AAC at
    /// 44.1 kHz mono) read by `VideoFileSource`: the file's audio is resampled to 48 kHz stereo
    /// and lines up with the frames.
    @Test("a file's audio track: clips carry it in sync, resampled to the configuration")
    func fileTone() async throws {
        try LiveServers.need(LiveServers.hasFFmpeg, "ffmpeg is not installed (it makes the test file)")
        let folder = try TemporaryFolder("audio-file")
        defer { folder.cleanUp() }
        let file = folder.url.appendingPathComponent("tone.mp4")
        try writeToneVideo(to: file, count: 180, onset: 2.5)
        let source = try VideoFileSource(url: file)
        #expect(source.hasAudio)
        let recorder = try EventRecorder(configuration: smallConfiguration(in: folder, backward: 1, forward: 1))
        try recorder.startRecording()
        var index = 0
        while let frame = try source.nextFrame() {
            try recorder.push(frame)
            try recorder.pushAudio(from: source)
            if index == 90 { try recorder.captureSegment() }
            index += 1
        }
        recorder.stopRecording()
        let segment = try #require(try await recorder.capturedSegments().first)
        #expect(segment.audioCodecName == "aac")
        try Self.checkSync(of: segment.url, firstCounter: 60, toneCounter: 75)
    }

    /// `record(from:)` takes a file source's audio by itself; the event at the last frame.
    @Test("record(from:) records a file's sound beside its frames")
    func recordFromFile() async throws {
        try LiveServers.need(LiveServers.hasFFmpeg, "ffmpeg is not installed (it makes the test file)")
        let folder = try TemporaryFolder("audio-record")
        defer { folder.cleanUp() }
        let file = folder.url.appendingPathComponent("tone.mp4")
        try writeToneVideo(to: file, count: 120, onset: 3.0, rate: 48_000, channels: 2)
        var source = try VideoFileSource(url: file)
        let recorder = try EventRecorder(configuration: smallConfiguration(in: folder, backward: 2, forward: 0))
        try recorder.startRecording()
        #expect(try await recorder.record(from: &source) == 120)
        try recorder.captureSegment()
        recorder.stopRecording()
        let segment = try #require(try await recorder.capturedSegments().first)
        #expect(segment.hasAudio)
        // The event's frame (119) and the 60 before it; the tone starts at frame 90.
        try Self.checkSync(of: segment.url, firstCounter: 59, toneCounter: 90)
    }

    @Test("silent clips: audio nil gives a video-only clip of a file with sound, and push(audio:) is refused")
    func silentClips() async throws {
        try LiveServers.need(LiveServers.hasFFmpeg, "ffmpeg is not installed (it makes the test file)")
        let folder = try TemporaryFolder("audio-silent")
        defer { folder.cleanUp() }
        let file = folder.url.appendingPathComponent("tone.mp4")
        try writeToneVideo(to: file, count: 60, onset: 0)
        var configuration = smallConfiguration(in: folder, backward: 1, forward: 0)
        configuration.audio = nil
        var source = try VideoFileSource(url: file)
        let recorder = try EventRecorder(configuration: configuration)
        try recorder.startRecording()
        try await recorder.record(from: &source)
        let samples = AudioSamples(samples: [0, 0], channels: 2, sampleRate: 48_000, timestamp: 1)
        #expect(throws: RecorderError.audio(.audioDisabled)) { try recorder.push(audio: samples) }
        try recorder.captureSegment()
        recorder.stopRecording()
        let segment = try #require(try await recorder.capturedSegments().first)
        #expect(!segment.hasAudio)
        #expect(try probeStreams(segment.url).map(\.type) == ["video"])
    }

    @Test("Opus in MP4 when FFmpeg has libopus")
    func opus() async throws {
        let folder = try TemporaryFolder("audio-opus")
        defer { folder.cleanUp() }
        var configuration = smallConfiguration(in: folder, backward: 1, forward: 1)
        configuration.audio = AudioSettings(codec: .opus, sampleRate: 48_000, channels: 2, bitrate: 96_000)
        let recorder = try EventRecorder(configuration: configuration)
        let frames = try PatternFrames(count: 90)
        try recorder.startRecording()
        for (index, frame) in frames.frames.enumerated() {
            try recorder.push(frame)
            let samples = AudioSamples(
                samples: toneSamples(start: frame.timestamp, count: 1600, onset: 1.5), channels: 2, sampleRate: 48_000,
                timestamp: frame.timestamp)
            let outcome = Result { () throws(RecorderError) in try recorder.push(audio: samples) }
            if case .failure(.audio(.encoderUnavailable(let name))) = outcome {
                try LiveServers.need(false, "FFmpeg on this machine has no \(name) encoder")
            }
            _ = try outcome.get()
            if index == 45 { try recorder.captureSegment() }
        }
        recorder.stopRecording()
        let segment = try #require(try await recorder.capturedSegments().first)
        #expect(segment.audioCodecName == "opus")
        let streams = try probeStreams(segment.url)
        let video = try #require(streams.first { $0.type == "video" })
        let audio = try #require(streams.first { $0.type == "audio" })
        #expect(audio.codecName == "opus")
        #expect(abs(audio.startTime - video.startTime) < 1.0 / 30)
        #expect(abs(audio.endTime - video.endTime) < 1.0 / 30)
    }

    /// Checks that the file's audio starts and ends within one frame (1/30 s) of its video, and
    /// that the tone's onset is within one frame of the frame whose counter is `toneCounter`.
    static func checkSync(of url: URL, firstCounter: Int, toneCounter: Int) throws {
        let streams = try probeStreams(url)
        let video = try #require(streams.first { $0.type == "video" })
        let audio = try #require(streams.first { $0.type == "audio" })
        #expect(audio.codecName == "aac")
        let frame = 1.0 / 30
        #expect(
            abs(audio.startTime - video.startTime) < frame,
            "audio starts at \(audio.startTime), video \(video.startTime)")
        #expect(abs(audio.endTime - video.endTime) < frame, "audio ends at \(audio.endTime), video \(video.endTime)")
        let counters = try decodedCounters(of: url)
        #expect(counters.first == firstCounter)
        let toneFrame = try #require(counters.firstIndex(of: toneCounter))
        let onset = try #require(toneOnset(try decodedAudio(of: url)))
        let toneTime = audio.startTime + onset
        let frameTime = video.startTime + Double(toneFrame) * frame
        #expect(abs(toneTime - frameTime) < frame, "tone at \(toneTime) s, counter \(toneCounter) at \(frameTime) s")
    }
}

@Suite("Audio settings and pushed audio")
struct AudioValidationTests {
    @Test(
        "bad audio settings are refused with a typed error",
        arguments: [
            (AudioSettings(sampleRate: 44_100 + 1), AudioError.unsupportedSampleRate(44_101, codec: .aac)),
            (AudioSettings(codec: .opus, sampleRate: 44_100), .unsupportedSampleRate(44_100, codec: .opus)),
            (AudioSettings(channels: 0), .unsupportedChannelCount(0, codec: .aac)),
            (AudioSettings(channels: 9), .unsupportedChannelCount(9, codec: .aac)),
            (AudioSettings(codec: .opus, channels: 3), .unsupportedChannelCount(3, codec: .opus)),
            (AudioSettings(bitrate: 1000), .bitrateOutOfRange(1000)),
            (AudioSettings(bitrate: -1), .bitrateOutOfRange(-1)),
        ])
    func badSettings(settings: AudioSettings, error: AudioError) throws {
        let folder = try TemporaryFolder("audio-settings")
        defer { folder.cleanUp() }
        var configuration = smallConfiguration(in: folder)
        configuration.audio = settings
        #expect(throws: RecorderError.audio(error)) { try configuration.validate() }
        #expect(throws: RecorderError.audio(error)) { _ = try EventRecorder(configuration: configuration) }
    }

    @Test("Opus cannot go in MOV")
    func opusInMOV() throws {
        let folder = try TemporaryFolder("audio-mov")
        defer { folder.cleanUp() }
        var configuration = smallConfiguration(in: folder, format: .mov)
        configuration.audio = AudioSettings(codec: .opus)
        #expect(throws: RecorderError.audio(.codecNotInContainer(codec: .opus, format: .mov))) {
            try configuration.validate()
        }
        configuration.audio = AudioSettings(codec: .aac)
        try configuration.validate()
    }

    @Test("pushed audio is checked against the configuration and the recorder's state")
    func pushedAudioChecks() async throws {
        let folder = try TemporaryFolder("audio-checks")
        defer { folder.cleanUp() }
        let recorder = try EventRecorder(configuration: smallConfiguration(in: folder))
        let good = AudioSamples(
            samples: [Float](repeating: 0, count: 3200), channels: 2, sampleRate: 48_000, timestamp: 0)
        #expect(throws: RecorderError.notRecording(state: .none)) { try recorder.push(audio: good) }
        try recorder.startRecording()
        // No frame yet: the timeline the audio goes on does not exist.
        #expect(try recorder.push(audio: good) == .waitingForVideo)
        let frames = try PatternFrames(count: 2)
        try recorder.push(frames.frames[0])
        #expect(try recorder.push(audio: good) == .stored)
        var mono = good
        mono.channels = 1
        #expect(throws: RecorderError.audio(.formatMismatch(.channelCount(pushed: 1, configured: 2)))) {
            try recorder.push(audio: mono)
        }
        let otherRate = Result { () throws(RecorderError) in
            try recorder.push(audio: AudioSamples(samples: [0, 0], channels: 2, sampleRate: 44_100, timestamp: 0.1))
        }
        guard case .failure(.audio(.formatMismatch(let reason))) = otherRate else {
            Issue.record("another rate gave \(otherRate)")
            return
        }
        #expect(reason == .sampleRate(pushed: 44_100, configured: 48_000))
        #expect(throws: RecorderError.audio(.nonFiniteSamples)) {
            try recorder.push(audio: AudioSamples(samples: [.nan, 0], channels: 2, sampleRate: 48_000, timestamp: 0.1))
        }
        #expect(throws: RecorderError.audio(.nonFiniteSamples)) {
            try recorder.push(
                audio: AudioSamples(samples: [0, 0], channels: 2, sampleRate: 48_000, timestamp: .infinity))
        }
        #expect(throws: RecorderError.self) {
            try recorder.push(audio: AudioSamples(samples: [0, 0, 0], channels: 2, sampleRate: 48_000, timestamp: 0.1))
        }
        recorder.pauseRecording()
        #expect(try recorder.push(audio: good) == .ignoredWhilePaused)
        recorder.stopRecording()
        _ = try await recorder.capturedSegments()
    }

    @Test("16-bit samples convert to float")
    func int16Samples() {
        let samples = AudioSamples(
            int16Samples: [0, 16384, -32768, 32767], channels: 2, sampleRate: 8000, timestamp: 0)
        #expect(samples.samples == [0, 0.5, -1, Float(32767) / 32768])
        #expect(samples.frameCount == 2)
        #expect(samples.duration == 2.0 / 8000)
    }
}
