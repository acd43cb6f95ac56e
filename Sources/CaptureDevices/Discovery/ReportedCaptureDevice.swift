/// What a device reports about itself, before a ``DeviceMapping`` fills the gaps: the raw
/// material of a ``CaptureDevice``. V4L2 reports a name, formats and sometimes a mounting position
/// and a zoom control, but never the kind of lens or its field of view.
public struct ReportedCaptureDevice: Sendable, Hashable {
    /// A stable identifier (V4L2: the udev `by-id` link name, else the `by-path` one, else the node's path).
    public var identifier: String
    /// The device's own name (V4L2: the `card` field).
    public var name: String
    /// The driver's name, such as "uvcvideo".
    public var driver: String
    /// Where the device is attached, such as "usb-0000:00:14.0-1".
    public var busInfo: String
    /// The mounting position, when the device reports one (V4L2's camera orientation control).
    public var position: CaptureDevice.Position?
    /// The zoom range, when the device reports a zoom control it can be derived from.
    public var zoomRange: ClosedRange<Double>?
    /// What it delivers.
    public var formats: [CaptureFormat]
    /// How to open it.
    public var address: DeviceAddress

    /// A report.
    /// - Parameters:
    ///   - identifier: a stable identifier.
    ///   - name: the device's own name.
    ///   - driver: the driver's name.
    ///   - busInfo: where it is attached.
    ///   - position: the reported mounting position, if any.
    ///   - zoomRange: the reported zoom range, if any.
    ///   - formats: what it delivers.
    ///   - address: how to open it.
    public init(
        identifier: String,
        name: String,
        driver: String = "",
        busInfo: String = "",
        position: CaptureDevice.Position? = nil,
        zoomRange: ClosedRange<Double>? = nil,
        formats: [CaptureFormat] = [],
        address: DeviceAddress
    ) {
        self.identifier = identifier
        self.name = name
        self.driver = driver
        self.busInfo = busInfo
        self.position = position
        self.zoomRange = zoomRange
        self.formats = formats
        self.address = address
    }
}
