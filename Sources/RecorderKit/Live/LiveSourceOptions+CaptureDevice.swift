import CaptureDevices

extension LiveSourceOptions {
    /// Options for a camera a `CaptureDeviceDiscovery` found (on Linux,
    /// `V4L2DeviceDiscovery` lists `/dev/video*` with their formats, sizes and rates), asking for
    /// one of the modes it reports.
    ///
    /// The mode is checked against what the device reported, so a typo or a size the camera does
    /// not offer is an error here rather than a device that silently delivers something else.
    ///
    /// - Parameters:
    ///   - device: the camera.
    ///   - pixelFormat: the format to ask for (`MJPG` and `H264` can be recorded in passthrough), or
    ///     `nil` for the device's default.
    ///   - size: the frame size, or `nil` for the device's default.
    ///   - frameRate: the frame rate, or `nil` for the device's default.
    /// - Returns: options that open the device through libavdevice.
    /// - Throws: ``RecorderError/invalidConfiguration(_:)`` when the device did not report the
    ///   format, the size (in that format, or in any format) or the rate (at that size), or when
    ///   FFmpeg has no name for the format.
    public static func device(
        _ device: CaptureDevice, pixelFormat: CaptureFormat.PixelFormat? = nil, size: FrameSize? = nil,
        frameRate: CaptureDevices.FrameRate? = nil
    ) throws(RecorderError) -> LiveSourceOptions {
        var options: [String: String] = [:]
        var formats = device.formats
        if let pixelFormat {
            guard let name = ffmpegInputFormat(pixelFormat) else {
                throw .invalidConfiguration(.noInputFormat(pixelFormat))
            }
            formats = formats.filter { $0.pixelFormat == pixelFormat }
            guard !formats.isEmpty else {
                throw .invalidConfiguration(.pixelFormatNotOffered(device: device.name, pixelFormat: pixelFormat))
            }
            options["input_format"] = name
        }
        var sizes = formats.flatMap(\.sizes)
        if let size {
            sizes = sizes.filter { $0.width == size.width && $0.height == size.height }
            guard !sizes.isEmpty else {
                throw .invalidConfiguration(.sizeNotOffered(device: device.name, size: size, pixelFormat: pixelFormat))
            }
            options["video_size"] = "\(size.width)x\(size.height)"
        }
        if let frameRate {
            guard sizes.contains(where: { $0.frameRates.contains(frameRate) }) else {
                throw .invalidConfiguration(.frameRateNotOffered(device: device.name, frameRate: frameRate))
            }
            options["framerate"] = "\(frameRate.frames)/\(frameRate.seconds)"
        }
        return LiveSourceOptions(
            url: device.address.url, inputFormat: device.address.inputFormat, demuxerOptions: options)
    }

    /// FFmpeg's V4L2 `input_format` name for a four-character code: a codec name for compressed
    /// formats, a pixel-format name for raw ones (libavdevice's own table is private).
    static func ffmpegInputFormat(_ format: CaptureFormat.PixelFormat) -> String? {
        switch format.code {
        case "MJPG", "JPEG": "mjpeg"
        case "H264": "h264"
        case "HEVC": "hevc"
        case "YUYV": "yuyv422"
        case "UYVY": "uyvy422"
        case "YVYU": "yvyu422"
        case "NV12": "nv12"
        case "NV21": "nv21"
        case "YU12": "yuv420p"
        case "422P": "yuv422p"
        case "RGB3": "rgb24"
        case "BGR3": "bgr24"
        case "GREY": "gray"
        default: nil
        }
    }
}
