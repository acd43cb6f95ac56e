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
    /// ``AudioSettings/channels``), or their count is not a whole number of sample frames.
    case formatMismatch(String)
    /// A sample or timestamp is NaN or infinite.
    case nonFiniteSamples
    /// The configuration has no audio (``RecorderConfiguration/audio`` is `nil`).
    case audioDisabled

    /// A readable description.
    public var description: String {
        switch self {
        case .unsupportedSampleRate(let rate, let codec): "\(codec.rawValue) does not take a sample rate of \(rate) Hz"
        case .unsupportedChannelCount(let count, let codec):
            "\(codec.rawValue) takes 1…\(codec.maximumChannels) channels, not \(count)"
        case .bitrateOutOfRange(let bitrate): "audio bitrate \(bitrate) bit/s is outside 8000…512000"
        case .codecNotInContainer(let codec, let format): "\(codec.rawValue) audio cannot go in \(format.rawValue)"
        case .encoderUnavailable(let name): "FFmpeg has no audio encoder \(name)"
        case .formatMismatch(let reason): "pushed audio does not match the configuration: \(reason)"
        case .nonFiniteSamples: "pushed audio holds a NaN or infinite sample or timestamp"
        case .audioDisabled: "the configuration records no audio (audio is nil)"
        }
    }
}
