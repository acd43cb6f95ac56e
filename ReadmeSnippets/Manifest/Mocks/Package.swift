// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "MyApp",
    platforms: [.macOS(.v15)],
    dependencies: [.package(url: "https://github.com/analogkit/analogkit", from: "0.1.0")],
    targets: [
        .executableTarget(name: "MyApp", dependencies: [.product(name: "FilmKit", package: "analogkit")]),
        .testTarget(
            name: "MyAppTests",
            dependencies: [
                "MyApp",
                .product(name: "FilmKitMocks", package: "analogkit"),
                .product(name: "GalleryKitMocks", package: "analogkit"),
                .product(name: "RecorderKitMocks", package: "analogkit"),
                .product(name: "SocialModelMocks", package: "analogkit"),
            ]
        ),
    ]
)
