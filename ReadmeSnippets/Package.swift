// swift-tools-version: 6.0
import PackageDescription

// Every Swift listing of the README and of the DocC articles, as a file: an executable per program,
// test files in a test target per kit. `scripts/readme-snippets.py` checks that the documents' ```swift
// blocks are these files byte for byte (or writes them in with --write); `scripts/consumer-check.sh`
// copies this package out of the repository and builds it on the SDK's built modules, runs its
// tests and runs the RecorderKit snippet. `Manifest/Package.swift` is the README's (and "Getting
// started"'s) Package.swift, `Manifest/Mocks/Package.swift` the one of "Testing with the mocks", each
// checked with `swift package dump-package`.
//
// ANALOGKIT_SDK (set by consumer-check.sh) is where the SDK is; by default, the folder above.
let sdk = Context.environment["ANALOGKIT_SDK"] ?? ".."

func product(_ name: String) -> Target.Dependency { .product(name: name, package: "AnalogKit") }

// Each program is named `snippet-<folder>`: consumer-check.sh builds in the SDK's own .build, where
// the SDK's example programs (custom-filter, social-accounts, social-network) have the folders' names.
func snippet(_ name: String, _ products: [String], _ others: [Target.Dependency] = []) -> Target {
    .executableTarget(name: "snippet-\(name)", dependencies: products.map(product) + others, path: "Sources/\(name)")
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
        snippet("localized-error", ["FilmKit"]),
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
        snippet("social-content-check", ["FilmKit", "SocialModel", "SocialModelPhotos", "SocialModelSQLite"]),
        snippet(
            "social-export", ["FilmKit", "SocialModel", "SocialModelExport", "SocialModelPhotos", "SocialModelSQLite"]),
        snippet("social-postgres", ["SocialModel", "SocialModelStores"], [.product(name: "Logging", package: "swift-log")]),
        snippet(
            "social-http", ["FilmKit", "SocialModel", "SocialModelHTTP", "SocialModelPhotos", "SocialModelSQLite"],
            [.product(name: "Hummingbird", package: "hummingbird")]),
        snippet("social-live", ["SocialClient", "SocialModel", "SocialModelAPI"]),
        // The DocC articles' programs (an article's declaration-only listings are extra files of its program).
        snippet("first-look", ["FilmKit", "Imaging"]),
        snippet("list-filters", ["FilmKit"]),
        snippet("framed-look", ["FilmKit", "Imaging"]),
        snippet("stocks-as-data", ["FilmKit"]),
        snippet("shoot-roll", ["FilmKit"]),
        snippet("roll-delay", ["FilmKit"]),
        snippet("roll-to-gallery", ["FilmKit", "GalleryKit"]),
        snippet("roll-library", ["FilmKit"]),
        snippet("resize", ["Imaging"]),
        snippet("gallery-album", ["GalleryKit", "Imaging"]),
        snippet("gallery-mocks", ["GalleryKit", "GalleryKitMocks", "Imaging"]),
        snippet("embedding-recorder", ["CaptureDevices", "FilmKit", "Imaging", "RecorderKit"]),
        snippet("recorder-mocks", ["RecorderKit", "RecorderKitMocks"]),
        snippet("camera-mocks", ["CaptureDevices", "CaptureDevicesMocks"]),
        snippet("social-sqlite", ["SocialModel", "SocialModelSQLite"]),
        .testTarget(name: "FilmKitMockTests", dependencies: ["FilmKit", "FilmKitMocks", "Imaging"].map(product)),
        .testTarget(name: "RecorderKitMockTests", dependencies: ["RecorderKit", "RecorderKitMocks", "Imaging"].map(product)),
        .testTarget(
            name: "GalleryKitMockTests",
            dependencies: ["GalleryKit", "GalleryKitMocks", "Imaging", "RecorderKit", "RecorderKitMocks"].map(product)),
        .testTarget(
            name: "SocialModelMockTests",
            dependencies: ["SocialModel", "SocialModelMocks", "SocialModelSQLite"].map(product)),
        .testTarget(name: "StoreConformanceTests", dependencies: ["SocialModelSQLite", "SocialModelTesting"].map(product)),
    ]
)
