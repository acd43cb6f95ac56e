#if os(Linux)
    import Glibc

    /// What a V4L2 node reports, made from its answers to VIDIOC_QUERYCAP, the format, size and
    /// frame-interval enumerations, and its camera orientation and zoom controls. Driver answers
    /// are not trusted: zero sizes and intervals are dropped, unknown range kinds and orientation
    /// values ignored, and every enumeration stops after ``enumerationLimit`` answers.
    enum V4L2Report {
        /// The most answers read from one enumeration; real drivers give a few dozen.
        static let enumerationLimit: UInt32 = 256

        /// What the node at `path` reports, under `identifier`.
        static func make(path: String, identifier: String) throws(CaptureDeviceError) -> ReportedCaptureDevice {
            try make(from: V4L2FileDevice(path: path), path: path, identifier: identifier)
        }

        /// What `device` (the node at `path`) reports, under `identifier`.
        static func make(from device: some V4L2Device, path: String, identifier: String) throws(CaptureDeviceError)
            -> ReportedCaptureDevice
        {
            let capability: V4L2Capability
            do {
                capability = try device.capability()
            } catch {
                if error.code == ENOTTY || error.code == EINVAL {
                    throw .notAVideoDevice(path: path, reason: .noCapabilityAnswer)
                }
                throw .queryFailed(path: path, request: "VIDIOC_QUERYCAP", reason: message(error.code))
            }
            let bufferType: UInt32
            if capability.deviceCapabilities & V4L2Constant.videoCapture != 0 {
                bufferType = V4L2Constant.bufferTypeVideoCapture
            } else if capability.deviceCapabilities & V4L2Constant.videoCaptureMultiplanar != 0 {
                bufferType = V4L2Constant.bufferTypeVideoCaptureMultiplanar
            } else {
                throw .notACaptureDevice(path: path)
            }
            return ReportedCaptureDevice(
                identifier: identifier,
                name: capability.card,
                driver: capability.driver,
                busInfo: capability.busInfo,
                position: position(device),
                zoomRange: zoomRange(device),
                formats: try formats(device, bufferType: bufferType, path: path),
                address: .v4l2(path))
        }

        private static func formats(_ device: some V4L2Device, bufferType: UInt32, path: String)
            throws(CaptureDeviceError) -> [CaptureFormat]
        {
            var formats: [CaptureFormat] = []
            for index in 0..<enumerationLimit {
                let format: V4L2Format
                do {
                    format = try device.format(bufferType: bufferType, index: index)
                } catch {
                    if error.code == EINVAL { break }
                    throw .queryFailed(path: path, request: "VIDIOC_ENUM_FMT", reason: message(error.code))
                }
                formats.append(
                    CaptureFormat(
                        pixelFormat: CaptureFormat.PixelFormat(fourCC: format.pixelFormat),
                        description: format.description,
                        isCompressed: format.flags & V4L2Constant.formatCompressed != 0,
                        sizes: sizes(device, pixelFormat: format.pixelFormat)))
            }
            return formats
        }

        /// The sizes of one format; a range of sizes as its smallest and largest. A driver that
        /// cannot enumerate sizes gives none (the format is still listed).
        private static func sizes(_ device: some V4L2Device, pixelFormat: UInt32) -> [CaptureFormat.Size] {
            var sizes: [CaptureFormat.Size] = []
            for index in 0..<enumerationLimit {
                guard let answer = try? device.frameSize(pixelFormat: pixelFormat, index: index),
                    let kind = answer.kind
                else { break }
                for (width, height) in ends(of: answer) where width > 0 && height > 0 {
                    let rates = frameRates(device, pixelFormat: pixelFormat, width: width, height: height)
                    sizes.append(CaptureFormat.Size(width: Int(width), height: Int(height), frameRates: rates))
                }
                if kind != .discrete { break }  // a range is the only answer
            }
            return sizes
        }

        /// The frame rates at one size, fastest first; a range as its fastest and slowest.
        private static func frameRates(_ device: some V4L2Device, pixelFormat: UInt32, width: UInt32, height: UInt32)
            -> [FrameRate]
        {
            var rates = Set<FrameRate>()
            for index in 0..<enumerationLimit {
                guard
                    let answer = try? device.frameInterval(
                        pixelFormat: pixelFormat, width: width, height: height, index: index),
                    let kind = answer.kind
                else { break }
                // An interval is seconds per frame, numerator / denominator; the rate is its inverse.
                for (seconds, frames) in ends(of: answer) {
                    if let rate = FrameRate(frames: Int(frames), per: Int(seconds)) { rates.insert(rate) }
                }
                if kind != .discrete { break }
            }
            return rates.sorted(by: >)
        }

        /// A discrete answer's value, or a range's two ends.
        private static func ends(of answer: V4L2Range) -> [(UInt32, UInt32)] {
            answer.kind == .discrete || answer.minimum == answer.maximum
                ? [answer.minimum] : [answer.minimum, answer.maximum]
        }

        /// The mounting position from V4L2_CID_CAMERA_ORIENTATION, which the drivers of built-in
        /// cameras set from the firmware's description; `nil` when the device has no such control.
        private static func position(_ device: some V4L2Device) -> CaptureDevice.Position? {
            guard let control = try? device.control(V4L2Constant.cameraOrientation) else { return nil }
            switch control.value {
            case V4L2Constant.orientationFront: return .front
            case V4L2Constant.orientationBack: return .back
            case V4L2Constant.orientationExternal: return .external
            default: return nil
            }
        }

        /// The zoom range from V4L2_CID_ZOOM_ABSOLUTE. Its units are the driver's; USB cameras
        /// (UVC) report the lens's focal length, so the ratio of the largest to the smallest value
        /// is the zoom factor (a Logitech C920's 100…500 is 1×…5×). `nil` without the control or
        /// with a range that gives no ratio.
        private static func zoomRange(_ device: some V4L2Device) -> ClosedRange<Double>? {
            guard let control = try? device.control(V4L2Constant.zoomAbsolute), control.minimum > 0,
                control.maximum >= control.minimum
            else { return nil }
            return 1...(Double(control.maximum) / Double(control.minimum))
        }

        static func message(_ code: Int32) -> String {
            String(cString: strerror(code))
        }
    }
#endif
