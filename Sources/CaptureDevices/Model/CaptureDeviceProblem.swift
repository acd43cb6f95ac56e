import Foundation

/// Why a device description is refused or a node is not a video device: the reason inside
/// ``CaptureDeviceError``, in words CaptureDevices translates (English, Slovak, Czech).
public enum CaptureDeviceProblem: Sendable, Hashable {
    /// The identifier is empty.
    case emptyIdentifier
    /// The 35 mm equivalent focal length (millimetres) is not a finite number above 0.
    case focalLengthNotPositive(Double)
    /// A bound of the zoom range is not finite, or the lower one is not above 0.
    case zoomRangeNotPositive(lower: Double, upper: Double)
    /// The node is not a V4L2 character device (`ENODEV` on open).
    case notV4L2CharacterDevice
    /// The driver does not answer `VIDIOC_QUERYCAP` (`ENOTTY` or `EINVAL`).
    case noCapabilityAnswer
}

extension CaptureDeviceProblem: LocalizedReason {
    /// CaptureDevices' table.
    public static var messageTable: MessageTable { .captureDevices }

    /// The reason in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .emptyIdentifier: return text("emptyIdentifier", locale: locale)
        case .focalLengthNotPositive(let value):
            return text("focalLengthNotPositive", locale: locale, ["value": "\(value)"])
        case .zoomRangeNotPositive(let lower, let upper):
            return text("zoomRangeNotPositive", locale: locale, ["lower": "\(lower)", "upper": "\(upper)"])
        case .notV4L2CharacterDevice: return text("notV4L2CharacterDevice", locale: locale)
        case .noCapabilityAnswer: return text("noCapabilityAnswer", locale: locale)
        }
    }
}
