#if os(Linux)
    import CV4L2Shim
    import Glibc

    /// One V4L2 device node, queried for what it reports: VIDIOC_QUERYCAP, the formats, sizes
    /// and frame intervals it enumerates, and its camera orientation and zoom controls. Driver
    /// answers are not trusted: strings are bounded, zero sizes and intervals are dropped, and
    /// every enumeration stops after ``enumerationLimit`` answers.
    enum V4L2Node {
        /// The most answers read from one enumeration; real drivers give a few dozen.
        static let enumerationLimit: UInt32 = 256

        /// What the node at `path` reports, under `identifier`.
        static func report(path: String, identifier: String) throws(CaptureDeviceError) -> ReportedCaptureDevice {
            let descriptor = akv_open(path)
            guard descriptor >= 0 else { throw openError(path: path, code: errno) }
            defer { akv_close(descriptor) }

            var capability = akv_capability()
            let failure = akv_query_capability(descriptor, &capability)
            guard failure == 0 else {
                if failure == ENOTTY || failure == EINVAL {
                    throw .notAVideoDevice(path: path, reason: "the driver does not answer VIDIOC_QUERYCAP")
                }
                throw .queryFailed(path: path, request: "VIDIOC_QUERYCAP", reason: message(failure))
            }
            let bufferType: UInt32
            if capability.device_caps & akv_cap_video_capture() != 0 {
                bufferType = akv_buf_type_video_capture()
            } else if capability.device_caps & akv_cap_video_capture_mplane() != 0 {
                bufferType = akv_buf_type_video_capture_mplane()
            } else {
                throw .notACaptureDevice(path: path)
            }

            return ReportedCaptureDevice(
                identifier: identifier,
                name: string(capability.card),
                driver: string(capability.driver),
                busInfo: string(capability.bus_info),
                position: position(descriptor),
                zoomRange: zoomRange(descriptor),
                formats: try formats(descriptor, bufferType: bufferType, path: path),
                address: .v4l2(path))
        }

        static func openError(path: String, code: Int32) -> CaptureDeviceError {
            switch code {
            case ENOENT, ENOTDIR: .deviceNotFound(path: path)
            case EACCES, EPERM: .permissionDenied(path: path)
            case ENODEV: .notAVideoDevice(path: path, reason: "not a V4L2 character device")
            default: .queryFailed(path: path, request: "open", reason: message(code))
            }
        }

        private static func formats(_ descriptor: Int32, bufferType: UInt32, path: String)
            throws(CaptureDeviceError) -> [CaptureFormat]
        {
            var formats: [CaptureFormat] = []
            for index in 0..<enumerationLimit {
                var format = akv_format()
                let failure = akv_enum_format(descriptor, bufferType, index, &format)
                if failure == EINVAL { break }
                guard failure == 0 else {
                    throw .queryFailed(path: path, request: "VIDIOC_ENUM_FMT", reason: message(failure))
                }
                formats.append(
                    CaptureFormat(
                        pixelFormat: PixelFormat(fourCC: format.pixel_format),
                        description: string(format.description),
                        isCompressed: format.flags & akv_format_flag_compressed() != 0,
                        sizes: sizes(descriptor, pixelFormat: format.pixel_format)))
            }
            return formats
        }

        /// The sizes of one format; a range of sizes as its smallest and largest. A driver that
        /// cannot enumerate sizes gives none (the format is still listed).
        private static func sizes(_ descriptor: Int32, pixelFormat: UInt32) -> [FrameSize] {
            var sizes: [FrameSize] = []
            for index in 0..<enumerationLimit {
                var size = akv_frame_size()
                guard akv_enum_frame_size(descriptor, pixelFormat, index, &size) == 0 else { break }
                var dimensions = [(size.min_width, size.min_height)]
                if size.max_width != size.min_width || size.max_height != size.min_height {
                    dimensions.append((size.max_width, size.max_height))
                }
                for (width, height) in dimensions where width > 0 && height > 0 {
                    sizes.append(
                        FrameSize(
                            width: Int(width), height: Int(height),
                            frameRates: frameRates(descriptor, pixelFormat: pixelFormat, width: width, height: height)))
                }
                if size.type != 1 { break }  // a range is one answer
            }
            return sizes
        }

        /// The frame rates at one size, fastest first; a range as its fastest and slowest.
        private static func frameRates(_ descriptor: Int32, pixelFormat: UInt32, width: UInt32, height: UInt32)
            -> [FrameRate]
        {
            var rates = Set<FrameRate>()
            for index in 0..<enumerationLimit {
                var interval = akv_frame_interval()
                guard akv_enum_frame_interval(descriptor, pixelFormat, width, height, index, &interval) == 0 else {
                    break
                }
                // An interval is seconds per frame: numerator/denominator; the rate is its inverse.
                for (seconds, frames) in [
                    (interval.min_numerator, interval.min_denominator),
                    (interval.max_numerator, interval.max_denominator),
                ] {
                    if let rate = FrameRate(frames: Int(frames), per: Int(seconds)) { rates.insert(rate) }
                }
                if interval.type != 1 { break }
            }
            return rates.sorted(by: >)
        }

        /// The mounting position from V4L2_CID_CAMERA_ORIENTATION, which the drivers of built-in
        /// cameras set from the firmware's description; `nil` when the device has no such control.
        private static func position(_ descriptor: Int32) -> CaptureDevice.Position? {
            var control = akv_control()
            guard akv_control_value(descriptor, akv_control_camera_orientation(), &control) == 0 else { return nil }
            switch control.value {
            case akv_orientation_front(): return .front
            case akv_orientation_back(): return .back
            case akv_orientation_external(): return .external
            default: return nil
            }
        }

        /// The zoom range from V4L2_CID_ZOOM_ABSOLUTE. Its units are the driver's; USB cameras
        /// (UVC) report the lens's focal length, so the ratio of the largest to the smallest value
        /// is the zoom factor (a Logitech C920's 100…500 is 1×…5×). `nil` without the control or
        /// with a range that gives no ratio.
        private static func zoomRange(_ descriptor: Int32) -> ClosedRange<Double>? {
            var control = akv_control()
            guard akv_control_value(descriptor, akv_control_zoom_absolute(), &control) == 0,
                control.minimum > 0, control.maximum >= control.minimum
            else { return nil }
            return 1...(Double(control.maximum) / Double(control.minimum))
        }

        /// A NUL-terminated C string in a fixed array, as UTF-8 (invalid bytes replaced).
        private static func string<T>(_ array: T) -> String {
            withUnsafeBytes(of: array) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
        }

        static func message(_ code: Int32) -> String {
            String(cString: strerror(code))
        }
    }
#endif
