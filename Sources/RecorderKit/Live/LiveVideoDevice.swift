import CFFmpeg

/// A V4L2 camera as libavdevice lists it: enough to record from it with
/// ``LiveSourceOptions/device(_:pixelFormat:size:frameRate:)``. (Choosing between cameras by
/// position, kind and zoom is a separate matter.)
public struct LiveVideoDevice: Sendable, Hashable {
    /// The device path, such as `/dev/video0`.
    public var path: String
    /// The name the driver gives it.
    public var name: String

    /// Creates a description.
    public init(path: String, name: String) {
        self.path = path
        self.name = name
    }

    /// The V4L2 video capture devices present, through `avdevice_list_input_sources`; empty when
    /// there are none (or FFmpeg lacks V4L2 support).
    ///
    /// - Returns: the devices in the order FFmpeg lists them.
    public static func available() -> [LiveVideoDevice] {
        FFmpegRuntime.prepare()
        guard let v4l2 = av_find_input_format("v4l2") else { return [] }
        var list: UnsafeMutablePointer<AVDeviceInfoList>?
        defer { avdevice_free_list_devices(&list) }
        guard avdevice_list_input_sources(v4l2, nil, nil, &list) >= 0, let found = list else { return [] }
        var devices: [LiveVideoDevice] = []
        for index in 0..<Int(found.pointee.nb_devices) {
            guard let info = found.pointee.devices[index], let path = info.pointee.device_name else { continue }
            let name = info.pointee.device_description.map { String(cString: $0) } ?? ""
            devices.append(LiveVideoDevice(path: String(cString: path), name: name))
        }
        return devices
    }
}
