// swift-tools-version: 6.0
import PackageDescription

// Every Swift snippet of the README, as a file: an executable per program, a test target per test
// file. `scripts/readme-snippets.py` checks that the README's ```swift blocks are these files byte
// for byte (or writes them in with --write); `scripts/consumer-check.sh` copies this package out of
// the repository and builds it, runs its tests and runs the RecorderKit snippet. `Manifest/` is the
// README's Package.swift, checked with `swift package dump-package`.
//
// ANALOGKIT_SDK (set by consumer-check.sh) is where the SDK is; by default, the folder above.
let sdk = Context.environment["ANALOGKIT_SDK"] ?? ".."

func product(_ name: String) -> Target.Dependency { .product(name: name, package: "AnalogKit") }

func snippet(_ name: String, _ products: [String], _ others: [Target.Dependency] = []) -> Target {
    .executableTarget(name: name, dependencies: products.map(product) + others, path: "Sources/\(name)")
}

let package = Package(
    name: "ReadmeSnippets",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "AnalogKit", path: sdk),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        snippet("quick-start", ["FilmKit", "Imaging"]),
        snippet("custom-filter", ["FilmKit", "Imaging"]),
        snippet("own-stock", ["FilmKit"]),
        snippet("video-look", ["FilmKit", "Imaging"]),
        snippet("lut-stamp-border", ["FilmKit"]),
        snippet("roll", ["FilmKit", "GalleryKit"]),
        snippet("recorder", ["FilmKit", "RecorderKit"]),
        snippet("recorder-live", ["RecorderKit"]),
        snippet("recorder-audio", ["RecorderKit"]),
        snippet("gallery", ["GalleryKit", "Imaging"]),
        snippet("camera-choice", ["CaptureDevices"]),
        snippet("camera-exif", ["CaptureDevices", "CaptureDevicesMocks", "GalleryKit", "Imaging"]),
        snippet("social-accounts", ["SocialModel", "SocialModelSQLite"]),
        snippet(
            "social-mail-identity", ["SocialModel", "SocialModelIdentity", "SocialModelMail", "SocialModelSQLite"],
            [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]),
        snippet("social-network", ["FilmKit", "SocialModel", "SocialModelPhotos", "SocialModelSQLite"]),
        snippet("social-postgres", ["SocialModel", "SocialModelPostgres"], [.product(name: "Logging", package: "swift-log")]),
        snippet(
            "social-http", ["FilmKit", "SocialModel", "SocialModelHTTP", "SocialModelPhotos", "SocialModelSQLite"],
            [.product(name: "Hummingbird", package: "hummingbird")]),
        snippet("social-live", ["SocialClient", "SocialModel", "SocialModelAPI"]),
        .testTarget(name: "FilmKitMockTests", dependencies: ["FilmKit", "FilmKitMocks", "Imaging"].map(product)),
        .testTarget(name: "RecorderKitMockTests", dependencies: ["RecorderKit", "RecorderKitMocks", "Imaging"].map(product)),
        .testTarget(
            name: "GalleryKitMockTests", dependencies: ["GalleryKit", "GalleryKitMocks", "Imaging"].map(product)),
        .testTarget(name: "SocialModelMockTests", dependencies: ["SocialModel", "SocialModelMocks"].map(product)),
        .testTarget(name: "StoreConformanceTests", dependencies: ["SocialModelMocks", "SocialModelTesting"].map(product)),
    ]
)
