// swift-tools-version: 6.1
import PackageDescription

// The SDK's benchmarks, in a package of their own so that building and testing the SDK does not
// compile the benchmark framework. Run them with
//     swift package --package-path Benchmarks benchmark
// and the side-by-side comparison with peer tools with
//     bash Benchmarks/compare.sh
let package = Package(
    name: "AnalogKitBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "AnalogKit", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "AnalogKitBenchmarks",
            dependencies: [
                "BenchmarkWorkloads",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "FilmKit", package: "AnalogKit"),
                .product(name: "GalleryKit", package: "AnalogKit"),
                .product(name: "Imaging", package: "AnalogKit"),
                .product(name: "RecorderKit", package: "AnalogKit"),
                .product(name: "SocialModel", package: "AnalogKit"),
                .product(name: "SocialModelSQLite", package: "AnalogKit"),
            ],
            path: "Benchmarks/AnalogKitBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Work measured both by the benchmarks and by the tools compare.sh runs.
        .target(
            name: "BenchmarkWorkloads",
            dependencies: [
                .product(name: "Imaging", package: "AnalogKit"),
                .product(name: "RecorderKit", package: "AnalogKit"),
            ],
            path: "Sources/BenchmarkWorkloads"
        ),
        // RecorderKit's clip export alone, timed, for compare.sh to set beside ffmpeg.
        .executableTarget(
            name: "clip-export",
            dependencies: [
                "BenchmarkWorkloads",
                .product(name: "Imaging", package: "AnalogKit"),
                .product(name: "RecorderKit", package: "AnalogKit"),
            ],
            path: "Sources/clip-export"
        ),
        // A film stock on 1920×1080 frames (FilmKit's VideoLook, and RecorderKit's export with it),
        // timed for compare.sh.
        .executableTarget(
            name: "film-frames",
            dependencies: [
                "BenchmarkWorkloads",
                .product(name: "FilmKit", package: "AnalogKit"),
                .product(name: "Imaging", package: "AnalogKit"),
                .product(name: "RecorderKit", package: "AnalogKit"),
            ],
            path: "Sources/film-frames"
        ),
    ],
    swiftLanguageModes: [.v6]
)
