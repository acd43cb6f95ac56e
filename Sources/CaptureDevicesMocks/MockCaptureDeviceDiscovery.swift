import CaptureDevices

/// A discovery that returns the devices it is given: for tests, and for programs on a machine
/// without cameras. Devices can be swapped while it is in use (a camera plugged in or pulled
/// out), and a failure can be scripted.
public actor MockCaptureDeviceDiscovery: CaptureDeviceDiscovery {
    private var current: [CaptureDevice]
    private var failure: CaptureDeviceError?
    /// How many times ``devices()`` was called.
    public private(set) var callCount = 0

    /// A discovery that finds `devices`.
    /// - Parameter devices: what it finds, for example ``SampleDevices/phone``.
    public init(devices: [CaptureDevice]) {
        current = devices
    }

    /// The devices it was given, or the scripted failure.
    /// - Returns: the devices.
    /// - Throws: the error given to ``fail(with:)``, until it is cleared.
    public func devices() throws(CaptureDeviceError) -> [CaptureDevice] {
        callCount += 1
        if let failure { throw failure }
        return current
    }

    /// Replaces the devices it finds.
    /// - Parameter devices: what it finds from now on.
    public func setDevices(_ devices: [CaptureDevice]) {
        current = devices
    }

    /// Makes ``devices()`` throw `error` (or succeed again, given `nil`).
    /// - Parameter error: the failure, or `nil`.
    public func fail(with error: CaptureDeviceError?) {
        failure = error
    }
}
