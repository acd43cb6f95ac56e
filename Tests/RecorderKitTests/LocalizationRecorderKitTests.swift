import CaptureDevices
import FilmKit
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
            .invalidConfiguration(.continuousRecordingOff), .invalidTransition(action: "pause", state: .none),
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
        errors += Self.configurationProblems as [any LocalizableError & CustomStringConvertible]
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

    /// One of each configuration problem.
    static let configurationProblems: [RecorderConfigurationProblem] = [
        .integerOutOfRange(field: "bufferJPEGQuality", value: 0, allowed: 1...100),
        .secondsOutOfRange(field: "backwardOffset", seconds: -1, allowed: 0...3600),
        .secondsNotWithin(field: "maximumClipDuration", seconds: .nan, limit: 86_400),
        .secondsNegative(field: "storageBudget.protection", seconds: -5),
        .fractionOutOfRange(field: "motionTrigger.pixelThreshold", value: 2, includesOne: false),
        .fractionOutOfRange(field: "motionTrigger.minimumArea", value: 0, includesOne: true),
        .clipShorterThanWindows(maximumClipDuration: 4, backwardOffset: 5, forwardOffset: 5),
        .frameSizeOutOfRange(field: "export", size: FrameSize(width: 100_000, height: 240)),
        .oddFrameSize(field: "recorded", size: FrameSize(width: 321, height: 240)),
        .notAFileURL(field: "bufferDirectory"), .sameAsBufferDirectory(field: "outputDirectory"),
        .bytesNotPositive(field: "storageBudget.maximumBytes", bytes: 0),
        .bytesNegative(field: "storageBudget.minimumFreeBytes", bytes: -1),
        .clipCountNegative(field: "storageBudget.protection", count: -2), .continuousRecordingOff,
        .exportFilter(.unknownFilter(name: "grian", suggestions: ["grain"])), .exportFilterFailed("EIO"),
        .noInputFormat(CaptureFormat.PixelFormat("Y10 ")!),
        .pixelFormatNotOffered(device: "Webcam", pixelFormat: CaptureFormat.PixelFormat("MJPG")!),
        .sizeNotOffered(device: "Webcam", size: FrameSize(width: 640, height: 480), pixelFormat: nil),
        .sizeNotOffered(
            device: "Webcam", size: FrameSize(width: 640, height: 480), pixelFormat: CaptureFormat.PixelFormat("MJPG")!),
        .frameRateNotOffered(device: "Webcam", frameRate: FrameRate(frames: 60)!),
    ]

    @Test("A configuration's reasons name the field and the values allowed, in three languages")
    func configurationReasons() {
        let offset = RecorderError.invalidConfiguration(
            .secondsOutOfRange(field: "backwardOffset", seconds: -1, allowed: 0...3600))
        #expect(offset.description == "invalid recorder configuration: backwardOffset -1.0 s is outside 0…3600 s")
        #expect(
            offset.localizedDescription(for: locales[1])
                == "neplatná konfigurácia nahrávača: backwardOffset -1.0 s je mimo rozsahu 0…3600 s")
        let quality = RecorderConfigurationProblem.integerOutOfRange(
            field: "bufferJPEGQuality", value: 0, allowed: 1...100)
        #expect(quality.localizedDescription(for: locales[2]) == "bufferJPEGQuality 0 je mimo rozsah 1…100")
        let size = RecorderConfigurationProblem.sizeNotOffered(
            device: "Webcam", size: FrameSize(width: 640, height: 480), pixelFormat: CaptureFormat.PixelFormat("MJPG")!)
        #expect(size.description == "Webcam does not offer 640×480 in MJPG")
        #expect(size.localizedDescription(for: locales[1]) == "Webcam neponúka 640×480 vo formáte MJPG")
        let filter = RecorderConfigurationProblem.exportFilter(.unknownFilter(name: "grian", suggestions: ["grain"]))
        #expect(
            filter.localizedDescription(for: locales[2])
                == "filtr exportu: filtr s názvem 'grian' neexistuje; mysleli jste 'grain'?")
        let failed = RecorderConfigurationProblem.exportFilterFailed("EIO")
        #expect(failed.description == "the export filter could not be made: EIO")
        #expect(
            failed.localizedDescription(for: locales[1]) == "filter exportu sa nedá vytvoriť (technický detail: „EIO“)")
    }
}
