import Foundation
import Imaging

/// Why a frame source refused its parameters: the reason inside
/// ``FrameSourceError/invalidParameters(_:)``, in words RecorderKit translates (English, Slovak,
/// Czech). Each names the parameter (as the API spells it, `reconnect.multiplier` for a field of a
/// field), the value given and the values allowed.
public enum FrameSourceParameterProblem: Sendable, Hashable {
    /// The source URL is empty.
    case emptyURL
    /// The source URL holds a NUL character, which FFmpeg would cut it at.
    case urlWithNULCharacter
    /// A duration in seconds is not finite or outside `allowed`.
    case secondsOutOfRange(parameter: String, seconds: Double, allowed: ClosedRange<Double>)
    /// A number (a frame rate, a multiplier) is not finite or outside `allowed`.
    case numberOutOfRange(parameter: String, value: Double, allowed: ClosedRange<Double>)
    /// A frame size whose width or height is outside the sides of `minimum`…`maximum`.
    case frameSizeOutOfRange(parameter: String, size: FrameSize, minimum: FrameSize, maximum: FrameSize)
    /// A whole number below `minimum`.
    case integerBelowMinimum(parameter: String, value: Int, minimum: Int)
    /// A number that must be finite is NaN or infinite.
    case notFinite(parameter: String, value: Double)
}

extension FrameSourceParameterProblem: LocalizedReason {
    /// RecorderKit's table.
    public static var messageTable: MessageTable { .recorderKit }

    /// The reason in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .emptyURL: return text("emptyURL", locale: locale)
        case .urlWithNULCharacter: return text("urlWithNULCharacter", locale: locale)
        case .secondsOutOfRange(let parameter, let seconds, let allowed):
            return text("secondsOutOfRange", locale: locale, Self.range(parameter, "\(seconds)", allowed))
        case .numberOutOfRange(let parameter, let value, let allowed):
            return text("numberOutOfRange", locale: locale, Self.range(parameter, "\(value)", allowed))
        case .frameSizeOutOfRange(let parameter, let size, let minimum, let maximum):
            return text(
                "frameSizeOutOfRange", locale: locale,
                ["parameter": parameter, "size": "\(size)", "minimum": "\(minimum)", "maximum": "\(maximum)"])
        case .integerBelowMinimum(let parameter, let value, let minimum):
            return text(
                "integerBelowMinimum", locale: locale,
                ["parameter": parameter, "value": String(value), "minimum": String(minimum)])
        case .notFinite(let parameter, let value):
            return text("notFinite", locale: locale, ["parameter": parameter, "value": "\(value)"])
        }
    }

    private static func range(_ parameter: String, _ value: String, _ allowed: ClosedRange<Double>) -> [String: String]
    {
        [
            "parameter": parameter, "value": value, "lower": MessageTable.number(allowed.lowerBound),
            "upper": MessageTable.number(allowed.upperBound),
        ]
    }
}

extension FrameSourceError {
    /// Throws ``FrameSourceParameterProblem/secondsOutOfRange(parameter:seconds:allowed:)`` unless
    /// `seconds` is finite and within `allowed`.
    static func check(seconds: Double, of parameter: String, within allowed: ClosedRange<Double>) throws(Self) {
        guard seconds.isFinite, allowed.contains(seconds) else {
            throw .invalidParameters(.secondsOutOfRange(parameter: parameter, seconds: seconds, allowed: allowed))
        }
    }

    /// Throws ``FrameSourceParameterProblem/numberOutOfRange(parameter:value:allowed:)`` unless
    /// `frameRate` is a rate every frame source takes: 1…240 frames per second.
    static func check(frameRate: Double) throws(Self) {
        try check(number: frameRate, of: "frameRate", within: 1...240)
    }

    /// Throws ``FrameSourceParameterProblem/numberOutOfRange(parameter:value:allowed:)`` unless
    /// `value` is finite and within `allowed`.
    static func check(number value: Double, of parameter: String, within allowed: ClosedRange<Double>) throws(Self) {
        guard value.isFinite, allowed.contains(value) else {
            throw .invalidParameters(.numberOutOfRange(parameter: parameter, value: value, allowed: allowed))
        }
    }
}
