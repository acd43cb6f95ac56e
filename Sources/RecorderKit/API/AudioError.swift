import Foundation
/// Why audio settings, pushed audio or an audio source were refused.
public enum AudioError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The codec does not take this sample rate.
    case unsupportedSampleRate(Int, codec: AudioCodec)
    /// The codec does not take this many channels.
    case unsupportedChannelCount(Int, codec: AudioCodec)
    /// The bitrate is outside 8 000…512 000 bits per second.
    case bitrateOutOfRange(Int)
    /// The container cannot hold the codec (Opus in MOV).
    case codecNotInContainer(codec: AudioCodec, format: VideoFormat)
    /// FFmpeg on this machine has no such encoder.
    case encoderUnavailable(String)
    /// Pushed samples do not match the configuration (``AudioSettings/sampleRate`` and
    /// ``AudioSettings/channels``), or their count is not a whole number of sample frames; the
    /// reason says which.
    case formatMismatch(AudioFormatProblem)
    /// A sample or timestamp is NaN or infinite.
    case nonFiniteSamples
    /// The configuration has no audio (``RecorderConfiguration/audio`` is `nil`).
    case audioDisabled

    /// The message in English, from RecorderKit's table (``localizedDescription(for:)``).
    public var description: String { localizedDescription(for: Locale(identifier: "en")) }
}
