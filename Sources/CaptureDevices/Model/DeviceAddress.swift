/// How to open a device for capture, in the terms FFmpeg's libavdevice uses: an input format and
/// a URL, so a recorder's live source can open it with `avformat_open_input` (`ffmpeg -f
/// video4linux2 -i /dev/video0` on the command line).
public struct DeviceAddress: Sendable, Hashable, CustomStringConvertible {
    /// libavdevice's input format: "video4linux2" for V4L2, "avfoundation" on macOS, "lavfi" for
    /// FFmpeg's generated test sources.
    public var inputFormat: String
    /// What that format opens: a device path such as "/dev/video0", or a source description.
    public var url: String

    /// An address.
    /// - Parameters:
    ///   - inputFormat: libavdevice's input format name.
    ///   - url: the device path or source description.
    public init(inputFormat: String, url: String) {
        self.inputFormat = inputFormat
        self.url = url
    }

    /// A V4L2 device node.
    /// - Parameter path: the node's path, such as "/dev/video0".
    /// - Returns: the address libavdevice's `video4linux2` input opens.
    public static func v4l2(_ path: String) -> DeviceAddress {
        DeviceAddress(inputFormat: "video4linux2", url: path)
    }

    /// "video4linux2:/dev/video0".
    public var description: String { "\(inputFormat):\(url)" }
}
