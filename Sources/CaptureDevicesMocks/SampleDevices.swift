import CaptureDevices

/// Device sets modelled on real hardware, for tests and demonstrations. Their addresses are
/// FFmpeg test sources (`lavfi`), so a recorder can open them without a camera.
public enum SampleDevices {
    /// A phone with three back cameras and one front camera, as on an iPhone 13 Pro: back wide
    /// 26 mm (zoom 1–10×), back ultra-wide 13 mm (1–2×), back telephoto 77 mm (1–5×), front wide
    /// 23 mm (1–3×).
    public static let phone: [CaptureDevice] = [phoneBackWide, phoneBackUltraWide, phoneBackTelephoto, phoneFrontWide]

    /// A laptop with one external USB camera and nothing built in: a Logitech C920 (78° diagonal,
    /// zoom 1–5× as its V4L2 zoom control reports 100…500).
    public static let laptop: [CaptureDevice] = [usbWebcam]

    /// A device with no front camera, such as a single-board computer with two camera modules:
    /// back wide 24 mm (1–8×) and back ultra-wide 14 mm (1–2×).
    public static let noFrontCamera: [CaptureDevice] = [
        sample("board-back-wide", "Camera Module Wide", .back, .wide, 24, 1...8),
        sample("board-back-ultra-wide", "Camera Module Ultra Wide", .back, .ultraWide, 14, 1...2),
    ]

    /// The phone's back wide (main) camera, 26 mm.
    public static let phoneBackWide = sample("phone-back-wide", "Back Camera", .back, .wide, 26, 1...10)
    /// The phone's back ultra-wide camera, 13 mm.
    public static let phoneBackUltraWide = sample(
        "phone-back-ultra-wide", "Back Ultra Wide Camera", .back, .ultraWide, 13, 1...2)
    /// The phone's back telephoto camera, 77 mm.
    public static let phoneBackTelephoto = sample(
        "phone-back-telephoto", "Back Telephoto Camera", .back, .telephoto, 77, 1...5)
    /// The phone's front wide camera, 23 mm.
    public static let phoneFrontWide = sample("phone-front-wide", "Front Camera", .front, .wide, 23, 1...3)
    /// The laptop's external USB camera.
    public static let usbWebcam = try! CaptureDevice(
        identifier: "usb-046d_HD_Pro_Webcam_C920_5F3A1B2C-video-index0",
        name: "HD Pro Webcam C920", position: .external, kind: .wide,
        equivalentFocalLength: FieldOfView.equivalentFocalLength(forDiagonalDegrees: 78), zoomRange: 1...5,
        formats: [
            format("YUYV", "YUYV 4:2:2", compressed: false, [(640, 480, [30, 15]), (1920, 1080, [5])]),
            format("MJPG", "Motion-JPEG", compressed: true, [(640, 480, [30, 15]), (1920, 1080, [30, 15])]),
        ],
        address: DeviceAddress(inputFormat: "lavfi", url: "testsrc2=size=1920x1080:rate=30"))

    /// A camera with these properties and phone-like formats.
    private static func sample(
        _ identifier: String, _ name: String, _ position: CaptureDevice.Position, _ kind: CaptureDevice.Kind,
        _ focalLength: Double, _ zoom: ClosedRange<Double>
    ) -> CaptureDevice {
        try! CaptureDevice(
            identifier: identifier, name: name, position: position, kind: kind, equivalentFocalLength: focalLength,
            zoomRange: zoom,
            formats: [format("NV12", "Y/UV 4:2:0", compressed: false, [(1920, 1080, [60, 30]), (3840, 2160, [30])])],
            address: DeviceAddress(inputFormat: "lavfi", url: "testsrc2=size=1920x1080:rate=30"))
    }

    private static func format(
        _ code: String, _ description: String, compressed: Bool, _ sizes: [(Int, Int, [Int])]
    ) -> CaptureFormat {
        CaptureFormat(
            pixelFormat: CaptureFormat.PixelFormat(code)!, description: description, isCompressed: compressed,
            sizes: sizes.map { width, height, rates in
                CaptureFormat.Size(width: width, height: height, frameRates: rates.compactMap { FrameRate(frames: $0) })
            })
    }
}
