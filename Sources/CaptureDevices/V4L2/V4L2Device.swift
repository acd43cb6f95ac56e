#if os(Linux)
    import CV4L2Shim

    /// The queries one V4L2 node answers, as ``V4L2Report`` asks them: the real node through the C
    /// shim (``V4L2FileDevice``), or a scripted driver in the tests, so that what is made of a
    /// driver's answers (ranges, zeros, endless lists, odd names) is tested without a camera.
    /// Each query throws the `errno` the driver answered with.
    protocol V4L2Device {
        /// VIDIOC_QUERYCAP.
        func capability() throws(V4L2Errno) -> V4L2Capability
        /// VIDIOC_ENUM_FMT; EINVAL past the last format.
        func format(bufferType: UInt32, index: UInt32) throws(V4L2Errno) -> V4L2Format
        /// VIDIOC_ENUM_FRAMESIZES; EINVAL past the last size.
        func frameSize(pixelFormat: UInt32, index: UInt32) throws(V4L2Errno) -> V4L2Range
        /// VIDIOC_ENUM_FRAMEINTERVALS, in seconds per frame; EINVAL past the last interval.
        func frameInterval(pixelFormat: UInt32, width: UInt32, height: UInt32, index: UInt32) throws(V4L2Errno)
            -> V4L2Range
        /// VIDIOC_QUERYCTRL and VIDIOC_G_CTRL; EINVAL when there is no such control.
        func control(_ id: UInt32) throws(V4L2Errno) -> V4L2Control
    }

    /// An `errno` value from a V4L2 query.
    struct V4L2Errno: Error, Equatable {
        let code: Int32
    }

    /// What VIDIOC_QUERYCAP says.
    struct V4L2Capability: Equatable {
        var driver: String
        var card: String
        var busInfo: String
        /// The capabilities of this node.
        var deviceCapabilities: UInt32
    }

    /// One format VIDIOC_ENUM_FMT lists.
    struct V4L2Format: Equatable {
        var pixelFormat: UInt32
        var flags: UInt32
        var description: String
    }

    /// A size (width × height) or an interval (numerator / denominator seconds) that V4L2 lists:
    /// one value (`discrete`), or a range from `minimum` to `maximum` (`stepwise`, `continuous`).
    struct V4L2Range: Equatable {
        enum Kind: UInt32 {
            case discrete = 1, continuous = 2, stepwise = 3
        }
        var kind: Kind?
        var minimum: (UInt32, UInt32)
        var maximum: (UInt32, UInt32)

        static func == (left: V4L2Range, right: V4L2Range) -> Bool {
            left.kind == right.kind && left.minimum == right.minimum && left.maximum == right.maximum
        }
    }

    /// A control's range and current value.
    struct V4L2Control: Equatable {
        var minimum: Int32
        var maximum: Int32
        var value: Int32
    }

    /// V4L2's constants, from the kernel headers through the shim.
    enum V4L2Constant {
        static let videoCapture = akv_cap_video_capture()
        static let videoCaptureMultiplanar = akv_cap_video_capture_mplane()
        static let bufferTypeVideoCapture = akv_buf_type_video_capture()
        static let bufferTypeVideoCaptureMultiplanar = akv_buf_type_video_capture_mplane()
        static let formatCompressed = akv_format_flag_compressed()
        static let cameraOrientation = akv_control_camera_orientation()
        static let zoomAbsolute = akv_control_zoom_absolute()
        static let orientationFront = akv_orientation_front()
        static let orientationBack = akv_orientation_back()
        static let orientationExternal = akv_orientation_external()
    }
#endif
