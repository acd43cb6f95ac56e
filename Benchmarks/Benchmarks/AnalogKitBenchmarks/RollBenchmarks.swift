import Benchmark
import BenchmarkWorkloads
import FilmKit
import Foundation

/// Roll development as a camera app runs it: a full roll of 12 MP shots developed by ``Camera``
/// with its stock, every core rendering frames, each frame written to the roll's store.
///
/// Loading and shooting the roll happen before the measurement starts; only development is timed.
func rollBenchmarks() {
    let frames = RollSize.twelve.exposures
    let stock = "kodak-portra-400"
    Benchmark(
        "Roll develop \(frames) × 12 MP (\(stock))",
        configuration: .init(metrics: FrameRateUnit.perMinute.metrics, maxDuration: .seconds(90), maxIterations: 5)
    ) { benchmark in
        let folder = Inputs.folder.appendingPathComponent("rolls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let camera = try Camera(store: FileRollStore(folder: folder), registry: .shared)
        let shot = try Data(contentsOf: Inputs.photo(megapixels: 12))
        let name = "Benchmark"
        try await camera.load(name, stock: stock, size: .twelve)
        for frame in 0..<frames {
            let metadata = ShotMetadata(captureDate: Date(timeIntervalSince1970: 1_750_000_000 + Double(frame) * 60))
            try await camera.shoot(encoded: shot, on: name, metadata: metadata)
        }
        benchmark.startMeasurement()
        let usage = try await Usage.measure { try await camera.develop(name) { _ in } }
        benchmark.stopMeasurement()
        benchmark.record(usage, frames: frames, rate: .perMinute)
    }
}
