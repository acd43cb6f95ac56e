#if os(Linux)
    import CV4L2Shim
    import Glibc

    /// A V4L2 node opened for queries through the C shim; closed when released.
    final class V4L2FileDevice: V4L2Device {
        private let descriptor: Int32

        /// Opens the node at `path`, after the shim has checked it is a V4L2 character device.
        init(path: String) throws(CaptureDeviceError) {
            descriptor = akv_open(path)
            guard descriptor >= 0 else { throw Self.openError(path: path, code: errno) }
        }

        deinit {
            akv_close(descriptor)
        }

        static func openError(path: String, code: Int32) -> CaptureDeviceError {
            switch code {
            case ENOENT, ENOTDIR, ELOOP: .deviceNotFound(path: path)
            case EACCES, EPERM: .permissionDenied(path: path)
            case ENODEV: .notAVideoDevice(path: path, reason: .notV4L2CharacterDevice)
            default: .queryFailed(path: path, request: "open", reason: V4L2Report.message(code))
            }
        }

        func capability() throws(V4L2Errno) -> V4L2Capability {
            var answer = akv_capability()
            try check(akv_query_capability(descriptor, &answer))
            return V4L2Capability(
                driver: Self.string(answer.driver), card: Self.string(answer.card),
                busInfo: Self.string(answer.bus_info), deviceCapabilities: answer.device_caps)
        }

        func format(bufferType: UInt32, index: UInt32) throws(V4L2Errno) -> V4L2Format {
            var answer = akv_format()
            try check(akv_enum_format(descriptor, bufferType, index, &answer))
            return V4L2Format(
                pixelFormat: answer.pixel_format, flags: answer.flags, description: Self.string(answer.description))
        }

        func frameSize(pixelFormat: UInt32, index: UInt32) throws(V4L2Errno) -> V4L2Range {
            var answer = akv_frame_size()
            try check(akv_enum_frame_size(descriptor, pixelFormat, index, &answer))
            return V4L2Range(
                kind: V4L2Range.Kind(rawValue: answer.type), minimum: (answer.min_width, answer.min_height),
                maximum: (answer.max_width, answer.max_height))
        }

        func frameInterval(pixelFormat: UInt32, width: UInt32, height: UInt32, index: UInt32) throws(V4L2Errno)
            -> V4L2Range
        {
            var answer = akv_frame_interval()
            try check(akv_enum_frame_interval(descriptor, pixelFormat, width, height, index, &answer))
            return V4L2Range(
                kind: V4L2Range.Kind(rawValue: answer.type),
                minimum: (answer.min_numerator, answer.min_denominator),
                maximum: (answer.max_numerator, answer.max_denominator))
        }

        func control(_ id: UInt32) throws(V4L2Errno) -> V4L2Control {
            var answer = akv_control()
            try check(akv_control_value(descriptor, id, &answer))
            return V4L2Control(minimum: answer.minimum, maximum: answer.maximum, value: answer.value)
        }

        private func check(_ code: Int32) throws(V4L2Errno) {
            guard code == 0 else { throw V4L2Errno(code: code) }
        }

        /// A NUL-terminated C string in a fixed array, as UTF-8 (invalid bytes replaced).
        private static func string<T>(_ array: T) -> String {
            withUnsafeBytes(of: array) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
    }
#endif
