import Benchmark

/// Every benchmark of the SDK, grouped by module.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .peakMemoryResident, .throughput],
        warmupIterations: 1,
        maxDuration: .seconds(8),
        maxIterations: 10
    )
    filmBenchmarks()
    rollBenchmarks()
    recorderBenchmarks()
    passthroughBenchmarks()
    galleryBenchmarks()
    socialBenchmarks()
}
