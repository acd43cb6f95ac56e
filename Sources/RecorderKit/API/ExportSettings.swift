/// How clips are encoded and stored.
public struct ExportSettings: Sendable, Hashable {
    /// The size of the clips, as the reference framework means its export quality: `.ultra`
    /// exports 3840×2160, `.medium` 1280×720; or `nil` (the default) for the recorded size
    /// (``RecorderConfiguration/recordSize``), so that clips are never upscaled unless asked to
    /// be. Frames of another aspect ratio are fitted inside, centred between black bars. A
    /// passthrough clip (``VideoCodec/passthrough``) keeps the source's own size, since changing
    /// it would mean decoding and re-encoding. ``RecorderConfiguration/exportSize`` is the size
    /// that results.
    public var quality: VideoQuality?
    /// A clip size other than the four of ``quality``, or `nil`; it takes precedence. Even sides of
    /// 16…8192 pixels.
    public var customSize: FrameSize?
    /// The video codec.
    public var codec: VideoCodec
    /// The container.
    public var format: VideoFormat
    /// How finely the encoder quantises (unused by passthrough clips, which are not re-encoded).
    public var compression: CompressionLevel
    /// The H.264 constant quantiser (0…51, lower is finer) of clips written through an export
    /// filter (`EventRecorder.setExportFilter`), or `nil` for ``compression``'s; MJPEG clips
    /// always use ``compression``.
    ///
    /// A film look's grain is fresh noise in every frame: at ``CompressionLevel/standard``'s
    /// QP 23 libx264 keeps nearly all of it, which makes a 1920×1080 clip with Portra 400
    /// about 86 Mbit/s (CineStill 800T 128 Mbit/s, the same clip without a look 1.4 Mbit/s) and
    /// costs about 25 ms of encoding a frame. The default, ``defaultFilteredQuantiser`` (28),
    /// keeps the grain visible at about 26 Mbit/s and 14 ms a frame; from about QP 32 the grain
    /// is smoothed away in flat areas. Checked by ``RecorderConfiguration/validate()``.
    public var filteredQuantiser: Int?

    /// The default ``filteredQuantiser``: QP 28.
    public static let defaultFilteredQuantiser = 28

    /// The clips' frame size, which now depends on the recorded size when ``quality`` is `nil`.
    @available(
        *, unavailable,
        message: "with quality nil (the default) clips keep the recorded size: use RecorderConfiguration.exportSize"
    )
    public var size: FrameSize { customSize ?? quality?.size ?? VideoQuality.medium.size }

    /// The default: clips at the recorded size, the preferred codec, MP4.
    public static let `default` = ExportSettings()

    /// Creates export settings.
    ///
    /// - Parameters:
    ///   - quality: the clips' frame size, or `nil` for the recorded size.
    ///   - codec: the codec, or ``VideoCodec/passthrough`` to keep a compressed source's packets.
    ///   - format: the container.
    ///   - compression: the encoder's quantiser.
    ///   - customSize: another clip size, which takes precedence over `quality`.
    ///   - filteredQuantiser: the H.264 quantiser of clips with an export filter, `nil` for `compression`'s.
    public init(
        quality: VideoQuality? = nil,
        codec: VideoCodec = .preferred,
        format: VideoFormat = .mp4,
        compression: CompressionLevel = .standard,
        customSize: FrameSize? = nil,
        filteredQuantiser: Int? = ExportSettings.defaultFilteredQuantiser
    ) {
        self.quality = quality
        self.customSize = customSize
        self.codec = codec
        self.format = format
        self.compression = compression
        self.filteredQuantiser = filteredQuantiser
    }

    /// The size of a clip whose frames were recorded at `recorded`: ``customSize``, else
    /// ``quality``'s, else the recorded size itself.
    func clipSize(recorded: FrameSize) -> FrameSize {
        customSize ?? quality?.size ?? recorded
    }

    /// The libx264 quantiser of a clip, with or without an export filter.
    func h264Quantiser(filtered: Bool) -> String {
        guard filtered, let filteredQuantiser else { return compression.h264Quantiser }
        return String(filteredQuantiser)
    }
}

/// The encoder's quantiser: for H.264 a constant quantiser, for MJPEG a fixed one.
public enum CompressionLevel: Sendable, Hashable, CaseIterable {
    /// Small files (H.264 QP 30, MJPEG q 12).
    case compact
    /// The default (H.264 QP 23, MJPEG q 5).
    case standard
    /// Near transparent (H.264 QP 18, MJPEG q 2).
    case fine

    /// libx264's constant quantiser for P-frames (it gives I-frames a slightly finer one).
    var h264Quantiser: String {
        switch self {
        case .compact: "30"
        case .standard: "23"
        case .fine: "18"
        }
    }

    var mjpegQuantiser: Int32 {
        switch self {
        case .compact: 12
        case .standard: 5
        case .fine: 2
        }
    }
}

/// The video codec of a clip.
public enum VideoCodec: Sendable, Hashable, CaseIterable {
    /// H.264 (libx264) where FFmpeg has that encoder, MJPEG otherwise.
    case preferred
    /// H.264 through libx264; export fails with ``VideoIOError/encoderUnavailable(_:)`` without it.
    case h264
    /// Motion JPEG: every frame a JPEG; larger files, always available.
    case mjpeg
    /// The source's own compressed video (H.264, H.265 or MJPEG from a ``LiveVideoSource``),
    /// kept as it arrives in the ring buffer and remuxed into clips without decoding or
    /// re-encoding. Frames that come decoded (pushed, a test pattern, a raw camera format), and
    /// clips given an export filter, are encoded as ``preferred`` instead.
    case passthrough
}

/// The container of a clip.
public enum VideoFormat: String, Sendable, Hashable, CaseIterable {
    /// MPEG-4 part 14 (`.mp4`).
    case mp4
    /// QuickTime (`.mov`).
    case mov

    /// The file name extension.
    public var fileExtension: String { rawValue }
}
