import Benchmark
import BenchmarkWorkloads

/// Metrics of this suite beyond package-benchmark's own: frame rates in the units the SDK's
/// targets use, and how many cores a piece of work kept busy.
///
/// package-benchmark's custom metrics hold whole numbers, and its throughput metric counts
/// benchmark runs per second (zero for a run of several seconds), hence these.
enum Metrics {
    /// CPU time over wall time, in percent of one core: 200 is both cores of a two-core machine.
    static let coreUse = BenchmarkMetric.custom(
        "CPU use (% of one core)", polarity: .prefersLarger, useScalingFactor: false)
    /// CPU time per frame in microseconds, all threads together.
    static let cpuPerFrame = BenchmarkMetric.custom("CPU time per frame (µs)", useScalingFactor: false)
    /// Wall time per item of a batch in microseconds.
    static let wallPerItem = BenchmarkMetric.custom("Wall time per item (µs)", useScalingFactor: false)
}

/// How a frame rate is reported: per second for rates well above one a second, per minute for a
/// few a second, where whole frames per second would be too coarse.
enum FrameRateUnit {
    /// Frames per second.
    case perSecond
    /// Frames per minute.
    case perMinute

    /// The metric the rate is reported in.
    var metric: BenchmarkMetric {
        switch self {
        case .perSecond: .custom("Frames per second", polarity: .prefersLarger, useScalingFactor: false)
        case .perMinute: .custom("Frames per minute", polarity: .prefersLarger, useScalingFactor: false)
        }
    }

    /// The seconds in one unit of time.
    var seconds: Double {
        switch self {
        case .perSecond: 1
        case .perMinute: 60
        }
    }

    /// The metrics of frames measured with ``Usage``: wall clock, CPU, peak memory, the rate,
    /// core use and CPU per frame.
    var metrics: [BenchmarkMetric] {
        [.wallClock, .cpuTotal, .peakMemoryResident, metric, Metrics.coreUse, Metrics.cpuPerFrame]
    }
}

extension Benchmark {
    /// Records the rate, core use and CPU time per frame of `frames` frames done in `usage`.
    func record(_ usage: Usage, frames: Int, rate unit: FrameRateUnit) {
        measurement(unit.metric, Int((Double(frames) / usage.wallSeconds * unit.seconds).rounded()))
        measurement(Metrics.coreUse, Int((usage.coreUse * 100).rounded()))
        measurement(Metrics.cpuPerFrame, Int((usage.cpuSeconds / Double(frames) * 1e6).rounded()))
    }
}
