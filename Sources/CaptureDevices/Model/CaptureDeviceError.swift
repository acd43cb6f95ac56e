import Foundation

/// What went wrong describing or discovering a capture device.
public enum CaptureDeviceError: Error, Sendable, Hashable {
    /// A device description that selection cannot use, such as a zoom range that is not finite.
    case invalidDevice(identifier: String, reason: CaptureDeviceProblem)
    /// Nothing exists at this path.
    case deviceNotFound(path: String)
    /// The path exists but is not a video device (not a V4L2 character device, or the driver
    /// refused V4L2's queries).
    case notAVideoDevice(path: String, reason: CaptureDeviceProblem)
    /// A video device that does not capture (a metadata, output or codec node).
    case notACaptureDevice(path: String)
    /// The device exists but this process may not open it (on Linux, join the `video` group).
    case permissionDenied(path: String)
    /// A query the device should have answered failed; `reason` is the system's words.
    case queryFailed(path: String, request: String, reason: String)
    /// The folder that holds the device nodes could not be listed; `reason` is the system's words.
    case unreadableDirectory(path: String, reason: String)
}

extension CaptureDeviceError: CustomStringConvertible {
    /// A one-line message for people, in English.
    public var description: String { localizedDescription(for: Locale(identifier: "en")) }
}
