/// How clips are encoded and stored.
public struct ExportSettings: Sendable, Hashable {
    /// The encoder's quality; the clip keeps the recorded frame size.
    public var quality: ExportQuality
    /// The video codec.
    public var codec: VideoCodec
    /// The container.
    public var format: VideoFormat

    /// The reference default: medium quality, the preferred codec, MP4.
    public static let `default` = ExportSettings()

    /// Creates export settings.
    public init(quality: ExportQuality = .medium, codec: VideoCodec = .preferred, format: VideoFormat = .mp4) {
        self.quality = quality
        self.codec = codec
        self.format = format
    }
}

/// The encoder's quality: for H.264 a constant quantiser, for MJPEG a fixed quantiser.
public enum ExportQuality: Sendable, Hashable, CaseIterable {
    /// Small files (H.264 QP 30, MJPEG q 12).
    case low
    /// The default (H.264 QP 23, MJPEG q 5).
    case medium
    /// Near transparent (H.264 QP 18, MJPEG q 2).
    case high

    /// libx264's constant quantiser for P-frames (it gives I-frames a slightly finer one).
    var h264Quantiser: String {
        switch self {
        case .low: "30"
        case .medium: "23"
        case .high: "18"
        }
    }

    var mjpegQuantiser: Int32 {
        switch self {
        case .low: 12
        case .medium: 5
        case .high: 2
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
