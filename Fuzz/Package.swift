// swift-tools-version: 6.0
import PackageDescription

// libFuzzer targets for AnalogKit's parsers, built against the SDK in `..` with
// `-sanitize=fuzzer,address` by `scripts/fuzz.sh` (which also builds the C target for the EXIF
// shim with clang). Each target's `main.swift` hands its test function to libFuzzer's driver.
let package = Package(
    name: "AnalogKitFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "AnalogKit", path: ".."),
        // The route targets run SocialModelHTTP's routes in process (the same versions as the SDK).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .target(name: "FuzzDriver"),
        // `.cube` text: the streaming parser, the table's checks, the 1D path and the 3D kernel.
        .executableTarget(
            name: "FuzzCube", dependencies: ["FuzzDriver", .product(name: "FilmKit", package: "AnalogKit")]),
        // Stock JSON: decoding, validation, registration and the stock's look on a small image.
        .executableTarget(
            name: "FuzzStock", dependencies: ["FuzzDriver", .product(name: "FilmKit", package: "AnalogKit")]),
        // Encoded images through Imaging under the strict decoding policy (every libvips loader).
        .executableTarget(
            name: "FuzzImage", dependencies: ["FuzzDriver", .product(name: "Imaging", package: "AnalogKit")]),
        // Camera mapping files: decoding, validation, resolving the devices and selecting among them.
        .executableTarget(
            name: "FuzzDeviceMapping",
            dependencies: ["FuzzDriver", .product(name: "CaptureDevices", package: "AnalogKit")]),
        // SocialModelHTTP's query parameters: form decoding, and a round trip through form encoding.
        .executableTarget(
            name: "FuzzQuery",
            dependencies: ["FuzzDriver", .product(name: "SocialModelHTTPParsing", package: "AnalogKit")]),
        // SocialModelHTTP's JSON shape bounds: chunking never changes the answer, and what passes is within them.
        .executableTarget(
            name: "FuzzJSONShape",
            dependencies: ["FuzzDriver", .product(name: "SocialModelHTTPParsing", package: "AnalogKit")]),
        // Hashtags and mentions: each once, within the limits, keyed by the one rule, found again alone.
        .executableTarget(
            name: "FuzzText", dependencies: ["FuzzDriver", .product(name: "SocialModelText", package: "AnalogKit")]),
        // SocialModelHTTP's routes in process, over the in-memory store, signed in: the route fixture.
        .target(
            name: "FuzzRouteSupport",
            dependencies: [
                .product(name: "SocialModelHTTP", package: "AnalogKit"),
                .product(name: "SocialModelSQLite", package: "AnalogKit"),
                .product(name: "SocialModelTesting", package: "AnalogKit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // Every GET route of openapi.json with arbitrary path parameters and queries: never a trap or a 500.
        .executableTarget(
            name: "FuzzRoutes",
            dependencies: ["FuzzDriver", "FuzzRouteSupport", .product(name: "Hummingbird", package: "hummingbird")]),
        // Multipart photo uploads (POST /posts) with arbitrary boundaries and bodies: never a trap or a 500.
        .executableTarget(
            name: "FuzzMultipart",
            dependencies: ["FuzzDriver", "FuzzRouteSupport", .product(name: "Hummingbird", package: "hummingbird")]),
        // RecorderKit's passthrough packet check (cut H.264/H.265 packets are dropped), through its SPI.
        .executableTarget(
            name: "FuzzPacket", dependencies: ["FuzzDriver", .product(name: "RecorderKit", package: "AnalogKit")]),
    ],
    swiftLanguageModes: [.v6]
)
