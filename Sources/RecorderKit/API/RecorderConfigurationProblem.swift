import CaptureDevices
import FilmKit
import Foundation
import Imaging

/// Why a recorder's configuration, or a live source's device options, are refused: the reason
/// inside ``RecorderError/invalidConfiguration(_:)``, in words RecorderKit translates (English,
/// Slovak, Czech). Each case names the field (as its Swift path, such as `backwardOffset`) and the
/// values a user needs to correct it.
public enum RecorderConfigurationProblem: Sendable, Hashable {
    /// A whole number outside `allowed`.
    case integerOutOfRange(field: String, value: Int, allowed: ClosedRange<Int>)
    /// A length in seconds that is not a finite number within `allowed`.
    case secondsOutOfRange(field: String, seconds: Double, allowed: ClosedRange<Double>)
    /// A length in seconds that is not a finite number above 0 and at most `limit`.
    case secondsNotWithin(field: String, seconds: Double, limit: Double)
    /// A length in seconds that is not a finite number of 0 or more.
    case secondsNegative(field: String, seconds: Double)
    /// A fraction that is not above 0 and below 1 (or up to 1, when `includesOne`).
    case fractionOutOfRange(field: String, value: Double, includesOne: Bool)
    /// `maximumClipDuration` is shorter than the two windows around an event together.
    case clipShorterThanWindows(maximumClipDuration: Double, backwardOffset: Double, forwardOffset: Double)
    /// A frame size with a side outside 16…8192 pixels.
    case frameSizeOutOfRange(field: String, size: FrameSize)
    /// A frame size with an odd side, which 4:2:0 video cannot have.
    case oddFrameSize(field: String, size: FrameSize)
    /// A directory given as a URL that is not a file URL.
    case notAFileURL(field: String)
    /// A directory that is the buffer directory, which is emptied on start.
    case sameAsBufferDirectory(field: String)
    /// A number of bytes that is 0 or less.
    case bytesNotPositive(field: String, bytes: Int64)
    /// A number of bytes below 0.
    case bytesNegative(field: String, bytes: Int64)
    /// A number of clips to keep below 0.
    case clipCountNegative(field: String, count: Int)
    /// Continuous recording was asked for while ``RecorderConfiguration/continuousRecording`` is off.
    case continuousRecordingOff
    /// The export filter could not be made: the registry's error.
    case exportFilter(FilterError)
    /// The export filter's factory failed; its error's words, shown as a technical detail.
    case exportFilterFailed(String)
    /// FFmpeg's V4L2 input has no name for the pixel format.
    case noInputFormat(CaptureFormat.PixelFormat)
    /// The device did not report the pixel format.
    case pixelFormatNotOffered(device: String, pixelFormat: CaptureFormat.PixelFormat)
    /// The device did not report the frame size (in the pixel format, when one was asked for).
    case sizeNotOffered(device: String, size: FrameSize, pixelFormat: CaptureFormat.PixelFormat?)
    /// The device did not report the frame rate at the size and format asked for.
    case frameRateNotOffered(device: String, frameRate: FrameRate)
}

extension RecorderConfigurationProblem: LocalizedReason {
    /// RecorderKit's table.
    public static var messageTable: MessageTable { .recorderKit }

    /// The reason in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .integerOutOfRange(let field, let value, let allowed):
            return text(
                "integerOutOfRange", locale: locale,
                [
                    "field": field, "value": String(value), "lower": String(allowed.lowerBound),
                    "upper": String(allowed.upperBound),
                ])
        case .secondsOutOfRange(let field, let seconds, let allowed):
            return text(
                "secondsOutOfRange", locale: locale,
                [
                    "field": field, "value": "\(seconds)", "lower": MessageTable.number(allowed.lowerBound),
                    "upper": MessageTable.number(allowed.upperBound),
                ])
        case .secondsNotWithin(let field, let seconds, let limit):
            return text(
                "secondsNotWithin", locale: locale,
                ["field": field, "value": "\(seconds)", "limit": MessageTable.number(limit)])
        case .secondsNegative(let field, let seconds):
            return text("secondsNegative", locale: locale, ["field": field, "value": "\(seconds)"])
        case .fractionOutOfRange(let field, let value, let includesOne):
            return text(
                includesOne ? "fractionUpToOne" : "fractionBelowOne", locale: locale,
                ["field": field, "value": "\(value)"])
        case .clipShorterThanWindows(let maximum, let backward, let forward):
            return text(
                "clipShorterThanWindows", locale: locale,
                ["maximum": "\(maximum)", "backward": "\(backward)", "forward": "\(forward)"])
        case .frameSizeOutOfRange(let field, let size):
            return text("frameSizeOutOfRange", locale: locale, ["field": field, "size": "\(size)"])
        case .oddFrameSize(let field, let size):
            return text("oddFrameSize", locale: locale, ["field": field, "size": "\(size)"])
        case .notAFileURL(let field): return text("notAFileURL", locale: locale, ["field": field])
        case .sameAsBufferDirectory(let field): return text("sameAsBufferDirectory", locale: locale, ["field": field])
        case .bytesNotPositive(let field, let bytes):
            return text("bytesNotPositive", locale: locale, ["field": field, "value": String(bytes)])
        case .bytesNegative(let field, let bytes):
            return text("bytesNegative", locale: locale, ["field": field, "value": String(bytes)])
        case .clipCountNegative(let field, let count):
            return text("clipCountNegative", locale: locale, ["field": field, "value": String(count)])
        case .continuousRecordingOff: return text("continuousRecordingOff", locale: locale)
        case .exportFilter(let error):
            return text("exportFilter", locale: locale, ["error": error.localizedDescription(for: locale)])
        case .exportFilterFailed(let detail):
            return text("exportFilterFailed", locale: locale, detail: detail)
        case .noInputFormat(let format): return text("noInputFormat", locale: locale, ["format": "\(format)"])
        case .pixelFormatNotOffered(let device, let format):
            return text("pixelFormatNotOffered", locale: locale, ["device": device, "format": "\(format)"])
        case .sizeNotOffered(let device, let size, nil):
            return text("sizeNotOffered", locale: locale, ["device": device, "size": "\(size)"])
        case .sizeNotOffered(let device, let size, let format?):
            return text(
                "sizeNotOfferedIn", locale: locale, ["device": device, "size": "\(size)", "format": "\(format)"])
        case .frameRateNotOffered(let device, let frameRate):
            return text("frameRateNotOffered", locale: locale, ["device": device, "rate": "\(frameRate)"])
        }
    }
}
