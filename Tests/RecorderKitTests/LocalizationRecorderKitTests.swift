import Foundation
import Imaging
import RecorderKit
import Testing

@Suite("RecorderKit in English, Slovak and Czech")
struct LocalizationRecorderKitTests {
    private let locales = ["en", "sk", "cs"].map { Locale(identifier: $0) }

    @Test("Every key of RecorderKit's table exists in en, sk and cs, with the same placeholders")
    func everyKeyInEveryLanguage() {
        #expect(MessageTable.recorderKit.problems() == [])
    }

    @Test("Every error reads in English as its log description, and in Slovak and Czech otherwise")
    func everyError() {
        let video: [VideoIOError] = [
            .openFailed(path: "/a.mp4", message: "EIO"), .noVideoStream(path: "/a.mp4"), .decoderUnavailable("hevc"),
            .encoderUnavailable("libx264"), .ffmpeg(operation: "avcodec_open2", message: "x"), .noFrames,
        ]
        let source: [FrameSourceError] = [
            .invalidParameters("fps 0"), .directoryNotFound(path: "/frames"), .emptySequence(path: "/frames"),
            .unreadableImage(path: "/frames/1.jpg", cause: .decodeFailed(message: "truncated")),
            .imaging(.invalidArgument("x")), .video(.noFrames),
            .connectionFailed(url: "rtsp://cam", message: "refused"),
            .unsupportedStream(url: "rtsp://cam", message: "codec"),
        ]
        let audio: [AudioError] = [
            .unsupportedSampleRate(11025, codec: .opus), .unsupportedChannelCount(9, codec: .aac),
            .bitrateOutOfRange(1), .codecNotInContainer(codec: .opus, format: .mov), .encoderUnavailable("libopus"),
            .formatMismatch("mono"), .nonFiniteSamples, .audioDisabled,
        ]
        let recorder: [RecorderError] = [
            .invalidConfiguration("fps 0"), .invalidTransition(action: "pause", state: .none),
            .configurationLocked(state: .recording), .notRecording(state: .none), .noFramesYet,
            .nonMonotonicTimestamp(previous: 2, got: 1), .frameRateMismatch(expected: 30, timestampStep: 0.1),
            .exportsInProgress, .bufferDirectoryInUse(path: "/buf"), .storageFailed(path: "/buf", message: "ENOSPC"),
            .notADirectory(path: "/buf"), .noFramesInWindow(eventTimes: [1.5, 3]),
            .exportTransformFailed(frame: 3, message: "x"), .imaging(.invalidArgument("x")), .video(.noFrames),
            .source(.emptySequence(path: "/f")), .audio(.audioDisabled), .sourceYieldedNoFrames,
            .emptyRange(from: 2, to: 1), .noFootage(from: 1, to: 2),
        ]
        var errors: [any LocalizableError & CustomStringConvertible] = []
        errors += video as [any LocalizableError & CustomStringConvertible]
        errors += source as [any LocalizableError & CustomStringConvertible]
        errors += audio as [any LocalizableError & CustomStringConvertible]
        errors += recorder as [any LocalizableError & CustomStringConvertible]
        for error in errors {
            let texts = locales.map { error.localizedDescription(for: $0) }
            #expect(texts[0] == error.description)
            #expect(texts[1] != texts[0] && texts[2] != texts[0], "\(error)")
        }
        #expect(
            RecorderError.audio(.audioDisabled).localizedDescription(for: locales[1])
                == "zvuk: konfigurácia nenahráva zvuk (audio je nil)")
        #expect(VideoIOError.noFrames.localizedDescription(for: locales[2]) == "klip potřebuje alespoň jeden snímek")
    }
}
