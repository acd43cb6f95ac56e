import CaptureDevices
import CaptureDevicesMocks
import Testing

@Suite("Describing capture devices")
struct CaptureDeviceTests {
    let address = DeviceAddress.v4l2("/dev/video0")

    @Test("a device that selection could not use is refused when made")
    func validation() {
        func make(_ identifier: String = "cam", focal: Double? = 26, zoom: ClosedRange<Double> = 1...2)
            throws(CaptureDeviceError) -> CaptureDevice
        {
            try CaptureDevice(
                identifier: identifier, name: "Cam", position: .back, kind: .wide, equivalentFocalLength: focal,
                zoomRange: zoom, address: address)
        }
        #expect(throws: Never.self) { try make() }
        #expect(throws: Never.self) { try make(focal: nil) }
        for focal in [0, -26, Double.nan, .infinity] {
            #expect(throws: CaptureDeviceError.self) { try make(focal: focal) }
        }
        for zoom: ClosedRange<Double> in [0...2, -1...2, 1...Double.infinity, -Double.infinity...1] {
            #expect(throws: CaptureDeviceError.self) { try make(zoom: zoom) }
        }
        expectError(CaptureDeviceError.invalidDevice(identifier: "", reason: .emptyIdentifier)) { try make("") }
    }

    @Test("field of view and 35 mm equivalent focal length convert both ways")
    func fieldOfView() throws {
        // Diagonal angles of the phone's lenses.
        let expected: [(Double, Double)] = [(13, 118.0), (23, 86.5), (26, 79.5), (77, 31.4)]
        for (focal, degrees) in expected {
            #expect(abs(FieldOfView.diagonalDegrees(forEquivalentFocalLength: focal) - degrees) < 0.05)
            let back = try #require(FieldOfView.equivalentFocalLength(forDiagonalDegrees: degrees))
            #expect(abs(back - focal) < 0.05 * focal)
        }
        #expect(abs(FieldOfView.fullFrameDiagonal - 43.2666) < 1e-4)
        for degrees in [0, 180, -10, 200, Double.nan, .infinity] {
            #expect(FieldOfView.equivalentFocalLength(forDiagonalDegrees: degrees) == nil)
        }
        #expect(SampleDevices.phoneBackWide.fieldOfView.map { abs($0 - 79.5) < 0.05 } == true)
        #expect(camera("unknown", .back, .wide, nil).fieldOfView == nil)
    }

    @Test("the lens description EXIF gets")
    func lensModel() {
        #expect(SampleDevices.phoneBackUltraWide.lensModel == "back ultra-wide 13mm")
        #expect(SampleDevices.phoneFrontWide.lensModel == "front wide 23mm")
        #expect(camera("c", .back, .telephoto, 77.04).lensModel == "back telephoto 77mm")
        #expect(camera("c", .back, .macro, 4.55).lensModel == "back macro 4.6mm")
        let webcam = try! CaptureDevice(
            identifier: "usb", name: "HD Pro Webcam C920", position: .external, kind: .wide, address: address)
        #expect(webcam.lensModel == "external wide, HD Pro Webcam C920")
        #expect(
            SampleDevices.phoneBackWide.description == "Back Camera [phone-back-wide]: back wide, 26 mm, zoom 1–10×")
    }

    @Test("positions and their opposite sides")
    func positions() {
        #expect(CaptureDevice.Position.front.opposite == .back)
        #expect(CaptureDevice.Position.back.opposite == .front)
        #expect(CaptureDevice.Position.external.opposite == nil)
        #expect(CaptureDevice.Kind(rawValue: "ultra-wide") == .ultraWide)
    }

    @Test("pixel formats from four characters and from V4L2's codes")
    func pixelFormats() {
        #expect(CaptureFormat.PixelFormat("YUYV")?.code == "YUYV")
        #expect(CaptureFormat.PixelFormat("Y10 ")?.code == "Y10 ")
        for bad in ["", "YUY", "YUYV2", "ÝUYV", "YU\u{0}V"] { #expect(CaptureFormat.PixelFormat(bad) == nil) }
        // v4l2_fourcc('Y', 'U', 'Y', 'V') and ('M', 'J', 'P', 'G'), as the kernel headers define them.
        #expect(CaptureFormat.PixelFormat(fourCC: 0x5659_5559).code == "YUYV")
        #expect(CaptureFormat.PixelFormat(fourCC: 0x4750_4A4D).code == "MJPG")
        // A big-endian flag bit or a zero byte is shown, not trusted.
        #expect(CaptureFormat.PixelFormat(fourCC: 0x8000_0000 | 0x5659_5559).code == "YUY?")
        #expect(CaptureFormat.PixelFormat(fourCC: 0).code == "????")
    }

    @Test("frame rates are exact fractions")
    func frameRates() throws {
        let ntsc = try #require(FrameRate(frames: 30000, per: 1001))
        let thirty = try #require(FrameRate(frames: 30))
        #expect(ntsc < thirty)
        #expect(ntsc.description == "29.97 fps")
        #expect(thirty.description == "30 fps")
        #expect(FrameRate(frames: 0) == nil)
        #expect(FrameRate(frames: 30, per: 0) == nil)
        #expect(FrameRate(frames: -30, per: -1) == nil)
        // Comparison does not overflow for the largest values V4L2 can give.
        let huge = try #require(FrameRate(frames: Int(UInt32.max), per: 1))
        let slow = try #require(FrameRate(frames: 1, per: Int(UInt32.max)))
        #expect(slow < huge)
    }

    @Test("a device carries what a recorder needs to open it")
    func addressForRecorders() {
        #expect(DeviceAddress.v4l2("/dev/video2") == DeviceAddress(inputFormat: "video4linux2", url: "/dev/video2"))
        #expect(DeviceAddress.v4l2("/dev/video2").description == "video4linux2:/dev/video2")
        let mjpeg = SampleDevices.usbWebcam.formats.first { $0.pixelFormat.code == "MJPG" }
        #expect(mjpeg?.isCompressed == true)
        #expect(
            mjpeg?.sizes.contains {
                $0.width == 1920 && $0.height == 1080 && $0.frameRates.first == FrameRate(frames: 30)
            } == true)
        #expect(CaptureFormat(pixelFormat: CaptureFormat.PixelFormat("NV12")!, sizes: []).description == "NV12")
    }
}
