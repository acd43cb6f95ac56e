import Foundation

// Compiler-error stubs for public API that 0.2.0–0.3.0 renamed or removed: old code fails to
// compile with a message that says what to write instead. None of them can be called.
// A stubbed type's members carry no attribute of their own: naming the type is the error.

// MARK: - Sizes and compression (0.2.0)

/// Unavailable: renamed ``VideoQuality``.
@available(
    *, unavailable, renamed: "VideoQuality",
    message: "renamed VideoQuality; .custom(width:height:) is now RecorderConfiguration.customRecordSize"
)
public typealias RecordQuality = VideoQuality

extension VideoQuality {
    /// Unavailable: other sizes are ``RecorderConfiguration/customRecordSize``.
    @available(
        *, unavailable,
        message:
            "Set RecorderConfiguration.customRecordSize: FrameSize(width:height:) (ExportSettings.customSize for clips)"
    )
    public static func custom(width: Int, height: Int) -> VideoQuality { fatalError("unavailable") }
}

/// Unavailable: renamed ``CompressionLevel``.
@available(
    *, unavailable, renamed: "CompressionLevel",
    message:
        "The encoder's quantiser is ExportSettings.compression (CompressionLevel .compact, .standard, .fine); ExportSettings.quality is now the clip's frame size (VideoQuality)"
)
public typealias ExportQuality = CompressionLevel

/// Unavailable: renamed ``CompressionLevel``.
@available(
    *, unavailable, renamed: "CompressionLevel",
    message: "The reference's export quality is the clip size (VideoQuality); the quantiser is CompressionLevel"
)
public typealias DCHExportQuality = CompressionLevel

extension CompressionLevel {
    /// Unavailable: renamed ``compact``.
    @available(*, unavailable, renamed: "compact", message: "ExportQuality.low is CompressionLevel.compact")
    public static var low: CompressionLevel { fatalError("unavailable") }

    /// Unavailable: renamed ``standard``.
    @available(*, unavailable, renamed: "standard", message: "ExportQuality.medium is CompressionLevel.standard")
    public static var medium: CompressionLevel { fatalError("unavailable") }

    /// Unavailable: renamed ``fine``.
    @available(*, unavailable, renamed: "fine", message: "ExportQuality.high is CompressionLevel.fine")
    public static var high: CompressionLevel { fatalError("unavailable") }
}

// MARK: - Filters (0.2.0)

extension FrameRecorder {
    /// Unavailable: pass the registry.
    @available(
        *, unavailable, renamed: "setExportFilter(named:parameters:registry:seed:)",
        message: "Pass the registry explicitly: setExportFilter(named: name, registry: .shared)"
    )
    public func setExportFilter(named name: String, parameters: [String: Double] = [:], seed: UInt64 = 0)
        throws(RecorderError)
    { fatalError("unavailable") }
}

// MARK: - Test patterns (0.3.0)

extension TestPatternSource {
    /// Unavailable: `firstFrameIndex:` and `firstTimestamp:`, and `frameCount:` counts frames.
    @available(
        *, unavailable,
        message:
            "Use init(frameSize:frameRate:frameCount:firstFrameIndex:firstTimestamp:): frameCount is now the number of frames yielded from firstFrameIndex (it was an end index), and firstTimestamp is the first yielded frame's time (startTime was frame 0's)"
    )
    public init(
        frameSize: FrameSize, frameRate: Double = 30, frameCount: Int? = nil, startIndex: Int,
        startTime: Double = 0
    ) throws(FrameSourceError) { fatalError("unavailable") }

    /// Unavailable: `firstTimestamp:` is the first yielded frame's time.
    @available(
        *, unavailable,
        message:
            "Use init(frameSize:frameRate:frameCount:firstFrameIndex:firstTimestamp:): firstTimestamp is the first yielded frame's time (startTime was frame 0's)"
    )
    public init(frameSize: FrameSize, frameRate: Double = 30, frameCount: Int? = nil, startTime: Double)
        throws(FrameSourceError)
    { fatalError("unavailable") }

    /// Unavailable: renamed ``nextFrameIndex``.
    @available(
        *, unavailable, renamed: "nextFrameIndex",
        message: "renamed nextFrameIndex; yieldedCount counts the frames yielded so far"
    )
    public var nextIndex: Int { fatalError("unavailable") }

    /// Unavailable: ``firstTimestamp`` is the first yielded frame's time.
    @available(
        *, unavailable,
        message: "Use firstTimestamp: the time of the first yielded frame, not of frame 0"
    )
    public var startTime: Double { fatalError("unavailable") }
}

// MARK: - Cameras (0.3.0)

/// Unavailable: CaptureDevices discovers cameras.
@available(
    *, unavailable,
    message:
        "LiveVideoDevice was removed. Use CaptureDevices: try await V4L2DeviceDiscovery().devices(), then try LiveSourceOptions.device(device, pixelFormat:size:frameRate:), or LiveSourceOptions.device(path) with a path"
)
public struct LiveVideoDevice {
    /// Unavailable: CaptureDevices discovers cameras.
    public init(path: String, name: String) { fatalError("unavailable") }

    /// Unavailable: CaptureDevices discovers cameras.
    public static func available() -> [LiveVideoDevice] { fatalError("unavailable") }
}
