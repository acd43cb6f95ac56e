// swift-tools-version: 6.0
import PackageDescription

// Each kit adds its products and targets in its own section below, so that a change to one kit
// touches one section. Kits depend downward only: Imaging → FilmKit → GalleryKit, RecorderKit,
// SocialModel.

var products: [Product] = []
var targets: [Target] = []

// MARK: - Test support (shared by every kit's tests; not a product)

targets += [
    // No libvips: the tests that do not touch pixels link this one only.
    .target(name: "TestSupport", dependencies: ["Locking"], path: "Tests/Support"),
    // Test images, colour scenes and damaged files, for the tests that do touch pixels.
    .target(name: "PixelTestSupport", dependencies: ["Imaging", "TestSupport"], path: "Tests/PixelSupport"),
]

// MARK: - Locking (shared by every kit; not a product)

targets += [
    // TSan cannot see the futex under Synchronization.Mutex or GLib's locks; these mark the edges.
    .target(name: "CThreadSanitizer"),
    // What the kits' C kernels share: the AVX2 clones, libvips' hand-offs marked for TSan, and the
    // set-up of a lazy libvips operation.
    .target(name: "CKernelSupport", dependencies: ["CVips", "CThreadSanitizer"]),
    .target(name: "Locking", dependencies: ["CThreadSanitizer"]),
]

// MARK: - KitLocalization (English, Slovak and Czech messages; Imaging and SocialModel re-export it)

targets += [
    .target(name: "KitLocalization", resources: [.process("Localization")]),
    .testTarget(name: "KitLocalizationTests", dependencies: ["KitLocalization"]),
]

// MARK: - SeededRandom (SplitMix64; FilmKit re-exports it, so it needs no product of its own)

targets += [
    .target(name: "SeededRandom")
]

// MARK: - FileSafety (atomic writes, file names as bytes, bounded reads, checksums; not a product)

// What every kit that keeps files needs, without libvips (GLib only, for the checksums); Imaging
// re-exports it for its public `FileSystemPath`.
targets += [
    .systemLibrary(name: "CGLib", pkgConfig: "glib-2.0", providers: [.apt(["libglib2.0-dev"]), .brew(["glib"])]),
    .target(name: "FileSafety", dependencies: ["CGLib"]),
    .testTarget(name: "FileSafetyTests", dependencies: ["FileSafety", "TestSupport"]),
]

// MARK: - Imaging (libvips)

products += [
    .library(name: "Imaging", targets: ["Imaging"])
]
targets += [
    .systemLibrary(
        name: "CVips",
        pkgConfig: "vips",
        providers: [.apt(["libvips-dev"]), .brew(["vips"])]
    ),
    // Swift cannot call C variadic functions; this shim gives each libvips operation a fixed signature.
    .target(name: "CVipsShim", dependencies: ["CVips", "CThreadSanitizer"]),
    // libexif builds and reads EXIF blocks; libjpeg swaps them into a JPEG without re-encoding it.
    .target(name: "CExifShim", linkerSettings: [.linkedLibrary("exif"), .linkedLibrary("jpeg")]),
    // Conversion from an embedded ICC profile to the working space: LittleCMS reads the profiles,
    // a table kernel converts the pixels.
    .target(
        name: "CIccTransform", dependencies: ["CVips", "CKernelSupport"], linkerSettings: [.linkedLibrary("lcms2")]),
    .target(
        name: "Imaging",
        dependencies: ["CVips", "CVipsShim", "CExifShim", "CIccTransform", "FileSafety", "KitLocalization"],
        resources: [.process("Localization")]),
    .testTarget(
        name: "ImagingTests",
        dependencies: ["Imaging", "Locking", "TestSupport", "PixelTestSupport", "imaging-leak-check"]
    ),
    // Runs a workload in a process of its own and counts libvips' live objects afterwards.
    .executableTarget(name: "imaging-leak-check", dependencies: ["FilmKit"], path: "Tests/LeakCheck"),
]

// MARK: - CaptureDevices (cameras: the model, selection, discovery, remembered choices)

// Pure Swift plus swift-log and, on Linux, a C shim over the V4L2 ioctls: no libvips, no FFmpeg,
// so GalleryKit (and later RecorderKit's live sources) can use it from below.
products += [
    .library(name: "CaptureDevices", targets: ["CaptureDevices"]),
    .library(name: "CaptureDevicesMocks", targets: ["CaptureDevicesMocks"]),
]
targets += [
    // V4L2's requests are macros around the variadic ioctl, which Swift cannot import.
    .target(name: "CV4L2Shim"),
    .target(
        name: "CaptureDevices",
        dependencies: [
            .target(name: "CV4L2Shim", condition: .when(platforms: [.linux])),
            .product(name: "Logging", package: "swift-log"), "KitLocalization",
        ],
        resources: [.process("Localization")]
    ),
    .target(name: "CaptureDevicesMocks", dependencies: ["CaptureDevices"]),
    .testTarget(
        name: "CaptureDevicesTests",
        // SeededRandom (SplitMix64) drives the shuffles and the mapping-file corruptions.
        dependencies: ["CaptureDevices", "CaptureDevicesMocks", "TestSupport", "SeededRandom"]
    ),
    .executableTarget(
        name: "camera-selection",
        dependencies: [
            "CaptureDevices", "CaptureDevicesMocks", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ],
        path: "Examples/CameraSelection"
    ),
]

// MARK: - FilmKit

products += [
    .library(name: "FilmKit", targets: ["FilmKit"]),
    .library(name: "FilmKitMocks", targets: ["FilmKitMocks"]),
]
targets += [
    // The film pass and the LUT kernels (libvips operations written in C, vectorised).
    .target(name: "CFilmKernels", dependencies: ["CVips", "CKernelSupport"]),
    .target(
        name: "FilmKit",
        dependencies: ["Imaging", "CVipsShim", "CFilmKernels", "FileSafety", "Locking", "SeededRandom"],
        resources: [.copy("Resources/Stocks"), .process("Localization")]),
    .target(name: "FilmKitMocks", dependencies: ["FilmKit", "Locking"]),
    .testTarget(
        name: "FilmKitTests", dependencies: ["FilmKit", "FilmKitMocks", "TestSupport", "PixelTestSupport", "filmkit"]),
    .executableTarget(
        name: "filmkit",
        dependencies: ["FilmKit", "Locking", .product(name: "ArgumentParser", package: "swift-argument-parser")],
        path: "Examples/FilmCLI"
    ),
    .executableTarget(name: "film-demo", dependencies: ["FilmKit", "ExampleSupport"], path: "Examples/FilmDemo"),
    // The command-line rule the hand-written example programs share (help, usage errors).
    .target(name: "ExampleSupport", path: "Examples/Support"),
    .executableTarget(name: "custom-filter", dependencies: ["FilmKit"], path: "Examples/CustomFilter"),
]

// MARK: - GalleryKit

products += [
    .library(name: "GalleryKit", targets: ["GalleryKit"]),
    .library(name: "GalleryKitMocks", targets: ["GalleryKitMocks"]),
]
targets += [
    // FilmKit: developed rolls export into a location (LocationExportDestination); CaptureDevices:
    // a photo's zoom and lens come from the selected camera.
    .target(
        name: "GalleryKit",
        dependencies: [
            "Imaging", "FilmKit", "CaptureDevices", "FileSafety", .product(name: "GRDB", package: "GRDB.swift"),
        ],
        resources: [.process("Localization")]
    ),
    .target(name: "GalleryKitMocks", dependencies: ["GalleryKit", "Imaging"]),
    // gallery-bench is the writer the atomic-save test kills; gallery-demo is run as users run it.
    .testTarget(
        name: "GalleryKitTests",
        dependencies: [
            "GalleryKit", "GalleryKitMocks", "Imaging", "FilmKit", "FilmKitMocks", "TestSupport", "PixelTestSupport",
            "gallery-bench", "CaptureDevices", "CaptureDevicesMocks", "gallery-demo",
        ]
    ),
    .executableTarget(
        name: "gallery-demo", dependencies: ["GalleryKit", "Imaging", "FilmKit", "ExampleSupport"],
        path: "Examples/GalleryDemo"),
    .executableTarget(
        name: "gallery-bench", dependencies: ["GalleryKit", "Imaging"], path: "Examples/GalleryBench",
        exclude: ["measure.sh"]),
]

// MARK: - RecorderKit

products += [
    .library(name: "RecorderKit", targets: ["RecorderKit"]),
    .library(name: "RecorderKitMocks", targets: ["RecorderKitMocks"]),
]
targets += [
    // FFmpeg 5.1's libavformat, libavcodec, libavdevice (V4L2 cameras, ALSA/PulseAudio), libavutil,
    // libswscale and libswresample (audio); the module map links all six.
    .systemLibrary(
        name: "CFFmpeg",
        pkgConfig: "libavformat",
        providers: [
            .apt([
                "libavformat-dev", "libavcodec-dev", "libavdevice-dev", "libavutil-dev", "libswscale-dev",
                "libswresample-dev",
            ]),
            .brew(["ffmpeg"]),
        ]
    ),
    // FFmpeg's error codes and av_err2str are macros, which Swift cannot import; this shim exposes them.
    .target(name: "CFFmpegShim", dependencies: ["CFFmpeg"]),
    // The recorder's own C kernel: RGB to 4:2:0 YUV in one pass (no libvips, no FFmpeg).
    .target(name: "CRecorderKernels", dependencies: ["CKernelSupport"]),
    .target(
        name: "RecorderKit",
        dependencies: [
            "Imaging", "FilmKit", "CaptureDevices", "CFFmpeg", "CFFmpegShim", "CRecorderKernels", "Locking",
            // Stream health as metrics, through a factory the host injects (RecorderMetrics).
            .product(name: "CoreMetrics", package: "swift-metrics"),
        ],
        resources: [.process("Localization")]),
    .target(name: "RecorderKitMocks", dependencies: ["RecorderKit", "FilmKit", "Imaging", "Locking"]),
    // The tests launch recorder-host as a child process (and kill it), so they depend on it being built.
    .testTarget(
        name: "RecorderKitTests",
        dependencies: [
            "RecorderKit", "RecorderKitMocks", "CaptureDevices", "CaptureDevicesMocks", "TestSupport", "SeededRandom",
            "recorder-host", .product(name: "MetricsTestKit", package: "swift-metrics"),
        ]),
    // Code written for the reference DCHVideoRecorder framework, compiled as written: in Swift 5 mode,
    // as the reference's own package is.
    .testTarget(
        name: "RecorderKitReferenceTests", dependencies: ["RecorderKit", "Imaging", "TestSupport"],
        swiftSettings: [.swiftLanguageMode(.v5)]),
    .executableTarget(
        name: "recorder-host",
        dependencies: [
            "RecorderKit", "CaptureDevices", "Locking",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ],
        path: "Examples/RecorderHost"
    ),
    .executableTarget(
        name: "recorder-benchmark",
        dependencies: ["RecorderKit"],
        path: "Examples/RecorderBenchmark",
        exclude: ["measure.sh"]
    ),
]

// MARK: - SocialModel
// Shaped like swift-nio: a core with no heavy dependency (entities, rules, services, store
// protocols), the stores and the libvips photo processing as sibling products, and the
// conformance suite shipped as SocialModelTesting so anyone's store can be checked.

products += [
    .library(name: "SocialModel", targets: ["SocialModel"]),
    // SocialModel's hashtag and mention parser, a product so that its fuzz target (Fuzz/) builds it
    // without swift-crypto; SocialModel re-exports it.
    .library(name: "SocialModelText", targets: ["SocialModelText"]),
    .library(name: "SocialModelSQLite", targets: ["SocialModelSQLite"]),
    // Its own product, so SQLite-only users never build PostgresNIO.
    .library(name: "SocialModelPostgres", targets: ["SocialModelPostgres"]),
    // Either store from one URL (StoreLocation.open), for hosts that let the operator choose.
    .library(name: "SocialModelStores", targets: ["SocialModelStores"]),
    .library(name: "SocialModelPhotos", targets: ["SocialModelPhotos"]),
    .library(name: "SocialModelMocks", targets: ["SocialModelMocks"]),
    .library(name: "SocialModelTesting", targets: ["SocialModelTesting"]),
    .library(name: "SocialModelExport", targets: ["SocialModelExport"]),
]
targets += [
    .target(name: "SocialModelText"),
    .target(
        name: "SocialModel",
        dependencies: [
            "Locking", "KitLocalization", "SocialModelText",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "_CryptoExtras", package: "swift-crypto"),
            // The services report mail they could not send through the caller's Logger.
            .product(name: "Logging", package: "swift-log"),
        ],
        resources: [.process("Localization")]
    ),
    // What the two SQL stores share: each entity's columns and how a row decodes into it (package access, no product).
    .target(name: "SocialModelSQL", dependencies: ["SocialModel"]),
    .target(
        name: "SocialModelSQLite",
        dependencies: ["SocialModel", "SocialModelSQL", .product(name: "GRDB", package: "GRDB.swift")]
    ),
    .target(
        name: "SocialModelPostgres",
        dependencies: [
            "SocialModel", "SocialModelSQL", "Locking",
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]
    ),
    .target(
        name: "SocialModelStores",
        dependencies: [
            "SocialModel", "SocialModelSQLite", "SocialModelPostgres",
            .product(name: "Logging", package: "swift-log"),
        ]
    ),
    .target(name: "SocialModelPhotos", dependencies: ["SocialModel", "Imaging", "FilmKit", "Locking"]),
    // The data export's zip writer: ZIPFoundation behind the core's DataExportWriter.
    .target(
        name: "SocialModelExport",
        dependencies: ["SocialModel", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
    .target(
        name: "SocialModelMocks",
        dependencies: ["SocialModel", "Locking", .product(name: "Logging", package: "swift-log")]),
    .target(
        name: "SocialModelTesting",
        dependencies: ["SocialModel", "SocialModelMocks", .product(name: "Logging", package: "swift-log")]),
    .testTarget(
        name: "SocialModelTests",
        dependencies: [
            "SocialModel", "SocialModelSQLite", "SocialModelPostgres", "SocialModelStores", "SocialModelPhotos",
            "SocialModelMocks", "SocialModelTesting", "Imaging", "FilmKit", "TestSupport", "PixelTestSupport",
            "Locking", "SocialModelExport",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]
    ),
    // A user's view of SocialModelTesting: a deliberately broken store the suite must catch.
    .testTarget(
        name: "SocialModelTestingTests", dependencies: ["SocialModel", "SocialModelSQLite", "SocialModelTesting"]),
    .executableTarget(
        name: "social-accounts",
        dependencies: [
            "SocialModel", "SocialModelSQLite", "SocialModelMail", "SocialModelIdentity",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOPosix", package: "swift-nio"), .product(name: "Logging", package: "swift-log"),
        ],
        path: "Examples/SocialAccounts"
    ),
    .executableTarget(
        name: "recipe-planner",
        dependencies: [
            "SocialModel", "SocialModelSQLite", "SocialModelPhotos", "FilmKit",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ],
        path: "Examples/RecipePlanner"
    ),
    .executableTarget(
        name: "social-network",
        dependencies: ["SocialModel", "SocialModelSQLite", "SocialModelPhotos", "FilmKit", "ExampleSupport"],
        path: "Examples/SocialNetwork"
    ),
    // Seeds a large synthetic network and measures the feed and unread-count latencies.
    .executableTarget(
        name: "social-feed-bench",
        dependencies: [
            "SocialModel", "SocialModelAPI", "SocialModelSQLite", "SocialModelPhotos", "FilmKit", "FeedBenchSupport",
            .product(name: "GRDB", package: "GRDB.swift"),
        ],
        path: "Examples/SocialFeedBench"
    ),
    // Exports one user of social-feed-bench's network and checks the archive against the store.
    .executableTarget(
        name: "social-export-bench",
        dependencies: [
            "SocialModel", "SocialModelSQLite", "SocialModelExport", "SocialModelPhotos", "FilmKit",
            .product(name: "GRDB", package: "GRDB.swift"), .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ],
        path: "Examples/SocialExportBench"
    ),
    // What both feed benchmarks measure with: latency figures, the trust-and-safety rows laid over the data.
    .target(name: "FeedBenchSupport", dependencies: ["SocialModel"], path: "Examples/FeedBenchSupport"),
    // The feed benchmark's data, copied from social-feed-bench's SQLite file, measured on PostgreSQL.
    .executableTarget(
        name: "social-feed-bench-postgres",
        dependencies: [
            "SocialModel", "SocialModelPostgres", "FeedBenchSupport", .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "PostgresNIO", package: "postgres-nio"), .product(name: "Logging", package: "swift-log"),
        ],
        path: "Examples/PostgresFeedBench"
    ),
]

// MARK: - SocialModelHTTP and SocialClient
// SocialModel's network face: Hummingbird 2 routes a user mounts into their own application, and
// a URLSession client for apps. Their own products, so only servers build Hummingbird.

products += [
    .library(name: "SocialModelAPI", targets: ["SocialModelAPI"]),
    .library(name: "SocialModelHTTP", targets: ["SocialModelHTTP"]),
    // SocialModelHTTP's pure parsers (query, JSON shape), SPI only: a product so that the fuzz
    // targets (Fuzz/) can build them without Hummingbird, SwiftNIO or swift-crypto.
    .library(name: "SocialModelHTTPParsing", targets: ["SocialModelHTTPParsing"]),
    .library(name: "SocialClient", targets: ["SocialClient"]),
]
targets += [
    // What the routes and a client exchange: bodies, the error with its stable codes, the JSON coding.
    .target(name: "SocialModelAPI", dependencies: ["SocialModel"]),
    .target(name: "SocialModelHTTPParsing"),
    .target(
        name: "SocialModelHTTP",
        dependencies: [
            "SocialModel", "SocialModelAPI", "SocialModelHTTPParsing", "Locking", "KitLocalization",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            .product(name: "Crypto", package: "swift-crypto"),
            // Photo uploads as multipart/form-data.
            .product(name: "MultipartKit", package: "multipart-kit"),
            // A broken body framing (NIO's HTTPParserError) is answered 400 and closed.
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ],
        // The HTTP layer's own messages in English, Slovak and Czech (Accept-Language).
        resources: [.copy("openapi.json"), .process("Localization")]
    ),
    .testTarget(
        name: "SocialModelHTTPTests",
        dependencies: [
            "SocialModel", "SocialModelAPI", "SocialModelHTTP", "SocialModelMocks", "SocialModelSQLite",
            "SocialModelTesting", "SocialModelExport",
            // SeededRandom: its SplitMix64 makes the hostile-input junk.
            "SeededRandom", "TestSupport", .product(name: "Hummingbird", package: "hummingbird"),
            // A photo job cancelled by its request's timeout stops inside libvips.
            "SocialModelPhotos", "Imaging", "FilmKit", "PixelTestSupport",
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
        ]
    ),
    // For apps: URLSession for calls, no Hummingbird.
    // The live-update WebSocket through hummingbird-websocket's client (SwiftNIO, not Hummingbird):
    // Linux Foundation's URLSessionWebSocketTask needs a libcurl with WebSockets, which Debian's is not.
    .target(
        name: "SocialClient",
        dependencies: [
            "SocialModel", "SocialModelAPI", "Locking",
            .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
            .product(name: "Logging", package: "swift-log"),
        ],
        resources: [.process("Localization")]
    ),
    .testTarget(
        name: "SocialClientTests",
        dependencies: [
            "SocialClient", "SocialModel", "SocialModelAPI", "SocialModelHTTP", "SocialModelMocks",
            "SocialModelSQLite", "SocialModelTesting", "SocialModelExport", "TestSupport",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        ]
    ),
]

// The example server: SocialModelHTTP over a store chosen by a flag, with health, readiness and
// Prometheus metrics. swift-prometheus is needed here only, never by the library products.
targets += [
    .executableTarget(
        name: "social-server",
        dependencies: [
            "SocialModel", "SocialModelHTTP", "SocialModelSQLite", "SocialModelPostgres", "SocialModelPhotos",
            "SocialModelMail", "SocialModelExport", "FilmKit",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            // ConnectionGuard: the connection cap, the first head's deadline and malformed framing.
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ],
        path: "Examples/SocialServer",
        exclude: ["nginx.conf.template", "scale-out.sh", "benchmark.sh", "instances.sh", "hostile-load.sh"]
    ),
    // Starts the built social-server as users run it (in memory, SQLite, PostgreSQL) and stops it with SIGTERM.
    // Two instances on one PostgreSQL: a live update crosses from one to the other (SocialClient's socket).
    .testTarget(
        name: "SocialServerTests",
        dependencies: [
            "social-server", "TestSupport", "PixelTestSupport", "Imaging", "SocialClient", "SocialModel",
            "SocialModelAPI",
        ]
    ),
]

// MARK: - SocialModel's real edges: mail delivery and identity providers (products of their own, so that
// the core builds none of swift-nio-ssl, async-http-client or jwt-kit, and each needs only its own)

products += [
    .library(name: "SocialModelMail", targets: ["SocialModelMail"]),
    .library(name: "SocialModelMailMocks", targets: ["SocialModelMailMocks"]),
    .library(name: "SocialModelIdentity", targets: ["SocialModelIdentity"]),
]
targets += [
    // SMTP on SwiftNIO (STARTTLS and implicit TLS through swift-nio-ssl), the system's sendmail through
    // swift-subprocess, MIME messages, mustache templates.
    .target(
        name: "SocialModelMail",
        dependencies: [
            "SocialModel",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Mustache", package: "swift-mustache"),
            .product(name: "Subprocess", package: "swift-subprocess"),
            .product(name: "SystemPackage", package: "swift-system", condition: .when(platforms: [.linux])),
        ],
        resources: [.process("Composing/Localization")]
    ),
    .target(name: "SocialModelMailMocks", dependencies: ["SocialModelMail", "Locking"]),
    // OpenID Connect ID tokens through jwt-kit, Facebook through the Graph API, both over async-http-client.
    .target(
        name: "SocialModelIdentity",
        dependencies: [
            "SocialModel",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "JWTKit", package: "jwt-kit"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
        ],
        resources: [.process("Localization")]
    ),
    // Against aiosmtpd and msmtp started by the tests (Tests/SocialModelMailTests/Servers).
    .testTarget(
        name: "SocialModelMailTests",
        dependencies: [
            "SocialModelMail", "SocialModelMailMocks", "SocialModel", "SocialModelMocks", "SocialModelSQLite",
            "SeededRandom", "TestSupport",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "Logging", package: "swift-log"),
        ],
        exclude: ["Servers"]
    ),
    // Against an OpenID Connect issuer and a Graph-API-shaped server on loopback, run by the tests.
    .testTarget(
        name: "SocialModelIdentityTests",
        dependencies: [
            "SocialModelIdentity", "SocialModel", "SocialModelMocks", "SocialModelSQLite", "TestSupport",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "JWTKit", package: "jwt-kit"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "_CryptoExtras", package: "swift-crypto"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
        ]
    ),
]

let package = Package(
    name: "AnalogKit",
    defaultLocalization: "en",
    platforms: [.macOS(.v15)],
    products: products,
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // jwt-kit 5 needs swift-crypto 4; the rest of the package builds with either.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.7.1"),
        // Only for `swift package generate-documentation` (scripts/docs-check.sh); `swift build` builds none of it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.1"),
        // MIT; writes the data-export archive (SocialModelExport).
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: targets,
    swiftLanguageModes: [.v6]
)
