/// What an app remembers about its cameras between runs: the device last used on each side, and
/// the side it was last on. Identifiers only, so a remembered camera that has since disappeared
/// costs nothing: ``CameraSelector`` falls back to another on that side.
public struct CameraChoices: Sendable, Hashable {
    /// The identifier of the device last used on each side.
    public var lastUsed: [CaptureDevice.Position: String]
    /// The side the app was last on.
    public var activePosition: CaptureDevice.Position?

    /// Choices.
    /// - Parameters:
    ///   - lastUsed: the identifier of the device last used on each side.
    ///   - activePosition: the side the app was last on.
    public init(lastUsed: [CaptureDevice.Position: String] = [:], activePosition: CaptureDevice.Position? = nil) {
        self.lastUsed = lastUsed
        self.activePosition = activePosition
    }

    /// Records `device` as the last used on its side, and its side as the active one.
    /// - Parameter device: the camera now in use.
    public mutating func record(_ device: CaptureDevice) {
        lastUsed[device.position] = device.identifier
        activePosition = device.position
    }
}
