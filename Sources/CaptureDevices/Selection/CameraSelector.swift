/// Chooses among a set of cameras: the flip to the other side, a camera by kind and position,
/// the camera to start with, and zoom factors within a device's range. Pure logic over values;
/// give it the devices a ``CaptureDeviceDiscovery`` found and the ``CameraChoices`` a
/// ``CameraChoiceStore`` remembered.
///
/// **The flip** (``flip(from:)``) goes from front to back or back to front (an external camera has
/// no other side) and picks, among the cameras there, in this order:
/// 1. one of the same kind (wide, ultra-wide, telephoto, …) as the current camera, if any;
/// 2. among those (or all of them, when none is of the same kind), the one whose diagonal field
///    of view is closest to the current camera's, in degrees (to a millionth of a degree); a
///    camera whose field of view is unknown comes after those whose is known.
///
/// **Ties** — in the flip, in ``select(kind:position:)`` and in ``preferredDevice(on:)`` — go to
/// the camera last used on that side (``remembered``), then to the wider field of view (a wider
/// view can be zoomed in; a narrower one cannot be zoomed out), then to the smaller identifier in
/// plain string order. So the same devices and choices always give the same camera.
public struct CameraSelector: Sendable {
    /// The devices to choose among, in the order given.
    public let devices: [CaptureDevice]
    /// The camera last used on each side, used to break ties and to start with.
    public var remembered: CameraChoices

    /// A selector over `devices`.
    /// - Parameters:
    ///   - devices: the cameras; identifiers must be unique.
    ///   - remembered: the cameras last used on each side (remembered devices that are not in
    ///     `devices` are ignored).
    /// - Throws: ``CameraSelectionError/duplicateIdentifier(_:)`` when two devices share an identifier.
    public init(devices: [CaptureDevice], remembered: CameraChoices = CameraChoices()) throws(CameraSelectionError) {
        var seen = Set<String>()
        for device in devices where !seen.insert(device.identifier).inserted {
            throw .duplicateIdentifier(device.identifier)
        }
        self.devices = devices
        self.remembered = remembered
    }

    /// The cameras on one side, in the order given.
    /// - Parameter position: the side.
    /// - Returns: the devices facing that way.
    public func devices(on position: CaptureDevice.Position) -> [CaptureDevice] {
        devices.filter { $0.position == position }
    }

    /// The camera on the other side most similar to `current` (the rule is in the type's
    /// documentation). `current` need not be one of ``devices``: a camera that was unplugged can
    /// still be flipped from.
    /// - Parameter current: the camera in use.
    /// - Returns: the camera to switch to.
    /// - Throws: ``CameraSelectionError/noCameraOnOtherSide(of:)`` when there is none.
    public func flip(from current: CaptureDevice) throws(CameraSelectionError) -> CaptureDevice {
        guard let side = current.position.opposite,
            let best = ranked(devices(on: side), similarTo: current).first
        else { throw .noCameraOnOtherSide(of: current.position) }
        return best
    }

    /// The flip of ``flip(from:)``, carrying the zoom factor over, clamped to the new camera's range.
    /// - Parameters:
    ///   - current: the camera in use.
    ///   - zoomFactor: the zoom factor in use.
    /// - Returns: the camera to switch to and the zoom factor to use on it.
    /// - Throws: ``CameraSelectionError/invalidZoom(_:)`` for a zoom factor that is not finite
    ///   (checked first), ``CameraSelectionError/noCameraOnOtherSide(of:)`` when there is no camera
    ///   to flip to.
    public func flip(from current: CaptureDevice, zoomFactor: Double) throws(CameraSelectionError) -> CameraSelection {
        guard zoomFactor.isFinite else { throw .invalidZoom(zoomFactor) }
        let device = try flip(from: current)
        return CameraSelection(device: device, zoomFactor: try clampZoom(zoomFactor, for: device))
    }

    /// The camera of this kind on this side (ties broken as the type's documentation says).
    /// - Parameters:
    ///   - kind: the kind of lens.
    ///   - position: the side.
    /// - Returns: the camera.
    /// - Throws: ``CameraSelectionError/noCamera(kind:position:)`` when there is none.
    public func select(kind: CaptureDevice.Kind, position: CaptureDevice.Position) throws(CameraSelectionError)
        -> CaptureDevice
    {
        let candidates = devices.filter { $0.kind == kind && $0.position == position }
        guard let best = ranked(candidates, similarTo: nil).first else {
            throw .noCamera(kind: kind, position: position)
        }
        return best
    }

    /// The camera to use on a side: the one last used there if it is still present, else a wide
    /// one, else an ultra-wide, a telephoto, a macro, any other (ties as documented).
    /// - Parameter position: the side.
    /// - Returns: the camera, or `nil` when the side has none.
    public func preferredDevice(on position: CaptureDevice.Position) -> CaptureDevice? {
        let candidates = devices(on: position)
        if let identifier = remembered.lastUsed[position],
            let device = candidates.first(where: { $0.identifier == identifier })
        {
            return device
        }
        for kind in CaptureDevice.Kind.allCases {
            if let best = ranked(candidates.filter { $0.kind == kind }, similarTo: nil).first { return best }
        }
        return nil
    }

    /// The camera to open when the app starts: the preferred one (``preferredDevice(on:)``) on the
    /// side the app was last on, else on the back, the front, then an external camera.
    /// - Returns: the camera.
    /// - Throws: ``CameraSelectionError/noDevices`` when there are no devices.
    public func startingDevice() throws(CameraSelectionError) -> CaptureDevice {
        let sides = [remembered.activePosition].compactMap { $0 } + [.back, .front, .external]
        for side in sides {
            if let device = preferredDevice(on: side) { return device }
        }
        throw .noDevices
    }

    /// A zoom factor brought within a device's range.
    /// - Parameters:
    ///   - zoomFactor: the wanted factor; below the range gives the lowest factor, above it the highest.
    ///   - device: the device.
    /// - Returns: the factor within `device.zoomRange`.
    /// - Throws: ``CameraSelectionError/invalidZoom(_:)`` for NaN or an infinite factor.
    public func clampZoom(_ zoomFactor: Double, for device: CaptureDevice) throws(CameraSelectionError) -> Double {
        guard let clamped = device.clampedZoomFactor(zoomFactor) else { throw .invalidZoom(zoomFactor) }
        return clamped
    }

    /// Remembers `device` as the last used on its side, and its side as the one the app is on.
    /// - Parameter device: the camera now in use.
    public mutating func remember(_ device: CaptureDevice) {
        remembered.record(device)
    }

    /// `candidates` best first: same kind as `reference` first, then closest field of view to it
    /// (when there is a reference), then the documented tie-breaks.
    private func ranked(_ candidates: [CaptureDevice], similarTo reference: CaptureDevice?) -> [CaptureDevice] {
        candidates.sorted { left, right in
            if let reference, (left.kind == reference.kind) != (right.kind == reference.kind) {
                return left.kind == reference.kind
            }
            if let reference {
                let leftDistance = distance(left, reference)
                let rightDistance = distance(right, reference)
                if leftDistance != rightDistance { return leftDistance < rightDistance }
            }
            let remembered = remembered.lastUsed[left.position]
            if (left.identifier == remembered) != (right.identifier == remembered) {
                return left.identifier == remembered
            }
            let leftView = left.fieldOfView ?? -1
            let rightView = right.fieldOfView ?? -1
            if leftView != rightView { return leftView > rightView }
            return left.identifier < right.identifier
        }
    }

    /// How far apart two fields of view are, in millionths of a degree (rounded, so that
    /// rounding errors in the angles cannot break a tie); `Int.max` when either is unknown.
    private func distance(_ device: CaptureDevice, _ reference: CaptureDevice) -> Int {
        guard let view = device.fieldOfView, let referenceView = reference.fieldOfView else { return .max }
        return Int((abs(view - referenceView) * 1_000_000).rounded())
    }
}
