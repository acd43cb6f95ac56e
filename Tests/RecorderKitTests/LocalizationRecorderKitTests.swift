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
            .invalidParameters(.numberOutOfRange(parameter: "frameRate", value: 0, allowed: 1...240)),
            .directoryNotFound(path: "/frames"), .emptySequence(path: "/frames"),
            .unreadableImage(path: "/frames/1.jpg", cause: .decodeFailed(message: "truncated")),
            .imaging(.invalidArgument("x")), .video(.noFrames),
            .connectionFailed(url: "rtsp://cam", message: "refused"),
            .unsupportedStream(url: "rtsp://cam", message: "codec"),
        ]
        let audio: [AudioError] = [
            .unsupportedSampleRate(11025, codec: .opus), .unsupportedChannelCount(9, codec: .aac),
            .bitrateOutOfRange(1), .codecNotInContainer(codec: .opus, format: .mov), .encoderUnavailable("libopus"),
            .formatMismatch(.channelCount(pushed: 1, configured: 2)), .nonFiniteSamples, .audioDisabled,
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
        errors += Self.sourceProblems as [any LocalizableError & CustomStringConvertible]
        errors += Self.audioProblems as [any LocalizableError & CustomStringConvertible]
        for error in errors {
            let texts = locales.map { error.localizedDescription(for: $0) }
            #expect(texts[0] == error.description)
            #expect(texts[1] != texts[0] && texts[2] != texts[0], "\(error)")
            // Every placeholder is filled: the English text, the log's, comes from the table too.
            #expect(!texts.contains { $0.contains("{") || $0.contains("}") }, "\(texts)")
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

    /// One of each frame source parameter problem.
    static let sourceProblems: [FrameSourceParameterProblem] = [
        .emptyURL, .urlWithNULCharacter,
        .secondsOutOfRange(parameter: "connectTimeout", seconds: 0, allowed: 0.1...3600),
        .numberOutOfRange(parameter: "reconnect.multiplier", value: 0.5, allowed: 1...100),
        .frameSizeOutOfRange(
            parameter: "frameSize", size: FrameSize(width: 64, height: 64), minimum: FrameSize(width: 104, height: 32),
            maximum: FrameSize(width: 8192, height: 8192)),
        .integerBelowMinimum(parameter: "frameCount", value: 0, minimum: 1),
        .notFinite(parameter: "firstTimestamp", value: .nan),
    ]

    /// One of each pushed-audio problem.
    static let audioProblems: [AudioFormatProblem] = [
        .channelCount(pushed: 1, configured: 2), .sampleRate(pushed: 44_100, configured: 48_000),
        .partialSampleFrame(samples: 3, channels: 2),
    ]

    @Test("A frame source's refused parameter is named with its value and the values allowed")
    func sourceParameterReasons() throws {
        #expect(throws: FrameSourceError.invalidParameters(.emptyURL)) { try LiveSourceOptions(url: "").validate() }
        #expect(throws: FrameSourceError.invalidParameters(.urlWithNULCharacter)) {
            try LiveSourceOptions(url: "rtsp://cam\0").validate()
        }
        let timeout = FrameSourceError.invalidParameters(
            .secondsOutOfRange(parameter: "connectTimeout", seconds: 0, allowed: 0.1...3600))
        #expect(throws: timeout) { try LiveSourceOptions(url: "rtsp://cam", connectTimeout: 0).validate() }
        #expect(timeout.description == "invalid frame source parameters: connectTimeout 0.0 s is outside 0.1…3600 s")
        #expect(
            timeout.localizedDescription(for: locales[1])
                == "neplatné parametre zdroja snímok: connectTimeout 0.0 s je mimo rozsahu 0.1…3600 s")
        #expect(
            timeout.localizedDescription(for: locales[2])
                == "neplatné parametry zdroje snímků: connectTimeout 0.0 s je mimo rozsah 0.1…3600 s")
        // The longest wait may not be below the first: the range starts at the initial delay.
        #expect(
            throws: FrameSourceError.invalidParameters(
                .secondsOutOfRange(parameter: "reconnect.maximumDelay", seconds: 1, allowed: 5...3600))
        ) {
            try LiveSourceOptions(url: "rtsp://cam", reconnect: ReconnectPolicy(initialDelay: 5, maximumDelay: 1))
                .validate()
        }
        #expect(
            throws: FrameSourceError.invalidParameters(
                .integerBelowMinimum(parameter: "reconnect.maximumAttempts", value: -1, minimum: 0))
        ) { try LiveSourceOptions(url: "rtsp://cam", reconnect: ReconnectPolicy(maximumAttempts: -1)).validate() }
        let size = FrameSourceParameterProblem.frameSizeOutOfRange(
            parameter: "frameSize", size: FrameSize(width: 64, height: 64), minimum: FrameSize(width: 104, height: 32),
            maximum: FrameSize(width: 8192, height: 8192))
        #expect(throws: FrameSourceError.invalidParameters(size)) {
            _ = try TestPatternSource(frameSize: FrameSize(width: 64, height: 64))
        }
        #expect(size.description == "frameSize 64×64 is outside 104×32…8192×8192")
        #expect(size.localizedDescription(for: locales[2]) == "frameSize 64×64 je mimo rozsah 104×32…8192×8192")
        let start = FrameSourceParameterProblem.notFinite(parameter: "firstTimestamp", value: .infinity)
        #expect(throws: FrameSourceError.invalidParameters(start)) {
            _ = try TestPatternSource(frameSize: FrameSize(width: 320, height: 240), firstTimestamp: .infinity)
        }
        #expect(start.localizedDescription(for: locales[1]) == "firstTimestamp inf nie je konečné číslo")
        let count = FrameSourceParameterProblem.integerBelowMinimum(parameter: "frameCount", value: 0, minimum: 1)
        #expect(count.description == "frameCount 0 is below the minimum, 1")
        #expect(count.localizedDescription(for: locales[2]) == "frameCount 0 je pod minimem 1")
    }

    @Test(
        "Pushed audio that does not match names the counts, in the plural form of 1, 2–4, 5+ and 0",
        arguments: [
            (1, "1 channel", "1 kanál", "1 kanál"), (3, "3 channels", "3 kanály", "3 kanály"),
            (6, "6 channels", "6 kanálov", "6 kanálů"), (0, "0 channels", "0 kanálov", "0 kanálů"),
        ])
    func audioChannelCounts(pushed: Int, english: String, slovak: String, czech: String) {
        let error = AudioError.formatMismatch(.channelCount(pushed: pushed, configured: 2))
        #expect(
            error.description
                == "pushed audio does not match the configuration: \(english) where the configuration records 2")
        #expect(
            error.localizedDescription(for: locales[1])
                == "odovzdaný zvuk nezodpovedá konfigurácii: \(slovak), konfigurácia určuje 2")
        #expect(
            error.localizedDescription(for: locales[2])
                == "předaný zvuk neodpovídá konfiguraci: \(czech), konfigurace určuje 2")
    }

    @Test("A partial sample frame and another sample rate read in three languages, and are what a check throws")
    func audioFormatReasons() {
        let settings = AudioSettings(codec: .aac, sampleRate: 48_000, channels: 2)
        let partial = AudioSamples(samples: [0, 0, 0], channels: 2, sampleRate: 48_000, timestamp: 0)
        #expect(throws: AudioError.formatMismatch(.partialSampleFrame(samples: 3, channels: 2))) {
            try AudioSettings.check(partial, against: settings)
        }
        let rate = AudioSamples(samples: [0, 0], channels: 2, sampleRate: 44_100, timestamp: 0)
        #expect(throws: AudioError.formatMismatch(.sampleRate(pushed: 44_100, configured: 48_000))) {
            try AudioSettings.check(rate, against: settings)
        }
        let texts: [(AudioFormatProblem, String, String, String)] = [
            (
                .partialSampleFrame(samples: 1, channels: 2),
                "1 sample does not make whole sample frames of 2 channels",
                "1 vzorka netvorí celé zvukové rámce po 2 kanáloch", "1 vzorek netvoří celé zvukové rámce po 2 kanálech"
            ),
            (
                .partialSampleFrame(samples: 3, channels: 2), "3 samples do not make whole sample frames of 2 channels",
                "3 vzorky netvoria celé zvukové rámce po 2 kanáloch",
                "3 vzorky netvoří celé zvukové rámce po 2 kanálech"
            ),
            (
                .partialSampleFrame(samples: 7, channels: 6), "7 samples do not make whole sample frames of 6 channels",
                "7 vzoriek netvorí celé zvukové rámce po 6 kanáloch",
                "7 vzorků netvoří celé zvukové rámce po 6 kanálech"
            ),
            (
                .sampleRate(pushed: 44_100, configured: 48_000), "44100 Hz where the configuration records 48000 Hz",
                "44100 Hz, konfigurácia určuje 48000 Hz", "44100 Hz, konfigurace určuje 48000 Hz"
            ),
        ]
        for (problem, english, slovak, czech) in texts {
            #expect(problem.description == english)
            #expect(problem.localizedDescription(for: locales[1]) == slovak)
            #expect(problem.localizedDescription(for: locales[2]) == czech)
        }
    }

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
