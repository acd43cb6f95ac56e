/// What went wrong describing or discovering a capture device.
public enum CaptureDeviceError: Error, Sendable, Hashable {
    /// A device description that selection cannot use, such as a zoom range that is not finite.
    case invalidDevice(identifier: String, reason: String)
    /// Nothing exists at this path.
    case deviceNotFound(path: String)
    /// The path exists but is not a video device (not a V4L2 character device, or the driver
    /// refused V4L2's queries).
    case notAVideoDevice(path: String, reason: String)
    /// A video device that does not capture (a metadata, output or codec node).
    case notACaptureDevice(path: String)
    /// The device exists but this process may not open it (on Linux, join the `video` group).
    case permissionDenied(path: String)
    /// A query the device should have answered failed.
    case queryFailed(path: String, request: String, reason: String)
    /// The folder that holds the device nodes could not be listed.
    case unreadableDirectory(path: String, reason: String)
}

extension CaptureDeviceError: CustomStringConvertible {
    /// A one-line message for people.
    public var description: String {
        switch self {
        case .invalidDevice(let identifier, let reason): "invalid capture device '\(identifier)': \(reason)"
        case .deviceNotFound(let path): "no device at \(path)"
        case .notAVideoDevice(let path, let reason): "\(path) is not a video device: \(reason)"
        case .notACaptureDevice(let path): "\(path) is a video device that does not capture"
        case .permissionDenied(let path): "permission denied opening \(path) (is this user in the 'video' group?)"
        case .queryFailed(let path, let request, let reason): "\(request) on \(path) failed: \(reason)"
        case .unreadableDirectory(let path, let reason): "cannot list \(path): \(reason)"
        }
    }
}
