#if os(Linux)
    import Glibc
    import Testing

    @testable import CaptureDevices

    /// A V4L2 driver that answers from a script, so that what discovery makes of a driver's answers
    /// is tested without a camera: the answers are modelled on real drivers (uvcvideo for USB
    /// cameras; a phone or tablet sensor with a mounting position) and on broken ones.
    struct ScriptedDriver: V4L2Device {
        var capabilityAnswer: Result<V4L2Capability, V4L2Errno>
        var formats: [V4L2Format] = []
        /// The error VIDIOC_ENUM_FMT gives at this index (instead of EINVAL past the end).
        var formatFailure: (index: UInt32, code: Int32)?
        /// Every index answers: a driver whose list never ends.
        var endlessFormats = false
        var sizes: [UInt32: [V4L2Range]] = [:]
        var sizeFailure: Int32?
        var intervals: [String: [V4L2Range]] = [:]
        var controls: [UInt32: V4L2Control] = [:]

        func capability() throws(V4L2Errno) -> V4L2Capability {
            try capabilityAnswer.get()
        }

        func format(bufferType: UInt32, index: UInt32) throws(V4L2Errno) -> V4L2Format {
            if let formatFailure, formatFailure.index == index { throw V4L2Errno(code: formatFailure.code) }
            if endlessFormats { return V4L2Format(pixelFormat: 0x5659_5559, flags: 0, description: "YUYV \(index)") }
            guard index < formats.count else { throw V4L2Errno(code: EINVAL) }
            return formats[Int(index)]
        }

        func frameSize(pixelFormat: UInt32, index: UInt32) throws(V4L2Errno) -> V4L2Range {
            if let sizeFailure { throw V4L2Errno(code: sizeFailure) }
            let list = sizes[pixelFormat] ?? []
            guard index < list.count else { throw V4L2Errno(code: EINVAL) }
            return list[Int(index)]
        }

        func frameInterval(pixelFormat: UInt32, width: UInt32, height: UInt32, index: UInt32) throws(V4L2Errno)
            -> V4L2Range
        {
            let list = intervals["\(pixelFormat) \(width)x\(height)"] ?? []
            guard index < list.count else { throw V4L2Errno(code: EINVAL) }
            return list[Int(index)]
        }

        func control(_ id: UInt32) throws(V4L2Errno) -> V4L2Control {
            guard let control = controls[id] else { throw V4L2Errno(code: EINVAL) }
            return control
        }
    }

    let yuyv: UInt32 = 0x5659_5559  // v4l2_fourcc('Y','U','Y','V')
    let mjpg: UInt32 = 0x4750_4A4D  // v4l2_fourcc('M','J','P','G')
    let streaming: UInt32 = 0x0400_0000  // V4L2_CAP_STREAMING
    let metadataCapture: UInt32 = 0x0080_0000  // V4L2_CAP_META_CAPTURE

    func discrete(_ first: UInt32, _ second: UInt32) -> V4L2Range {
        V4L2Range(kind: .discrete, minimum: (first, second), maximum: (first, second))
    }

    func capability(_ capabilities: UInt32, card: String = "HD Pro Webcam C920") -> Result<V4L2Capability, V4L2Errno> {
        .success(
            V4L2Capability(
                driver: "uvcvideo", card: card, busInfo: "usb-0000:00:14.0-1", deviceCapabilities: capabilities))
    }

    /// A Logitech C920 as uvcvideo describes it (the sizes shortened).
    let webcam = ScriptedDriver(
        capabilityAnswer: capability(V4L2Constant.videoCapture | streaming),
        formats: [
            V4L2Format(pixelFormat: yuyv, flags: 0, description: "YUYV 4:2:2"),
            V4L2Format(pixelFormat: mjpg, flags: V4L2Constant.formatCompressed, description: "Motion-JPEG"),
        ],
        sizes: [yuyv: [discrete(640, 480), discrete(1920, 1080)], mjpg: [discrete(1920, 1080)]],
        intervals: [
            "\(yuyv) 640x480": [discrete(1, 30), discrete(1, 15)],
            "\(yuyv) 1920x1080": [discrete(1, 5)],
            "\(mjpg) 1920x1080": [discrete(1, 15), discrete(1001, 30000), discrete(1, 30)],
        ],
        controls: [V4L2Constant.zoomAbsolute: V4L2Control(minimum: 100, maximum: 500, value: 100)])

    @Suite("What discovery makes of a V4L2 driver's answers")
    struct V4L2ReportTests {
        func report(_ driver: ScriptedDriver) throws(CaptureDeviceError) -> ReportedCaptureDevice {
            try V4L2Report.make(from: driver, path: "/dev/video0", identifier: "usb-046d_C920-video-index0")
        }

        @Test("a USB camera: name, formats, sizes and rates fastest first, zoom from its control, no position")
        func usbCamera() throws {
            let reported = try report(webcam)
            #expect(reported.identifier == "usb-046d_C920-video-index0")
            #expect(reported.name == "HD Pro Webcam C920")
            #expect(reported.driver == "uvcvideo")
            #expect(reported.busInfo == "usb-0000:00:14.0-1")
            #expect(reported.address == .v4l2("/dev/video0"))
            #expect(reported.position == nil)
            #expect(reported.zoomRange == 1...5)
            #expect(reported.formats.map(\.pixelFormat.code) == ["YUYV", "MJPG"])
            #expect(reported.formats.map(\.isCompressed) == [false, true])
            #expect(reported.formats[0].description == "YUYV 4:2:2")
            let yuyvSizes = reported.formats[0].sizes
            #expect(yuyvSizes.map { "\($0.width)x\($0.height)" } == ["640x480", "1920x1080"])
            #expect(yuyvSizes[0].frameRates == [FrameRate(frames: 30)!, FrameRate(frames: 15)!])
            #expect(
                reported.formats[1].sizes[0].frameRates.map(\.description) == ["30 fps", "29.97 fps", "15 fps"])

            // Merged with no mapping: an external wide camera.
            let device = try DeviceMapping.empty.resolve(reported)
            #expect(device.position == .external)
            #expect(device.kind == .wide)
            #expect(device.zoomRange == 1...5)
        }

        @Test("a built-in sensor: multi-planar capture, its mounting position, ranges of sizes and rates")
        func builtInSensor() throws {
            let nv12: UInt32 = 0x3231_564E
            var sensor = ScriptedDriver(
                capabilityAnswer: capability(V4L2Constant.videoCaptureMultiplanar, card: "imx258"),
                formats: [V4L2Format(pixelFormat: nv12, flags: 0, description: "Y/UV 4:2:0")],
                sizes: [nv12: [V4L2Range(kind: .stepwise, minimum: (32, 32), maximum: (4208, 3120))]],
                intervals: [
                    "\(nv12) 32x32": [V4L2Range(kind: .continuous, minimum: (1, 60), maximum: (1, 1))],
                    "\(nv12) 4208x3120": [V4L2Range(kind: .continuous, minimum: (1, 30), maximum: (1, 1))],
                ],
                controls: [V4L2Constant.cameraOrientation: V4L2Control(minimum: 0, maximum: 2, value: 1)])
            var reported = try report(sensor)
            #expect(reported.position == .back)
            #expect(reported.zoomRange == nil)
            let sizes = try #require(reported.formats.first?.sizes)
            #expect(sizes.map { "\($0.width)x\($0.height)" } == ["32x32", "4208x3120"])
            #expect(sizes.map { $0.frameRates.map(\.description) } == [["60 fps", "1 fps"], ["30 fps", "1 fps"]])

            for (value, position) in [
                (V4L2Constant.orientationFront, CaptureDevice.Position.front),
                (V4L2Constant.orientationExternal, .external),
            ] {
                sensor.controls[V4L2Constant.cameraOrientation] = V4L2Control(minimum: 0, maximum: 2, value: value)
                reported = try report(sensor)
                #expect(reported.position == position)
            }
            // The reported position wins over a mapping's.
            let mapping = try DeviceMapping(entries: [.init(match: .path("/dev/video0"), position: .back)])
            #expect(try mapping.resolve(reported).position == .external)
        }

        @Test("nodes that do not capture, and drivers that refuse QUERYCAP, are typed errors")
        func notCapture() {
            expectError(CaptureDeviceError.notACaptureDevice(path: "/dev/video0")) {
                try report(ScriptedDriver(capabilityAnswer: capability(metadataCapture | streaming)))
            }
            expectError(
                CaptureDeviceError.notAVideoDevice(
                    path: "/dev/video0", reason: .noCapabilityAnswer)
            ) {
                try report(ScriptedDriver(capabilityAnswer: .failure(V4L2Errno(code: ENOTTY))))
            }
            expectError(
                CaptureDeviceError.queryFailed(
                    path: "/dev/video0", request: "VIDIOC_QUERYCAP", reason: String(cString: strerror(EIO)))
            ) {
                try report(ScriptedDriver(capabilityAnswer: .failure(V4L2Errno(code: EIO))))
            }
        }

        @Test("a format list that fails midway is an error; sizes that cannot be listed are left empty")
        func failingEnumerations() throws {
            var driver = webcam
            driver.formatFailure = (index: 1, code: EIO)
            expectError(
                CaptureDeviceError.queryFailed(
                    path: "/dev/video0", request: "VIDIOC_ENUM_FMT", reason: String(cString: strerror(EIO)))
            ) {
                try report(driver)
            }
            driver = webcam
            driver.sizeFailure = ENOTTY
            let reported = try report(driver)
            #expect(reported.formats.count == 2)
            #expect(reported.formats.allSatisfy { $0.sizes.isEmpty })
        }

        @Test("broken drivers: endless lists stop, zeros and unknown kinds are dropped, odd controls ignored")
        func brokenDriver() throws {
            var driver = webcam
            driver.endlessFormats = true
            driver.sizes[yuyv] = [discrete(0, 480), discrete(640, 0), discrete(640, 480)]
            driver.intervals["\(yuyv) 640x480"] = [discrete(0, 30), discrete(1, 0), discrete(1, 25)]
            driver.controls = [
                V4L2Constant.cameraOrientation: V4L2Control(minimum: 0, maximum: 9, value: 9),
                V4L2Constant.zoomAbsolute: V4L2Control(minimum: 0, maximum: 500, value: 0),
            ]
            let reported = try report(driver)
            #expect(reported.formats.count == Int(V4L2Report.enumerationLimit))
            let sizes = reported.formats[0].sizes
            #expect(sizes.map { "\($0.width)x\($0.height)" } == ["640x480"])
            #expect(sizes[0].frameRates == [FrameRate(frames: 25)!])
            #expect(reported.position == nil)
            #expect(reported.zoomRange == nil)

            driver.controls[V4L2Constant.zoomAbsolute] = V4L2Control(minimum: 500, maximum: 100, value: 500)
            #expect(try report(driver).zoomRange == nil)
            driver.controls[V4L2Constant.zoomAbsolute] = V4L2Control(minimum: 1, maximum: .max, value: 1)
            #expect(try report(driver).zoomRange == 1...Double(Int32.max))

            // An unknown kind of answer ends the list; a largest-value range is kept as it is.
            driver = webcam
            driver.sizes[yuyv] = [discrete(640, 480), V4L2Range(kind: nil, minimum: (1, 1), maximum: (2, 2))]
            driver.intervals["\(yuyv) 640x480"] = [
                V4L2Range(kind: .stepwise, minimum: (1, .max), maximum: (.max, 1))
            ]
            let ranges = try report(driver).formats[0].sizes
            #expect(ranges.count == 1)
            #expect(
                ranges[0].frameRates == [
                    FrameRate(frames: Int(UInt32.max))!, FrameRate(frames: 1, per: Int(UInt32.max))!,
                ])
        }
    }
#endif
