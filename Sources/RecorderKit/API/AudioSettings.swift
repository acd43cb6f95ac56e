/// How a recorder keeps sound: the codec, sample rate, channels and bitrate of the audio stream
/// in the ring buffer and in every clip.
///
/// Decoded sources (pushed PCM, a file's audio track, a capture device) are resampled to
/// ``sampleRate`` and ``channels`` and compressed as they arrive; a passthrough recording keeps
/// the source's own audio packets and ignores these numbers. Set
/// ``RecorderConfiguration/audio`` to `nil` for silent clips.
public struct AudioSettings: Sendable, Hashable {
    /// The encoder.
    public var codec: AudioCodec
    /// Samples per second of the stream, and of PCM given to ``EventRecorder/push(audio:)``.
    public var sampleRate: Int
    /// The number of channels (1 mono, 2 stereo, up to 8), of the stream and of pushed PCM.
    public var channels: Int
    /// The encoder's target bitrate in bits per second (8 000…512 000).
    public var bitrate: Int

    /// AAC at 48 kHz, stereo, 128 kbit/s.
    public static var `default`: AudioSettings { AudioSettings() }

    /// Creates audio settings.
    ///
    /// - Parameters:
    ///   - codec: the encoder.
    ///   - sampleRate: samples per second; one the codec supports (``AudioCodec/sampleRates``).
    ///   - channels: 1…8 for AAC, 1…2 for Opus.
    ///   - bitrate: bits per second, 8 000…512 000.
    public init(codec: AudioCodec = .aac, sampleRate: Int = 48_000, channels: Int = 2, bitrate: Int = 128_000) {
        self.codec = codec
        self.sampleRate = sampleRate
        self.channels = channels
        self.bitrate = bitrate
    }

    /// Checks every field.
    ///
    /// - Parameter format: the container the clips are written in (Opus goes in MP4 only).
    /// - Throws: ``AudioError/unsupportedSampleRate(_:codec:)``,
    ///   ``AudioError/unsupportedChannelCount(_:codec:)``, ``AudioError/bitrateOutOfRange(_:)``,
    ///   ``AudioError/codecNotInContainer(codec:format:)``.
    public func validate(for format: VideoFormat) throws(AudioError) {
        guard codec.sampleRates.contains(sampleRate) else {
            throw .unsupportedSampleRate(sampleRate, codec: codec)
        }
        guard (1...codec.maximumChannels).contains(channels) else {
            throw .unsupportedChannelCount(channels, codec: codec)
        }
        guard (8_000...512_000).contains(bitrate) else { throw .bitrateOutOfRange(bitrate) }
        if codec == .opus, format == .mov { throw .codecNotInContainer(codec: codec, format: format) }
    }

    /// Checks pushed samples against a configuration's audio settings.
    ///
    /// - Parameters:
    ///   - samples: the pushed samples.
    ///   - settings: the configuration's ``RecorderConfiguration/audio``.
    /// - Throws: ``AudioError/audioDisabled`` when `settings` is `nil`,
    ///   ``AudioError/formatMismatch(_:)`` for another rate or channel count or a partial sample
    ///   frame, ``AudioError/nonFiniteSamples`` for a NaN or infinite sample or timestamp.
    public static func check(_ samples: AudioSamples, against settings: AudioSettings?) throws(AudioError) {
        guard let settings else { throw .audioDisabled }
        guard samples.channels == settings.channels else {
            throw .formatMismatch(.channelCount(pushed: samples.channels, configured: settings.channels))
        }
        guard samples.sampleRate == settings.sampleRate else {
            throw .formatMismatch(.sampleRate(pushed: samples.sampleRate, configured: settings.sampleRate))
        }
        guard samples.samples.count % samples.channels == 0 else {
            throw .formatMismatch(.partialSampleFrame(samples: samples.samples.count, channels: samples.channels))
        }
        guard samples.timestamp.isFinite, samples.samples.allSatisfy(\.isFinite) else { throw .nonFiniteSamples }
    }
}

/// An audio encoder, through FFmpeg's libavcodec.
public enum AudioCodec: String, Sendable, Hashable, CaseIterable {
    /// AAC-LC, FFmpeg's native `aac` encoder: plays everywhere MP4 and MOV play.
    case aac
    /// Opus through `libopus` (when FFmpeg was built with it); MP4 only.
    case opus

    /// The sample rates the codec takes.
    public var sampleRates: Set<Int> {
        switch self {
        case .aac: [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000, 64000, 88200, 96000]
        case .opus: [8000, 12000, 16000, 24000, 48000]
        }
    }

    /// The most channels the recorder encodes with the codec.
    public var maximumChannels: Int { self == .aac ? 8 : 2 }

    /// The name of FFmpeg's encoder.
    var encoderName: String { self == .aac ? "aac" : "libopus" }
}
