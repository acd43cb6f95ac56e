import Foundation

/// Why a field of a JSON file CaptureDevices reads (a device mapping, the remembered camera
/// choices) is refused: the reason inside ``DeviceMappingError/invalidField(field:reason:)``, in
/// words CaptureDevices translates (English, Slovak, Czech). What the decoder said is kept as it
/// was, as a detail.
public enum JSONFieldProblem: Sendable, Hashable {
    /// The kind of value a field holds, as a message names it.
    public enum ValueKind: String, Sendable, Hashable {
        /// A string.
        case string
        /// A number.
        case number
        /// A list (a JSON array).
        case list
        /// An object.
        case object
    }

    /// The field is missing.
    case missing
    /// The field holds another kind of value than `expected`.
    case wrongKind(expected: ValueKind)
    /// The field is null where a value of `expected` kind is needed.
    case null(expected: ValueKind)
    /// The field's value cannot be read (a number too large for a `Double`, say); the decoder's words.
    case unreadable(String)
    /// The object has a field of this name that the format does not know; `allowed` are the ones it does.
    case unknownField(allowed: [String])
    /// The value is not one of `allowed`.
    case notOneOf(value: String, allowed: [String])
    /// The file's format version is not `supported`.
    case unsupportedVersion(Int, supported: Int)
    /// An entry gives none of `identifier`, `path` and `name`.
    case noMatch
    /// An entry gives more than one of `identifier`, `path` and `name` (these).
    case moreThanOneMatch([String])
    /// An entry gives both `focalLength` and `fieldOfView`.
    case focalLengthAndFieldOfView
    /// A diagonal field of view (degrees) outside 0…180.
    case fieldOfViewOutOfRange(Double)
    /// A number that is not finite and above 0.
    case notPositive(Double)
    /// A range whose minimum is above its maximum.
    case minimumAboveMaximum(minimum: Double, maximum: Double)
    /// A text that must not be empty is empty.
    case empty
    /// The value is mapped already, by the entry `devices[index]`.
    case alreadyMapped(value: String, index: Int)
}

extension JSONFieldProblem: LocalizedReason {
    /// CaptureDevices' table.
    public static var messageTable: MessageTable { .captureDevices }

    /// The reason in the language of `locale` (English, Slovak or Czech; English otherwise); the
    /// decoder's words follow as a marked detail.
    public func localizedDescription(for locale: Locale = .current) -> String {
        func kind(_ value: ValueKind) -> String {
            text("kind.\(value.rawValue)", locale: locale)
        }
        func list(_ names: [String]) -> String { names.joined(separator: ", ") }
        switch self {
        case .missing: return text("missing", locale: locale)
        case .wrongKind(let expected): return text("wrongKind", locale: locale, ["kind": kind(expected)])
        case .null(let expected): return text("null", locale: locale, ["kind": kind(expected)])
        case .unreadable(let detail): return text("unreadable", locale: locale, detail: detail)
        case .unknownField(let allowed): return text("unknownField", locale: locale, ["allowed": list(allowed)])
        case .notOneOf(let value, let allowed):
            return text("notOneOf", locale: locale, ["value": value, "allowed": list(allowed)])
        case .unsupportedVersion(let version, let supported):
            return text(
                "unsupportedVersion", locale: locale, ["version": String(version), "supported": String(supported)])
        case .noMatch: return text("noMatch", locale: locale)
        case .moreThanOneMatch(let given): return text("moreThanOneMatch", locale: locale, ["given": list(given)])
        case .focalLengthAndFieldOfView: return text("focalLengthAndFieldOfView", locale: locale)
        case .fieldOfViewOutOfRange(let degrees):
            return text("fieldOfViewOutOfRange", locale: locale, ["degrees": "\(degrees)"])
        case .notPositive(let value): return text("notPositive", locale: locale, ["value": "\(value)"])
        case .minimumAboveMaximum(let minimum, let maximum):
            return text("minimumAboveMaximum", locale: locale, ["minimum": "\(minimum)", "maximum": "\(maximum)"])
        case .empty: return text("empty", locale: locale)
        case .alreadyMapped(let value, let index):
            return text("alreadyMapped", locale: locale, ["value": value, "index": String(index)])
        }
    }
}
