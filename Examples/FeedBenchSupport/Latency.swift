import Foundation

/// Latency figures of repeated runs of one operation: wall-clock time, and the process's CPU time
/// (which a machine busy with other work inflates far less).
public struct Latency: CustomStringConvertible, Sendable {
    /// What was measured.
    public let label: String
    /// Wall-clock durations in ms, sorted.
    public let samples: [Double]
    /// CPU durations in ms, sorted.
    public let cpuSamples: [Double]

    /// Runs `body` `warmUp` times unmeasured, then `runs` times, recording each duration in ms.
    public static func measure(_ label: String, runs: Int, warmUp: Int = 20, _ body: () async throws -> Void)
        async rethrows -> Latency
    {
        for _ in 0..<warmUp { try await body() }
        var samples: [Double] = []
        var cpuSamples: [Double] = []
        samples.reserveCapacity(runs)
        cpuSamples.reserveCapacity(runs)
        let clock = ContinuousClock()
        for _ in 0..<runs {
            let cpuStart = processCPUMilliseconds()
            let elapsed = try await clock.measure { try await body() }
            cpuSamples.append(processCPUMilliseconds() - cpuStart)
            samples.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
        }
        return Latency(label: label, samples: samples.sorted(), cpuSamples: cpuSamples.sorted())
    }

    /// The runs of several measurements as one, labelled `label`.
    public static func merging(_ parts: [Latency], label: String) -> Latency {
        Latency(
            label: label, samples: parts.flatMap(\.samples).sorted(), cpuSamples: parts.flatMap(\.cpuSamples).sorted())
    }

    /// The same runs under another label.
    public func relabelled(_ label: String) -> Latency {
        Latency(label: label, samples: samples, cpuSamples: cpuSamples)
    }

    /// The process's CPU time so far, in ms.
    public static func processCPUMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
    }

    /// The value below which `fraction` of the sorted `samples` lie.
    public static func percentile(_ samples: [Double], _ fraction: Double) -> Double {
        samples[min(samples.count - 1, max(0, Int((Double(samples.count) * fraction).rounded(.up)) - 1))]
    }

    /// Operations a second at the median wall-clock time.
    public var perSecondAtMedian: Double { 1000 / Self.percentile(samples, 0.5) }

    /// One line: median and p99, wall-clock and CPU.
    public var description: String {
        String(
            format: "%@: wall median %.3f ms, p99 %.3f ms; CPU median %.3f ms, p99 %.3f ms (%d runs)", label,
            Self.percentile(samples, 0.5), Self.percentile(samples, 0.99), Self.percentile(cpuSamples, 0.5),
            Self.percentile(cpuSamples, 0.99), samples.count)
    }
}
