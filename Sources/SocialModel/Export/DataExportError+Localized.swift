import Foundation

extension DataExportError: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        let key: String
        switch self {
        case .inProgress: key = "inProgress"
        case .busy: key = "busy"
        case .notFound: key = "notFound"
        case .notReady: key = "notReady"
        case .gone(.downloaded): key = "downloaded"
        case .gone(.expired): key = "expired"
        case .gone: key = "failed"
        case .account(let error): return error.localizedDescription(for: locale)
        case .storage: key = "storage"
        }
        return MessageTable.socialModel.text("DataExportError.\(key)", locale: locale, [:])
    }
}
