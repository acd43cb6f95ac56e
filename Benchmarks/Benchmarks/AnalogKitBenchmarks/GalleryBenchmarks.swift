import Benchmark
import BenchmarkWorkloads
import Foundation
import GalleryKit
// PhotoMetadata and GPSCoordinate are moving from GalleryKit to Imaging; both imports keep this
// file building before and after.
import Imaging

/// GalleryKit: saving a 12 MP JPEG with EXIF into a location, and uncached 256-pixel thumbnails
/// of 24 MP JPEGs, one alone and a batch of 20 (generated in parallel on every core).
func galleryBenchmarks() {
    let saveFolder = Inputs.folder.appendingPathComponent("gallery-save")
    Benchmark(
        "Gallery save with EXIF 12 MP JPEG",
        configuration: .init(
            metrics: [.wallClock, .cpuTotal, .peakMemoryResident, .throughput], maxDuration: .seconds(10),
            maxIterations: 20)
    ) { (benchmark, fixture: SaveFixture) in
        for _ in benchmark.scaledIterations {
            blackHole(
                try await fixture.library.save(
                    .encoded(fixture.bytes), to: fixture.locationID, metadata: fixture.metadata))
        }
    } setup: {
        try? FileManager.default.removeItem(at: saveFolder)
        let library = try GalleryLibrary(directory: saveFolder)
        let location = try await library.createLocation(named: "Benchmark", kind: .folder, directory: nil)
        let bytes = try Data(contentsOf: Inputs.photo(megapixels: 12))
        let metadata = PhotoMetadata(
            captureDate: Date(timeIntervalSince1970: 1_750_000_000),
            gps: try GPSCoordinate(latitude: -33.8568, longitude: 151.2153, altitude: 12),
            description: "Kodak Portra 400 — frame 12 of 36")
        return SaveFixture(library: library, locationID: location.id, bytes: bytes, metadata: metadata)
    } teardown: {
        try? FileManager.default.removeItem(at: saveFolder)
    }

    for count in [1, 20] {
        Benchmark(
            "Gallery thumbnails 256 px of 24 MP uncached, batch of \(count)",
            configuration: .init(
                metrics: [.wallClock, .cpuTotal, .peakMemoryResident, Metrics.wallPerItem, Metrics.coreUse],
                maxDuration: .seconds(20), maxIterations: 10)
        ) { benchmark, photos in
            // A new library for each run: every thumbnail is a cache miss.
            let folder = Inputs.folder.appendingPathComponent("gallery-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let cache = try GalleryLibrary(directory: folder).thumbnails
            benchmark.startMeasurement()
            let usage = try await Usage.measure { blackHole(try await cache.thumbnails(for: photos, size: 256)) }
            benchmark.stopMeasurement()
            benchmark.measurement(Metrics.wallPerItem, Int((usage.wallSeconds / Double(count) * 1e6).rounded()))
            benchmark.measurement(Metrics.coreUse, Int((usage.coreUse * 100).rounded()))
        } setup: {
            Inputs.photoLinks(megapixels: 24, count: count)
        }
    }
}

/// A library with one folder location, and the photo and metadata saved into it again and again.
struct SaveFixture {
    /// The library.
    let library: GalleryLibrary
    /// The folder location saved into.
    let locationID: Int64
    /// The 12 MP JPEG.
    let bytes: Data
    /// The metadata written into each saved file's EXIF.
    let metadata: PhotoMetadata
}
