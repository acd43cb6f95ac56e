/// One pixel format a device delivers, with the frame sizes and rates it offers in it.
public struct CaptureFormat: Sendable, Hashable {
    /// The pixel format.
    public var pixelFormat: PixelFormat
    /// The driver's description, such as "Motion-JPEG" or "YUYV 4:2:2".
    public var description: String
    /// Whether frames arrive compressed (MJPEG, H.264) rather than as raw pixels.
    public var isCompressed: Bool
    /// The sizes it offers, each with its frame rates. A driver that gives a range of sizes
    /// rather than a list is described by the smallest and the largest.
    public var sizes: [Size]

    /// Describes a format.
    /// - Parameters:
    ///   - pixelFormat: the pixel format.
    ///   - description: the driver's description; the format's code when empty.
    ///   - isCompressed: whether frames arrive compressed.
    ///   - sizes: the sizes and frame rates it offers.
    public init(pixelFormat: PixelFormat, description: String = "", isCompressed: Bool = false, sizes: [Size]) {
        self.pixelFormat = pixelFormat
        self.description = description.isEmpty ? pixelFormat.code : description
        self.isCompressed = isCompressed
        self.sizes = sizes
    }
}

/// A frame rate as an exact fraction of frames per second (30000/1001 for NTSC's 29.97).
public struct FrameRate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Frames…
    public let frames: Int
    /// …per this many seconds.
    public let seconds: Int

    /// A rate of `frames` per `seconds`.
    /// - Parameters:
    ///   - frames: frames, positive.
    ///   - seconds: seconds, positive.
    /// - Returns: `nil` unless both are positive.
    public init?(frames: Int, per seconds: Int = 1) {
        guard frames > 0, seconds > 0 else { return nil }
        self.frames = frames
        self.seconds = seconds
    }

    /// The rate as a number.
    public var framesPerSecond: Double { Double(frames) / Double(seconds) }

    /// Whether `lhs` is slower than `rhs` (compared exactly, as fractions).
    public static func < (lhs: FrameRate, rhs: FrameRate) -> Bool {
        lhs.frames.multipliedFullWidth(by: rhs.seconds) < rhs.frames.multipliedFullWidth(by: lhs.seconds)
    }

    /// "30 fps", "29.97 fps".
    public var description: String {
        "\(compactNumber(framesPerSecond, decimals: 2)) fps"
    }
}

extension CaptureFormat {
    /// A frame size with the frame rates a device offers at it.
    public struct Size: Sendable, Hashable {
        /// Width in pixels.
        public var width: Int
        /// Height in pixels.
        public var height: Int
        /// The frame rates offered at this size, fastest first. A driver that gives a range of rates
        /// is described by the fastest and the slowest.
        public var frameRates: [FrameRate]

        /// Describes a size.
        /// - Parameters:
        ///   - width: width in pixels.
        ///   - height: height in pixels.
        ///   - frameRates: the rates offered at this size.
        public init(width: Int, height: Int, frameRates: [FrameRate]) {
            self.width = width
            self.height = height
            self.frameRates = frameRates
        }
    }
}

extension CaptureFormat {
    /// A four-character pixel-format code, as V4L2 and FFmpeg name formats ("YUYV", "MJPG", "NV12").
    public struct PixelFormat: Sendable, Hashable, CustomStringConvertible {
        /// The four characters.
        public let code: String

        /// A format from its four ASCII characters.
        /// - Parameter code: exactly four printable ASCII characters (a trailing space counts).
        /// - Returns: `nil` when `code` is not four printable ASCII characters.
        public init?(_ code: String) {
            let bytes = Array(code.utf8)
            guard bytes.count == 4, bytes.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
            self.code = code
        }

        /// A format from V4L2's little-endian 32-bit code (`v4l2_fourcc(a, b, c, d)`).
        /// - Parameter fourCC: the code; bytes outside printable ASCII are shown as `?`.
        public init(fourCC: UInt32) {
            let bytes = (0..<4).map { UInt8(truncatingIfNeeded: fourCC >> (8 * $0)) }
            code = String(decoding: bytes.map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
        }

        /// The four characters.
        public var description: String { code }
    }
}
