import Foundation

/// Everything a recorder needs to know before it starts.
///
/// The reference framework's fields keep their names (`recordQuality`, `exportSettings`,
/// `framerate`, `backwardOffset`); the others are additions with defaults.
public struct RecorderConfiguration: Sendable, Hashable {
    /// The size of the recorded frames (decoded frames are fitted to it; a passthrough recording
    /// keeps the source's size).
    public var recordQuality: VideoQuality
    /// A recorded frame size other than the four of ``recordQuality`` (small test recordings,
    /// unusual cameras), or `nil`; it takes precedence. Even sides of 16…8192 pixels.
    public var customRecordSize: FrameSize?
    /// How clips are encoded and stored.
    public var exportSettings: ExportSettings
    /// The recording frame rate.
    public var framerate: Framerate
    /// Seconds of video kept before each event.
    public var backwardOffset: Double
    /// Seconds of video kept after each event (the reference had none).
    public var forwardOffset: Double
    /// The longest clip that merging overlapping events may build, in seconds; a later event
    /// starts a new clip instead. At least `backwardOffset + forwardOffset`.
    public var maximumClipDuration: Double
    /// Where the compressed frames of the ring buffer live. One recorder at a time may use it.
    public var bufferDirectory: URL
    /// Where finished clips are published.
    public var outputDirectory: URL
    /// The JPEG quality (1…100) of the frames in the ring buffer.
    public var bufferJPEGQuality: Int
    /// What to do with frames whose size or timing differs from this configuration.
    public var frameConversion: FrameConversion
    /// The built-in motion trigger, or `nil` for none.
    public var motionTrigger: MotionTrigger?
    /// How clips keep sound, or `nil` for silent clips. By default AAC, 48 kHz stereo: clips of a
    /// source that has sound (a file's audio track, a live stream's, PCM the host pushes) carry
    /// it; a source without sound gives video-only clips either way.
    public var audio: AudioSettings?
    /// How much disk the clips and the ring buffer may take, and which clips are kept whatever
    /// it is (see ``StorageBudget``), or `nil` for no limit.
    public var storageBudget: StorageBudget?
    /// Continuous recording of everything a passthrough live source sends, in segments (see
    /// ``ContinuousRecording``), or `nil` (the default) for event clips only.
    public var continuousRecording: ContinuousRecording?

    /// The reference default: `.medium` frames, default export settings, 30 fps, 3 s back, 2 s forward.
    public static var `default`: RecorderConfiguration { RecorderConfiguration() }

    /// Creates a configuration. The directories default to folders in the temporary directory.
    ///
    /// - Parameters:
    ///   - recordQuality: the size of recorded frames.
    ///   - customRecordSize: another size, which takes precedence.
    ///   - exportSettings: the clips' size (by default the recorded size), codec and container.
    ///   - framerate: the recording frame rate.
    ///   - backwardOffset: seconds kept before each event (0…3600).
    ///   - forwardOffset: seconds kept after each event (0…3600).
    ///   - maximumClipDuration: the longest merged clip, in seconds (up to a day).
    ///   - bufferDirectory: the ring buffer's directory.
    ///   - outputDirectory: where clips are published.
    ///   - bufferJPEGQuality: the JPEG quality of buffered decoded frames (1…100).
    ///   - frameConversion: what happens to frames of another size or rate.
    ///   - motionTrigger: the built-in motion trigger, or `nil`.
    ///   - audio: the clips' audio, or `nil` for silent clips.
    ///   - storageBudget: the most disk the clips and ring buffer may take, or `nil` for no limit.
    ///   - continuousRecording: continuous recording into segments, or `nil` for none.
    public init(
        recordQuality: VideoQuality = .medium,
        customRecordSize: FrameSize? = nil,
        exportSettings: ExportSettings = .default,
        framerate: Framerate = .fps30,
        backwardOffset: Double = 3.0,
        forwardOffset: Double = 2.0,
        maximumClipDuration: Double = 60,
        bufferDirectory: URL = FileManager.default.temporaryDirectory.appendingPathComponent("RecorderKit-buffer"),
        outputDirectory: URL = FileManager.default.temporaryDirectory.appendingPathComponent("RecorderKit-clips"),
        bufferJPEGQuality: Int = 85,
        frameConversion: FrameConversion = .convert,
        motionTrigger: MotionTrigger? = nil,
        audio: AudioSettings? = .default,
        storageBudget: StorageBudget? = nil,
        continuousRecording: ContinuousRecording? = nil
    ) {
        self.recordQuality = recordQuality
        self.customRecordSize = customRecordSize
        self.exportSettings = exportSettings
        self.framerate = framerate
        self.backwardOffset = backwardOffset
        self.forwardOffset = forwardOffset
        self.maximumClipDuration = maximumClipDuration
        self.bufferDirectory = bufferDirectory
        self.outputDirectory = outputDirectory
        self.bufferJPEGQuality = bufferJPEGQuality
        self.frameConversion = frameConversion
        self.motionTrigger = motionTrigger
        self.audio = audio
        self.storageBudget = storageBudget
        self.continuousRecording = continuousRecording
    }

    /// The size recorded frames are fitted to: ``customRecordSize`` if set, else ``recordQuality``'s.
    public var recordSize: FrameSize { customRecordSize ?? recordQuality.size }

    /// The size clips are exported at: ``ExportSettings/customSize`` if set, else
    /// ``ExportSettings/quality``'s, else (by default) ``recordSize``, so frames are not upscaled.
    /// A passthrough clip keeps the source's own size, and one given an export filter is
    /// re-encoded at the source's size unless ``ExportSettings`` names another.
    public var exportSize: FrameSize { exportSettings.clipSize(recorded: recordSize) }

    /// Frames kept before an event.
    var backwardFrames: Int { Int((backwardOffset * Double(framerate.rawValue)).rounded()) }
    /// Frames kept from the event on; the event's own frame always belongs to its clip.
    var forwardFrames: Int { max(1, Int((forwardOffset * Double(framerate.rawValue)).rounded())) }
    /// The most frames a merged clip may hold.
    var maximumClipFrames: Int { Int((maximumClipDuration * Double(framerate.rawValue)).rounded()) }

    /// The longest ``maximumClipDuration``: a day.
    public static let maximumClipDurationLimit = 86_400.0

    /// Checks every field and throws ``RecorderError/invalidConfiguration(_:)`` naming the first
    /// bad one, or ``RecorderError/audio(_:)`` for bad ``audio`` settings.
    ///
    /// Numbers are checked for range before anything is computed from them, so NaN, infinities
    /// and huge values are refused here rather than trapping later.
    ///
    /// - Throws: ``RecorderError/invalidConfiguration(_:)``, ``RecorderError/audio(_:)``.
    public func validate() throws(RecorderError) {
        func fail(_ reason: RecorderConfigurationProblem) -> RecorderError { .invalidConfiguration(reason) }
        try recordSize.validate("recorded")
        try exportSize.validate("export")
        if let quantiser = exportSettings.filteredQuantiser, !(0...51).contains(quantiser) {
            throw fail(.integerOutOfRange(field: "exportSettings.filteredQuantiser", value: quantiser, allowed: 0...51))
        }
        guard backwardOffset.isFinite, backwardOffset >= 0, backwardOffset <= 3600 else {
            throw fail(.secondsOutOfRange(field: "backwardOffset", seconds: backwardOffset, allowed: 0...3600))
        }
        guard forwardOffset.isFinite, forwardOffset >= 0, forwardOffset <= 3600 else {
            throw fail(.secondsOutOfRange(field: "forwardOffset", seconds: forwardOffset, allowed: 0...3600))
        }
        guard maximumClipDuration.isFinite, maximumClipDuration > 0,
            maximumClipDuration <= Self.maximumClipDurationLimit
        else {
            throw fail(
                .secondsNotWithin(
                    field: "maximumClipDuration", seconds: maximumClipDuration, limit: Self.maximumClipDurationLimit))
        }
        guard maximumClipFrames >= backwardFrames + forwardFrames else {
            throw fail(
                .clipShorterThanWindows(
                    maximumClipDuration: maximumClipDuration, backwardOffset: backwardOffset,
                    forwardOffset: forwardOffset))
        }
        guard (1...100).contains(bufferJPEGQuality) else {
            throw fail(.integerOutOfRange(field: "bufferJPEGQuality", value: bufferJPEGQuality, allowed: 1...100))
        }
        guard bufferDirectory.isFileURL else { throw fail(.notAFileURL(field: "bufferDirectory")) }
        guard outputDirectory.isFileURL else { throw fail(.notAFileURL(field: "outputDirectory")) }
        guard bufferDirectory.standardizedFileURL != outputDirectory.standardizedFileURL else {
            throw fail(.sameAsBufferDirectory(field: "outputDirectory"))
        }
        try motionTrigger?.validate()
        try storageBudget?.validate()
        if let continuous = continuousRecording {
            try continuous.validate()
            guard continuous.directory.standardizedFileURL != bufferDirectory.standardizedFileURL else {
                throw fail(.sameAsBufferDirectory(field: "continuousRecording.directory"))
            }
        }
        do {
            try audio?.validate(for: exportSettings.format)
        } catch {
            throw .audio(error)
        }
    }

    /// Checks samples a host pushes against ``audio``, as every recorder's `push(audio:)` does
    /// before it keeps them (the rules are ``AudioSettings/check(_:against:)``'s).
    /// - Parameter samples: the pushed samples.
    /// - Throws: ``RecorderError/audio(_:)`` with ``AudioError/audioDisabled`` when clips are
    ///   silent, ``AudioError/formatMismatch(_:)`` or ``AudioError/nonFiniteSamples``.
    public func checkAudio(_ samples: AudioSamples) throws(RecorderError) {
        do throws(AudioError) {
            try AudioSettings.check(samples, against: audio)
        } catch {
            throw .audio(error)
        }
    }
}

/// What happens to a frame whose size or timing differs from the configuration.
public enum FrameConversion: Sendable, Hashable, CaseIterable {
    /// Frames are scaled to fit the configured size (centred, black bars if the aspect differs)
    /// and resampled to the configured rate: surplus frames are dropped, gaps up to one second
    /// are filled by repeating the frame that ends them.
    case convert
    /// Such frames are refused with ``RecorderError/frameSizeMismatch(expected:got:)`` or
    /// ``RecorderError/frameRateMismatch(expected:timestampStep:)``.
    case refuse
}

/// The built-in motion trigger: frame differencing on small grey copies of the frames.
public struct MotionTrigger: Sendable, Hashable {
    /// How much a pixel's grey level must change, as a fraction of full scale (0…1), to count.
    public var pixelThreshold: Double
    /// The fraction of pixels (0…1) that must change for a frame to count as motion.
    public var minimumArea: Double
    /// The width of the grey copies compared (their height keeps the aspect ratio).
    public var analysisWidth: Int
    /// Every how many frames one is analysed (1…120): 1 compares every frame with the one
    /// before, 5 compares every fifth frame with the fifth before it. On a compressed live source
    /// only frames that are needed are decoded, at reduced size where the codec allows.
    public var frameInterval: Int

    /// Creates a motion trigger.
    ///
    /// - Parameters:
    ///   - pixelThreshold: the grey-level change that counts (0…1).
    ///   - minimumArea: the share of changed pixels that counts as motion (0…1].
    ///   - analysisWidth: the width of the compared copies (8…1024).
    ///   - frameInterval: analyse every this many frames (1…120).
    public init(
        pixelThreshold: Double = 0.1, minimumArea: Double = 0.01, analysisWidth: Int = 64, frameInterval: Int = 1
    ) {
        self.pixelThreshold = pixelThreshold
        self.minimumArea = minimumArea
        self.analysisWidth = analysisWidth
        self.frameInterval = frameInterval
    }

    func validate() throws(RecorderError) {
        guard pixelThreshold > 0, pixelThreshold < 1 else {
            throw .invalidConfiguration(
                .fractionOutOfRange(field: "motionTrigger.pixelThreshold", value: pixelThreshold, includesOne: false))
        }
        guard minimumArea > 0, minimumArea <= 1 else {
            throw .invalidConfiguration(
                .fractionOutOfRange(field: "motionTrigger.minimumArea", value: minimumArea, includesOne: true))
        }
        guard (8...1024).contains(analysisWidth) else {
            throw .invalidConfiguration(
                .integerOutOfRange(field: "motionTrigger.analysisWidth", value: analysisWidth, allowed: 8...1024))
        }
        guard (1...120).contains(frameInterval) else {
            throw .invalidConfiguration(
                .integerOutOfRange(field: "motionTrigger.frameInterval", value: frameInterval, allowed: 1...120))
        }
    }
}
