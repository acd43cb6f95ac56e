import Foundation

/// Why a file of remembered camera choices is damaged: the reason inside
/// ``CameraChoiceStoreError/damaged(path:reason:)``, in words CaptureDevices translates (English,
/// Slovak, Czech). What the JSON parser said is kept as it was, as a detail.
public enum CameraChoicesProblem: Sendable, Hashable {
    /// The file is larger than ``FileCameraChoiceStore/maximumFileSize`` (`limit`) bytes.
    case tooLarge(limit: Int)
    /// The bytes are not JSON; the parser's words.
    case notJSON(String)
    /// A field is refused; `field` is its path, such as `lastUsed.back`.
    case invalidField(field: String, reason: JSONFieldProblem)
}

extension CameraChoicesProblem: LocalizedReason {
    /// CaptureDevices' table.
    public static var messageTable: MessageTable { .captureDevices }

    /// The reason in the language of `locale` (English, Slovak or Czech; English otherwise); the
    /// parser's words follow as a marked detail.
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .tooLarge(let limit): return text("tooLarge", locale: locale, ["limit": String(limit)])
        case .notJSON(let detail): return text("notJSON", locale: locale, detail: detail)
        case .invalidField(let field, let reason):
            return text(
                "invalidField", locale: locale, ["field": field, "reason": reason.localizedDescription(for: locale)])
        }
    }
}
