/// Why a camera could not be chosen. Selection never traps: every dead end is one of these.
public enum CameraSelectionError: Error, Sendable, Hashable {
    /// There are no devices at all.
    case noDevices
    /// A flip found no camera on the other side: none there, or the current camera is external
    /// and so has no other side. Carries the current camera's position.
    case noCameraOnOtherSide(of: CaptureDevice.Position)
    /// No device has this kind and position.
    case noCamera(kind: CaptureDevice.Kind, position: CaptureDevice.Position)
    /// A zoom factor that is not a finite number (NaN or infinite).
    case invalidZoom(Double)
    /// Two devices share an identifier, so a remembered choice could not tell them apart.
    case duplicateIdentifier(String)
}

extension CameraSelectionError: CustomStringConvertible {
    /// A one-line message for people.
    public var description: String {
        switch self {
        case .noDevices: "there is no camera"
        case .noCameraOnOtherSide(let position):
            position.opposite.map { "there is no \($0.rawValue) camera to flip to" }
                ?? "an \(position.rawValue) camera has no other side to flip to"
        case .noCamera(let kind, let position): "there is no \(position.rawValue) \(kind.rawValue) camera"
        case .invalidZoom(let value): "zoom factor \(value) is not a finite number"
        case .duplicateIdentifier(let identifier): "two devices have the identifier '\(identifier)'"
        }
    }
}
