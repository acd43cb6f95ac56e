/// Finds the capture devices a machine has. ``V4L2DeviceDiscovery`` is the Linux implementation;
/// `MockCaptureDeviceDiscovery` in the `CaptureDevicesMocks` product stands in for tests and for
/// machines without a camera.
public protocol CaptureDeviceDiscovery: Sendable {
    /// The devices present now, in a stable order (by address).
    /// - Returns: every capture device found; an empty list when there is none.
    /// - Throws: ``CaptureDeviceError`` when the devices cannot be listed at all. A single device
    ///   that cannot be read is left out rather than failing the whole list.
    func devices() async throws(CaptureDeviceError) -> [CaptureDevice]
}
