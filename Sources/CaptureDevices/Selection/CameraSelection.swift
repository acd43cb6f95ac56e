/// A device and the zoom factor to use on it, already within its range.
public struct CameraSelection: Sendable, Hashable {
    /// The device.
    public let device: CaptureDevice
    /// The zoom factor, within `device.zoomRange`.
    public let zoomFactor: Double

    init(device: CaptureDevice, zoomFactor: Double) {
        self.device = device
        self.zoomFactor = zoomFactor
    }
}
