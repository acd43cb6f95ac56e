// swift-tools-version: 6.1
import PackageDescription

// The SDK's benchmarks, in a package of their own so that building and testing the SDK does not
// compile the benchmark framework. Run them with
//     swift package --package-path Benchmarks benchmark
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
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "FilmKit", package: "AnalogKit"),
                .product(name: "Imaging", package: "AnalogKit"),
            ],
            path: "Benchmarks/AnalogKitBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ],
    swiftLanguageModes: [.v6]
)
