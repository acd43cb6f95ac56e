/// A run of PCM audio a host pushes with ``EventRecorder/push(audio:)``: interleaved 32-bit float
/// samples (−1…1) and the time of the first one, on the clock of the frames' timestamps.
public struct AudioSamples: Sendable, Hashable {
    /// Interleaved samples: `channels` values per sample frame.
    public var samples: [Float]
    /// The number of interleaved channels.
    public var channels: Int
    /// Sample frames per second.
    public var sampleRate: Int
    /// The time of the first sample frame, in seconds, on the same clock as the frames' timestamps.
    public var timestamp: Double

    /// Creates a run of float samples.
    ///
    /// - Parameters:
    ///   - samples: interleaved samples in −1…1.
    ///   - channels: the number of channels.
    ///   - sampleRate: sample frames per second.
    ///   - timestamp: the first sample frame's time in seconds.
    public init(samples: [Float], channels: Int, sampleRate: Int, timestamp: Double) {
        self.samples = samples
        self.channels = channels
        self.sampleRate = sampleRate
        self.timestamp = timestamp
    }

    /// Creates a run from signed 16-bit samples, as most capture APIs deliver them.
    ///
    /// - Parameters:
    ///   - int16Samples: interleaved samples.
    ///   - channels: the number of channels.
    ///   - sampleRate: sample frames per second.
    ///   - timestamp: the first sample frame's time in seconds.
    public init(int16Samples: [Int16], channels: Int, sampleRate: Int, timestamp: Double) {
        self.init(
            samples: int16Samples.map { Float($0) / 32768 }, channels: channels, sampleRate: sampleRate,
            timestamp: timestamp)
    }

    /// The number of sample frames (samples per channel).
    public var frameCount: Int { channels > 0 ? samples.count / channels : 0 }

    /// The duration in seconds.
    public var duration: Double { sampleRate > 0 ? Double(frameCount) / Double(sampleRate) : 0 }
}
