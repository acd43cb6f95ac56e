/// A frame size by name, as the reference framework's `DCHVideoQuality` (the same four cases, so
/// code that switches over them compiles): the size frames are recorded at
/// (``RecorderConfiguration/recordQuality``) and the size clips are exported at
/// (``ExportSettings/quality``). Other sizes are set with ``RecorderConfiguration/customRecordSize``
/// and ``ExportSettings/customSize``.
public enum VideoQuality: Sendable, Hashable, CaseIterable {
    /// 640×480.
    case low
    /// 1280×720.
    case medium
    /// 1920×1080.
    case high
    /// 3840×2160.
    case ultra

    /// The frame width in pixels.
    public var width: Int {
        switch self {
        case .low: 640
        case .medium: 1280
        case .high: 1920
        case .ultra: 3840
        }
    }

    /// The frame height in pixels.
    public var height: Int {
        switch self {
        case .low: 480
        case .medium: 720
        case .high: 1080
        case .ultra: 2160
        }
    }

    /// The frame size.
    public var size: FrameSize { FrameSize(width: width, height: height) }
}

/// A frame size in pixels.
public struct FrameSize: Sendable, Hashable, CustomStringConvertible {
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int

    /// Creates a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `width×height`.
    public var description: String { "\(width)×\(height)" }

    /// Checks that the size suits 4:2:0 video: even sides of 16…8192 pixels.
    func validate(_ field: String) throws(RecorderError) {
        guard width >= 16, height >= 16, width <= 8192, height <= 8192 else {
            throw .invalidConfiguration(.frameSizeOutOfRange(field: field, size: self))
        }
        guard width % 2 == 0, height % 2 == 0 else {
            throw .invalidConfiguration(.oddFrameSize(field: field, size: self))
        }
    }
}

/// The recording frame rate.
public enum Framerate: Int, Sendable, Hashable, CaseIterable {
    /// 24 frames per second.
    case fps24 = 24
    /// 30 frames per second.
    case fps30 = 30
    /// 60 frames per second.
    case fps60 = 60

    /// Frames per second.
    public var framesPerSecond: Int { rawValue }
}
